import { useBridges, useCommunitySummary } from '../api/get-communities';

/** Communities listed at most, and members named per community. */
const COMMUNITIES_SHOWN = 8;
const MEMBERS_SHOWN = 6;
const BRIDGES_SHOWN = 10;

interface CommunitiesPanelProps {
  onOpenCreator: (id: number) => void;
}

/**
 * The leaderboard's "Communities" and "Bridges", from the API's analysis of the whole
 * collaboration network; each with a one-line explanation. Hidden when nobody has collaborated.
 */
export function CommunitiesPanel({ onOpenCreator }: CommunitiesPanelProps) {
  // Only what is shown: the largest communities and their first members (the sizes count all).
  const communities = useCommunitySummary(COMMUNITIES_SHOWN, MEMBERS_SHOWN);
  const bridges = useBridges(BRIDGES_SHOWN);
  const list = communities.data?.communities ?? [];
  const total = communities.data?.total ?? 0;
  if (list.length === 0) return null;
  return (
    <div className="pr-leaderboard__lists pr-insights">
      <section className="pr-board" aria-labelledby="pr-communities-title">
        <h3 id="pr-communities-title" className="pr-board__title">
          Communities
        </h3>
        <p className="pr-section__hint">
          Circles of creators who mostly make videos with each other, named after their most connected
          members.
        </p>
        <ol className="pr-communities">
          {list.map((community) => (
            <li key={community.id} className="pr-community">
              <div className="pr-community__body">
                <span className="pr-community__label">
                  {community.label}
                  <span className="pr-board__count">
                    {' '}
                    · {community.size} {community.size === 1 ? 'creator' : 'creators'}
                  </span>
                </span>
                <ul className="pr-chips" aria-label={`Members of ${community.label}`}>
                  {community.members.map((member) => (
                    <li key={member.id}>
                      <button
                        type="button"
                        className="pr-chip pr-chip--button"
                        onClick={() => onOpenCreator(member.id)}
                      >
                        {member.name}
                      </button>
                    </li>
                  ))}
                  {community.size > community.members.length && (
                    <li className="pr-chip">and {community.size - community.members.length} more</li>
                  )}
                </ul>
              </div>
            </li>
          ))}
        </ol>
        {total > list.length && (
          <p className="pr-board__count">and {total - list.length} smaller communities</p>
        )}
      </section>
      <section className="pr-board" aria-labelledby="pr-bridges-title">
        <h3 id="pr-bridges-title" className="pr-board__title">
          Bridges
        </h3>
        <p className="pr-section__hint">
          Creators who connect otherwise separate circles: the most shortest chains of collaborations pass
          through them.
        </p>
        <div className="pr-board__list">
          {(bridges.data ?? []).map((bridge, index) => (
            <button
              key={bridge.id}
              type="button"
              className="pr-board__row"
              onClick={() => onOpenCreator(bridge.id)}
            >
              <span className="pr-rank">#{index + 1}</span>
              <span className="pr-board__name">{bridge.name}</span>
              <span className="pr-board__count">{(bridge.score * 100).toFixed(1)}% of chains</span>
            </button>
          ))}
        </div>
      </section>
    </div>
  );
}
