interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  /** Cover the whole window (the first data load) instead of the content area. */
  fullScreen?: boolean;
}

export function Spinner({ label = 'Loading', fullScreen = false }: SpinnerProps) {
  return (
    <div className={fullScreen ? 'fullscreen-loader' : 'view-loader'} role="status" aria-label={label}>
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
