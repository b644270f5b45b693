/** A labelled progress bar with 'current/total' beside it (bulk import, rescan). */
export function ProgressBar({ label, current, total }: { label: string; current: number; total: number }) {
  return (
    <div className="yt-progress">
      <progress aria-label={`${label} progress`} value={current} max={Math.max(total, 1)} />
      <span role="status">
        {label} {current}/{total}
      </span>
    </div>
  );
}
