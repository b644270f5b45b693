import type { ReactNode } from 'react';
import './admin.css';

/**
 * The buttons at the end of a catalogue row (a creator, a video): the row's own first (`children`),
 * then History, Edit and Delete.
 */
export function RowActions({
  name,
  onHistory,
  onEdit,
  onDelete,
  children,
}: {
  /** The row's name, which tells the History buttons of a list apart. */
  name: string;
  onHistory: () => void;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="admin-actions">
      {children}
      <button type="button" className="admin-button" aria-label={`History of ${name}`} onClick={onHistory}>
        History
      </button>
      <button type="button" className="admin-button" onClick={onEdit}>
        Edit
      </button>
      <button type="button" className="admin-button admin-button--danger" onClick={onDelete}>
        Delete
      </button>
    </div>
  );
}
