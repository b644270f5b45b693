import type { ReactNode } from 'react';
import type { Selection } from '../hooks/use-selection';
import './admin.css';

/**
 * Above a list of rows to tick: how many are selected, Select All (and Select None where a list
 * offers it), then the screen's own actions on the selection.
 */
export function SelectionToolbar({
  count,
  of,
  note = '',
  busy,
  onSelectAll,
  onSelectNone,
  className,
  children,
}: {
  count: number;
  of: number;
  /** Said after the count, e.g. ' (the first 500 videos)'. */
  note?: string;
  busy: boolean;
  onSelectAll: () => void;
  onSelectNone?: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`admin-actions${className ? ` ${className}` : ''}`}>
      <span role="status">
        {count} of {of} selected
        {note}
      </span>
      <button type="button" className="admin-button" disabled={busy} onClick={onSelectAll}>
        Select All
      </button>
      {onSelectNone ? (
        <button type="button" className="admin-button" disabled={busy} onClick={onSelectNone}>
          Select None
        </button>
      ) : null}
      {children}
    </div>
  );
}

/** One row's tick box, labelled by what the row shows. */
export function SelectCheck<K>({
  selection,
  rowKey,
  busy = false,
  className,
  children,
}: {
  selection: Selection<K>;
  rowKey: K;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={selection.selected.has(rowKey)}
        disabled={busy}
        onChange={(event) => selection.toggle(rowKey, event.target.checked)}
      />
      {children}
    </label>
  );
}
