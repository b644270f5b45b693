import type { CreatorStats as Stats } from '@friends/shared';

const FIGURES: readonly [keyof Stats, string][] = [
  ['totalVideos', 'Total Videos'],
  ['soloVideos', 'Solo Videos'],
  ['collaborations', 'Collaborations'],
  ['collaborators', 'Collaborators'],
];

export function CreatorStats({ stats }: { stats: Stats }) {
  return (
    <dl className="pr-stats">
      {FIGURES.map(([key, label]) => (
        <div className="pr-stats__item" key={key}>
          <dt>{label}</dt>
          <dd>{stats[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
