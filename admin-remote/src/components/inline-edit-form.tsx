import type { FormEvent, ReactNode } from 'react';
import './admin.css';

/**
 * A row's edit form in place of the row (a creator, a video): its fields, then Save, disabled while
 * saving, and Cancel. The form checks the fields itself (`noValidate`) and names what it edits.
 */
export function InlineEditForm({
  label,
  onSubmit,
  saving,
  onCancel,
  children,
}: {
  /** The form's accessible name, e.g. 'Edit video <title>'. */
  label: string;
  onSubmit: (event: FormEvent) => void;
  saving: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form className="admin-form admin-edit" onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
          Save
        </button>
        <button type="button" className="admin-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
