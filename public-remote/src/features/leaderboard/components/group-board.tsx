/**
 * A group's board: the two lists of its members of today (docs/product.md "Groups"), with the
 * Leaderboard's 'Count: Videos | Events' toggle (the page keeps it in the address, `&count=events`).
 */
import { formatDay, type LeaderboardCount } from '@friends/shared';
import { Spinner } from '../../../components/spinner';
import { useGroupLeaderboard } from '../api/get-group-leaderboard';
import { CountSelector } from './count-selector';
import { LeaderboardLists } from './leaderboard-list';

interface GroupBoardProps {
  groupId: number;
  count?: LeaderboardCount;
  onCountChange?: (count: LeaderboardCount) => void;
  onOpen: (creatorId: number) => void;
}

export function GroupBoard({ groupId, count = 'videos', onCountChange, onOpen }: GroupBoardProps) {
  const { data, isPending, isError } = useGroupLeaderboard(groupId, count);
  return (
    <section className="pr-section" aria-labelledby="pr-group-board-title">
      <h3 id="pr-group-board-title" className="pr-section__title">
        Leaderboard of its members
      </h3>
      {onCountChange && (
        <div className="pr-leaderboard__controls">
          <CountSelector value={count} onChange={onCountChange} />
        </div>
      )}
      {isPending ? (
        <Spinner label="Loading the group's leaderboard" />
      ) : isError ? (
        <p className="pr-banner pr-banner--error" role="alert">
          The leaderboard could not be loaded. Please try again later.
        </p>
      ) : data.mostCollaborations.length === 0 && data.mostCollaborators.length === 0 ? (
        <p className="pr-empty">No collaborations of its members of {formatDay(data.asOf)}</p>
      ) : (
        <>
          <p className="pr-section__hint">
            The members of {formatDay(data.asOf)}, ranked by all their collaborations
            {count === 'events' ? ', each collab event counted once' : ''}.
          </p>
          <LeaderboardLists board={data} count={count} onOpen={onOpen} />
        </>
      )}
    </section>
  );
}
