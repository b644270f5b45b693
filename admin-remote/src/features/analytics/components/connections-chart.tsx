/**
 * The ten most connected creators (distinct co-authors) as a horizontal bar chart: HTML rows (so the
 * text keeps its size at any width) with each bar an SVG rect; no chart library, so the admin remote
 * stays small. The API picks and orders them (GET /api/stats `mostConnected`, the leaderboard's order)
 * from every creator, not only the loaded pages; the figures are drawn as text and summarised in the
 * image's label.
 */
import type { LeaderboardEntry } from '@friends/shared';

const MAX_LABEL = 22;

const shorten = (name: string) => (name.length > MAX_LABEL ? `${name.slice(0, MAX_LABEL - 1)}…` : name);

export function ConnectionsChart({ entries }: { entries: readonly LeaderboardEntry[] }) {
  if (entries.length === 0) return <p className="admin-muted">No collaborations yet</p>;
  const max = Math.max(...entries.map((entry) => entry.count));
  const label =
    `Top ${entries.length} most connected creators by unique collaborators: ` +
    entries.map((entry) => `${entry.name} ${entry.count}`).join(', ');

  return (
    <div className="admin-chart" role="img" aria-label={label}>
      {entries.map((entry) => (
        <div key={entry.id} className="admin-chart__row">
          <span className="admin-chart__label" title={entry.name}>
            {shorten(entry.name)}
          </span>
          <span className="admin-chart__track">
            <svg
              className="admin-chart__bar"
              style={{ width: `${(entry.count / max) * 100}%` }}
              aria-hidden="true"
              focusable="false"
            >
              <rect width="100%" height="100%" rx="3" />
            </svg>
            <span className="admin-chart__value">{entry.count}</span>
          </span>
        </div>
      ))}
    </div>
  );
}
