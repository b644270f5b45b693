/**
 * docs/product.md §2 leaderboard: the two top-10 lists the API computes; rows open the creator page.
 * A period selector switches to the lists of the last 7, 30 or 365 days, each row showing
 * how it moved since the period before, plus the pairs new in the period. 'Count: Videos | Events'
 * counts each collab event once instead of every upload (docs/product.md "Counting by event"); both
 * choices live in the address through the host (`&period=`, `&count=events`).
 */
import { useMemo } from 'react';
import {
  competitionRanks,
  LEADERBOARD_EXPORT_COLUMNS,
  PERIOD_LABELS,
  type Leaderboard,
  type LeaderboardCount,
  type LeaderboardPeriod,
  type LeaderboardExportRow,
  type NavigateParams,
  type RemoteViewProps,
} from '@friends/shared';
import { ExportButtons } from '../../../components/export-buttons';
import { Spinner } from '../../../components/spinner';
import { useLeaderboard } from '../api/get-leaderboard';
import { usePeriodLeaderboard } from '../api/get-period-leaderboard';
import { CountSelector } from './count-selector';
import { LeaderboardLists } from './leaderboard-list';
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
  const count: LeaderboardCount = params.count ?? 'videos';
  const allTime = useLeaderboard(count);
  const dated = usePeriodLeaderboard(period === 'all' ? null : period, count);
  const { data, isPending, isError } = period === 'all' ? allTime : dated;
  const open = (creatorId: number) => navigate('author-page', { creatorId });
  const show = (nextPeriod: LeaderboardPeriod, nextCount: LeaderboardCount) => {
    const next: NavigateParams = {};
    if (nextPeriod !== 'all') next.period = nextPeriod;
    if (nextCount === 'events') next.count = nextCount;
    navigate('leaderboard', next);
  };
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
      <div className="pr-leaderboard__controls">
        <PeriodSelector value={period} onChange={(next) => show(next, count)} />
        <CountSelector value={count} onChange={(next) => show(period, next)} />
      </div>
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
        <LeaderboardLists board={data} count={count} onOpen={open}>
          {newPairs && (
            <NewPairs pairs={newPairs} onOpenPair={(a, b) => navigate('pair', { pairIds: [a, b] })} />
          )}
        </LeaderboardLists>
      )}
    </section>
  );
}
