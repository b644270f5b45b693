import { queryOptions, useQuery } from '@tanstack/react-query';
import { INSIGHTS_ROUTES, QUERY_KEYS, type Leaderboard, type LeaderboardCount } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/leaderboard (`?count=events`: each collab event once): both top-10 lists, computed by the API. */
export const getLeaderboard = (count: LeaderboardCount = 'videos'): Promise<Leaderboard> =>
  api.get<Leaderboard>(INSIGHTS_ROUTES.leaderboard('all', count));

export const leaderboardQueryOptions = (count: LeaderboardCount = 'videos') =>
  queryOptions({
    queryKey: count === 'events' ? QUERY_KEYS.leaderboardByEvent('all') : QUERY_KEYS.leaderboard,
    queryFn: () => getLeaderboard(count),
  });

export const useLeaderboard = (count: LeaderboardCount = 'videos') =>
  useQuery(leaderboardQueryOptions(count));
