/** 'Download CSV' / 'Download JSON' for a list the visitor sees, built in the browser. */
import { exportFileName, toCsv, toExportJson, type ExportColumn } from '@friends/shared';
import { downloadText } from '../lib/download';

interface ExportButtonsProps<T> {
  /** Names the files and the buttons' accessible names ('Download Search Results as CSV'). */
  title: string;
  /** The rows, or how to fetch them when the screen holds only a page of them. */
  rows: readonly T[] | (() => Promise<readonly T[]>);
  columns: readonly ExportColumn<T>[];
}

export function ExportButtons<T>({ title, rows, columns }: ExportButtonsProps<T>) {
  const all = async () => (typeof rows === 'function' ? rows() : rows);
  // A UTF-8 byte order mark so spreadsheet programs read non-ASCII names correctly.
  const csv = async () =>
    downloadText(
      exportFileName(title, 'csv'),
      `\uFEFF${toCsv(await all(), columns)}`,
      'text/csv;charset=utf-8',
    );
  const json = async () =>
    downloadText(
      exportFileName(title, 'json'),
      toExportJson(await all(), columns),
      'application/json;charset=utf-8',
    );
  return (
    <div className="pr-export" role="group" aria-label={`Export ${title}`}>
      <button
        type="button"
        className="pr-button pr-button--small"
        onClick={() => void csv()}
        aria-label={`Download ${title} as CSV`}
      >
        CSV
      </button>
      <button
        type="button"
        className="pr-button pr-button--small"
        onClick={() => void json()}
        aria-label={`Download ${title} as JSON`}
      >
        JSON
      </button>
    </div>
  );
}
