/**
 * The ten most connected creators (distinct co-authors) as a horizontal bar chart in plain SVG: no
 * chart library, so the admin remote stays small. The order is the leaderboard's (shared
 * compareLeaderboardEntries); the figures are drawn as text and summarised in the image's label.
 */
import { LEADERBOARD_SIZE, compareLeaderboardEntries, type CreatorAnalytics } from '@friends/shared';

const ROW = 30;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 44;
const WIDTH = 640;
const BAR_WIDTH = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
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
  const height = entries.length * ROW;
  const label =
    `Top ${entries.length} most connected creators by unique collaborators: ` +
    entries.map((entry) => `${entry.name} ${entry.count}`).join(', ');

  return (
    <svg
      className="admin-chart"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      preserveAspectRatio="xMinYMin meet"
    >
      {entries.map((entry, index) => {
        const y = index * ROW;
        const width = Math.max(2, (entry.count / max) * BAR_WIDTH);
        return (
          <g key={entry.id} className="admin-chart__row">
            <text
              x={LABEL_WIDTH - 8}
              y={y + ROW / 2}
              textAnchor="end"
              dominantBaseline="middle"
              className="admin-chart__label"
            >
              {shorten(entry.name)}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + 5}
              width={width}
              height={ROW - 10}
              rx={3}
              className="admin-chart__bar"
            />
            <text
              x={LABEL_WIDTH + width + 6}
              y={y + ROW / 2}
              dominantBaseline="middle"
              className="admin-chart__value"
            >
              {entry.count}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
