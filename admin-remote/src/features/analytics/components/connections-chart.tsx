/**
 * The ten most connected creators (distinct co-authors) as a horizontal bar chart: HTML rows (so the
 * text keeps its size at any width) with each bar an SVG rect; no chart library, so the admin remote
 * stays small. The order is the leaderboard's (shared
 * compareLeaderboardEntries); the figures are drawn as text and summarised in the image's label.
 */
import { LEADERBOARD_SIZE, compareLeaderboardEntries, type CreatorAnalytics } from '@friends/shared';

const MAX_LABEL = 22;

export function topConnected(creators: readonly CreatorAnalytics[], size = LEADERBOARD_SIZE) {
  return creators
    .map((creator) => ({ id: creator.id, name: creator.name, count: creator.stats.collaborators }))
    .filter((entry) => entry.count > 0)
    .sort(compareLeaderboardEntries)
    .slice(0, size);
}

const shorten = (name: string) => (name.length > MAX_LABEL ? `${name.slice(0, MAX_LABEL - 1)}…` : name);

export function ConnectionsChart({ creators }: { creators: readonly CreatorAnalytics[] }) {
  const entries = topConnected(creators);
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
