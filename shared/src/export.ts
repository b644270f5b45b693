/**
 * Export for visitors: the lists a visitor sees, as CSV (RFC 4180) or JSON. Pure, so the
 * browser builds the file from data it already holds and the tests pin the escaping.
 */
import { otherNameText } from './other-names';
import type { CreatorListItem, LeaderboardEntry, Video } from './types';

export type ExportCell = string | number | boolean | null | undefined;

/** One column: its header and how a row gives its cell. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => ExportCell;
}

/** Characters a spreadsheet reads as the start of a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: text that could start a formula is prefixed with a quote (so '=HYPERLINK(…)' stays
 * text), and a cell holding a comma, quote or line break is quoted with its quotes doubled.
 */
export function csvCell(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line and one line per row, CRLF-separated as RFC 4180 writes it. */
export function toCsv<T>(rows: readonly T[], columns: readonly ExportColumn<T>[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The same rows as JSON objects keyed by the column headers. */
export function toExportJson<T>(rows: readonly T[], columns: readonly ExportColumn<T>[]): string {
  const objects = rows.map((row) =>
    Object.fromEntries(columns.map((column) => [column.header, column.value(row) ?? null])),
  );
  return `${JSON.stringify(objects, null, 2)}\n`;
}

/** A file name from a title: lower case, letters and digits joined by dashes. */
export function exportFileName(title: string, extension: 'csv' | 'json'): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'export';
  return `${base}.${extension}`;
}

export const CREATOR_EXPORT_COLUMNS: readonly ExportColumn<CreatorListItem>[] = [
  { header: 'id', value: (creator) => creator.id },
  { header: 'name', value: (creator) => creator.name },
  { header: 'channel', value: (creator) => creator.channel },
  { header: 'videos', value: (creator) => creator.videoCount },
  { header: 'collaborations', value: (creator) => creator.collabCount },
  { header: 'links', value: (creator) => creator.socialLinks.map((link) => link.url).join(' ') },
  { header: 'other_names', value: (creator) => creator.otherNames.map(otherNameText).join('; ') },
];

export const VIDEO_EXPORT_COLUMNS: readonly ExportColumn<Video>[] = [
  { header: 'id', value: (video) => video.id },
  { header: 'title', value: (video) => video.title },
  { header: 'url', value: (video) => video.url },
  { header: 'date', value: (video) => video.date },
  { header: 'authors', value: (video) => video.authors.map((author) => author.name).join('; ') },
];

/** A leaderboard row with the list it belongs to and its rank in that list. */
export interface LeaderboardExportRow extends LeaderboardEntry {
  list: string;
  rank: number;
}

export const LEADERBOARD_EXPORT_COLUMNS: readonly ExportColumn<LeaderboardExportRow>[] = [
  { header: 'list', value: (row) => row.list },
  { header: 'rank', value: (row) => row.rank },
  { header: 'id', value: (row) => row.id },
  { header: 'name', value: (row) => row.name },
  { header: 'count', value: (row) => row.count },
];
