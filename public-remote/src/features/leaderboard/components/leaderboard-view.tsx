/**
 * docs/product.md §2 leaderboard: the two top-10 lists the API computes; rows open the creator page.
 * A period selector switches to the lists of the last 7, 30 or 365 days, each row showing
 * how it moved since the period before, plus the pairs new in the period.
 */
import { useMemo } from 'react';
import {
  competitionRanks,
  LEADERBOARD_EXPORT_COLUMNS,
  PERIOD_LABELS,
  type Leaderboard,
  type LeaderboardPeriod,
  type LeaderboardExportRow,
  type RemoteViewProps,
} from '@friends/shared';
import { ExportButtons } from '../../../components/export-buttons';
import { Spinner } from '../../../components/spinner';
import { useLeaderboard } from '../api/get-leaderboard';
import { usePeriodLeaderboard } from '../api/get-period-leaderboard';
import { LeaderboardList } from './leaderboard-list';
import { NewPairs } from './new-pairs';
import { PeriodSelector } from './period-selector';

/** Both lists as one table for export: list name and rank with each row. */
function exportRows(
  data: Pick<Leaderboard, 'mostCollaborations' | 'mostCollaborators'> | undefined,
): LeaderboardExportRow[] {
  if (!data) return [];
  const rows = (list: string, entries: Leaderboard['mostCollaborations']) => {
    const ranks = competitionRanks(entries.map((entry) => entry.count));
    return entries.map((entry, index) => ({ ...entry, list, rank: ranks[index] ?? index + 1 }));
  };
  return [
    ...rows('Most Collaborations', data.mostCollaborations),
    ...rows('Most Collaborators', data.mostCollaborators),
  ];
}

export function LeaderboardView({ navigate, params }: RemoteViewProps) {
  const period: LeaderboardPeriod = params.period ?? 'all';
  const allTime = useLeaderboard();
  const dated = usePeriodLeaderboard(period === 'all' ? null : period);
  const { data, isPending, isError } = period === 'all' ? allTime : dated;
  const open = (creatorId: number) => navigate('author-page', { creatorId });
  const choose = (next: LeaderboardPeriod) => navigate('leaderboard', next === 'all' ? {} : { period: next });
  const newPairs = period === 'all' ? null : (dated.data?.newPairs ?? null);
  const empty =
    !data ||
    (data.mostCollaborations.length === 0 && data.mostCollaborators.length === 0 && !newPairs?.length);
  const rows = useMemo(() => exportRows(data), [data]);

  return (
    <section className="pr-leaderboard">
      <div className="pr-section__head">
        <h2 className="pr-heading">Collaboration Leaderboard</h2>
        {!empty && <ExportButtons title="Leaderboard" rows={rows} columns={LEADERBOARD_EXPORT_COLUMNS} />}
      </div>
      <PeriodSelector value={period} onChange={choose} />
      {isPending ? (
        <Spinner label="Loading leaderboard" />
      ) : isError ? (
        <p className="pr-banner pr-banner--error" role="alert">
          The leaderboard could not be loaded. Please try again later.
        </p>
      ) : empty ? (
        <p className="pr-empty">
          {period === 'all'
            ? 'No collaborations yet'
            : `No collaborations in this period (${PERIOD_LABELS[period]})`}
        </p>
      ) : (
        <div className="pr-leaderboard__lists">
          <LeaderboardList
            title="Most Collaborations"
            unit="collab"
            entries={data.mostCollaborations}
            onOpen={open}
          />
          <LeaderboardList
            title="Most Collaborators"
            unit="person"
            entries={data.mostCollaborators}
            onOpen={open}
          />
          {newPairs && (
            <NewPairs pairs={newPairs} onOpenPair={(a, b) => navigate('pair', { pairIds: [a, b] })} />
          )}
        </div>
      )}
    </section>
  );
}
