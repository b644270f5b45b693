/** The end of a group form: its submit button, Cancel when it edits in place, and the server's refusal. */
export function FormFooter({
  submitLabel,
  disabled,
  onCancel,
  error,
}: {
  submitLabel: string;
  disabled: boolean;
  onCancel?: () => void;
  error: string | null;
}) {
  return (
    <>
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={disabled}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="admin-button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="admin-groups__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
