/** A group's board: the two lists of its members of today (docs/product.md "Groups"). */
import { formatDay } from '@friends/shared';
import { Spinner } from '../../../components/spinner';
import { useGroupLeaderboard } from '../api/get-group-leaderboard';
import { LeaderboardList } from './leaderboard-list';

export function GroupBoard({ groupId, onOpen }: { groupId: number; onOpen: (creatorId: number) => void }) {
  const { data, isPending, isError } = useGroupLeaderboard(groupId);
  return (
    <section className="pr-section" aria-labelledby="pr-group-board-title">
      <h3 id="pr-group-board-title" className="pr-section__title">
        Leaderboard of its members
      </h3>
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
            The members of {formatDay(data.asOf)}, ranked by all their collaborations.
          </p>
          <div className="pr-leaderboard__lists">
            <LeaderboardList
              title="Most Collaborations"
              unit="collab"
              entries={data.mostCollaborations}
              onOpen={onOpen}
            />
            <LeaderboardList
              title="Most Collaborators"
              unit="person"
              entries={data.mostCollaborators}
              onOpen={onOpen}
            />
          </div>
        </>
      )}
    </section>
  );
}
