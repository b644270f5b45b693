import { queryOptions, useQuery } from '@tanstack/react-query';
import { INSIGHTS_ROUTES, QUERY_KEYS, type DatedPeriod, type PeriodLeaderboard } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/leaderboard?period=: both lists over the period, with previous ranks and new pairs. */
export const getPeriodLeaderboard = (period: DatedPeriod): Promise<PeriodLeaderboard> =>
  api.get<PeriodLeaderboard>(INSIGHTS_ROUTES.leaderboard(period));

export const periodLeaderboardQueryOptions = (period: DatedPeriod) =>
  queryOptions({
    queryKey: QUERY_KEYS.periodLeaderboard(period),
    queryFn: () => getPeriodLeaderboard(period),
  });

export const usePeriodLeaderboard = (period: DatedPeriod | null) =>
  useQuery({ ...periodLeaderboardQueryOptions(period ?? 'week'), enabled: period !== null });
