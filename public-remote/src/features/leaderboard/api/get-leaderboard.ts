import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type Leaderboard } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/leaderboard: both top-10 lists, computed by the API. */
export const getLeaderboard = (): Promise<Leaderboard> => api.get<Leaderboard>(API_ROUTES.leaderboard);

export const leaderboardQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.leaderboard, queryFn: getLeaderboard });

export const useLeaderboard = () => useQuery(leaderboardQueryOptions());
