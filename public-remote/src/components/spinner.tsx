export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="pr-loader" role="status" aria-label={label}>
      <span className="pr-spinner" aria-hidden="true" />
    </div>
  );
}
