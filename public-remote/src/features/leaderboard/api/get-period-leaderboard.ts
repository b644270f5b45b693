import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  INSIGHTS_ROUTES,
  QUERY_KEYS,
  type DatedPeriod,
  type LeaderboardCount,
  type PeriodLeaderboard,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/leaderboard?period=: both lists over the period, with previous ranks and new pairs. */
export const getPeriodLeaderboard = (
  period: DatedPeriod,
  count: LeaderboardCount = 'videos',
): Promise<PeriodLeaderboard> => api.get<PeriodLeaderboard>(INSIGHTS_ROUTES.leaderboard(period, count));

export const periodLeaderboardQueryOptions = (period: DatedPeriod, count: LeaderboardCount = 'videos') =>
  queryOptions({
    queryKey:
      count === 'events' ? QUERY_KEYS.leaderboardByEvent(period) : QUERY_KEYS.periodLeaderboard(period),
    queryFn: () => getPeriodLeaderboard(period, count),
  });

export const usePeriodLeaderboard = (period: DatedPeriod | null, count: LeaderboardCount = 'videos') =>
  useQuery({ ...periodLeaderboardQueryOptions(period ?? 'week', count), enabled: period !== null });
