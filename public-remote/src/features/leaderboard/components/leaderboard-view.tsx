/** SPEC.md §2 leaderboard: the two top-10 lists the API computes; rows open the creator page. */
import type { RemoteViewProps } from '@friends/shared';
import { Spinner } from '../../../components/spinner';
import { useLeaderboard } from '../api/get-leaderboard';
import { LeaderboardList } from './leaderboard-list';

export function LeaderboardView({ navigate }: RemoteViewProps) {
  const { data, isPending, isError } = useLeaderboard();
  const open = (creatorId: number) => navigate('author-page', { creatorId });
  const empty = !data || (data.mostCollaborations.length === 0 && data.mostCollaborators.length === 0);

  return (
    <section className="pr-leaderboard">
      <h2 className="pr-heading">Collaboration Leaderboard</h2>
      {isPending ? (
        <Spinner label="Loading leaderboard" />
      ) : isError ? (
        <p className="pr-banner pr-banner--error" role="alert">
          The leaderboard could not be loaded. Please try again later.
        </p>
      ) : empty ? (
        <p className="pr-empty">No collaborations yet</p>
      ) : (
        <div className="pr-leaderboard__lists">
          <LeaderboardList
            title="Most Collaborations"
            unit="collabs"
            entries={data.mostCollaborations}
            onOpen={open}
          />
          <LeaderboardList
            title="Most Collaborators"
            unit="people"
            entries={data.mostCollaborators}
            onOpen={open}
          />
        </div>
      )}
    </section>
  );
}
