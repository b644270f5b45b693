import { collaborationsInEvents, type CreatorStats as Stats } from '@friends/shared';

const FIGURES: readonly [keyof Stats, string][] = [
  ['totalVideos', 'Total Videos'],
  ['soloVideos', 'Solo Videos'],
  ['collaborations', 'Collaborations'],
  ['collaborators', 'Collaborators'],
];

/**
 * The four figures; under them '5 collaborations in 3 events' when some collaborations were uploads of
 * one collab event (docs/product.md "Counting by event").
 */
export function CreatorStats({ stats, collaborationEvents }: { stats: Stats; collaborationEvents?: number }) {
  const inEvents =
    collaborationEvents === undefined
      ? null
      : collaborationsInEvents(stats.collaborations, collaborationEvents);
  return (
    <>
      <dl className="pr-stats">
        {FIGURES.map(([key, label]) => (
          <div className="pr-stats__item" key={key}>
            <dt>{label}</dt>
            <dd>{stats[key]}</dd>
          </div>
        ))}
      </dl>
      {inEvents && <p className="pr-stats__events">{inEvents}</p>}
    </>
  );
}
