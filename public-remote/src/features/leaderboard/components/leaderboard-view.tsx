/** SPEC.md §2 leaderboard: the two top-10 lists the API computes; rows open the creator page. */
import { useMemo } from 'react';
import {
  LEADERBOARD_EXPORT_COLUMNS,
  type Leaderboard,
  type LeaderboardExportRow,
  type RemoteViewProps,
} from '@friends/shared';
import { ExportButtons } from '../../../components/export-buttons';
import { Spinner } from '../../../components/spinner';
import { useLeaderboard } from '../api/get-leaderboard';
import { LeaderboardList } from './leaderboard-list';

/** Both lists as one table for export: list name and rank with each row. */
function exportRows(data: Leaderboard | undefined): LeaderboardExportRow[] {
  if (!data) return [];
  const rows = (list: string, entries: Leaderboard['mostCollaborations']) =>
    entries.map((entry, index) => ({ ...entry, list, rank: index + 1 }));
  return [
    ...rows('Most Collaborations', data.mostCollaborations),
    ...rows('Most Collaborators', data.mostCollaborators),
  ];
}

export function LeaderboardView({ navigate }: RemoteViewProps) {
  const { data, isPending, isError } = useLeaderboard();
  const open = (creatorId: number) => navigate('author-page', { creatorId });
  const empty = !data || (data.mostCollaborations.length === 0 && data.mostCollaborators.length === 0);
  const rows = useMemo(() => exportRows(data), [data]);

  return (
    <section className="pr-leaderboard">
      <div className="pr-section__head">
        <h2 className="pr-heading">Collaboration Leaderboard</h2>
        {!empty && <ExportButtons title="Leaderboard" rows={rows} columns={LEADERBOARD_EXPORT_COLUMNS} />}
      </div>
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
