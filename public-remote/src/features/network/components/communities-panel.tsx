import { useBridges, useCommunities } from '../api/get-communities';

/** Communities listed at most, and members named per community. */
const COMMUNITIES_SHOWN = 8;
const MEMBERS_SHOWN = 6;
const BRIDGES_SHOWN = 10;

interface CommunitiesPanelProps {
  onOpenCreator: (id: number) => void;
}

/**
 * The leaderboard's "Communities" and "Bridges" (issue 17), from the API's analysis of the whole
 * collaboration network; each with a one-line explanation. Hidden when nobody has collaborated.
 */
export function CommunitiesPanel({ onOpenCreator }: CommunitiesPanelProps) {
  const communities = useCommunities();
  const bridges = useBridges(BRIDGES_SHOWN);
  const list = communities.data?.communities ?? [];
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
          {list.slice(0, COMMUNITIES_SHOWN).map((community) => (
            <li key={community.id} className="pr-community">
              <div className="pr-community__body">
                <span className="pr-community__label">
                  {community.label}
                  <span className="pr-board__count">
                    {' '}
                    · {community.members.length} {community.members.length === 1 ? 'creator' : 'creators'}
                  </span>
                </span>
                <ul className="pr-chips" aria-label={`Members of ${community.label}`}>
                  {community.members.slice(0, MEMBERS_SHOWN).map((member) => (
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
                  {community.members.length > MEMBERS_SHOWN && (
                    <li className="pr-chip">and {community.members.length - MEMBERS_SHOWN} more</li>
                  )}
                </ul>
              </div>
            </li>
          ))}
        </ol>
        {list.length > COMMUNITIES_SHOWN && (
          <p className="pr-board__count">and {list.length - COMMUNITIES_SHOWN} smaller communities</p>
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
