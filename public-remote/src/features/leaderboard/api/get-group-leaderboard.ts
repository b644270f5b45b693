import { queryOptions, useQuery } from '@tanstack/react-query';
import { GROUP_ROUTES, QUERY_KEYS, type GroupLeaderboard, type LeaderboardCount } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/leaderboard?group= (`&count=events`: each collab event once): the board of today's members. */
export const getGroupLeaderboard = (
  groupId: number,
  count: LeaderboardCount = 'videos',
): Promise<GroupLeaderboard> =>
  api.get<GroupLeaderboard>(GROUP_ROUTES.leaderboard(groupId, undefined, undefined, count));

export const groupLeaderboardQueryOptions = (groupId: number, count: LeaderboardCount = 'videos') =>
  queryOptions({
    queryKey: QUERY_KEYS.groupBoard(groupId, count),
    queryFn: () => getGroupLeaderboard(groupId, count),
  });

export const useGroupLeaderboard = (groupId: number, count: LeaderboardCount = 'videos') =>
  useQuery(groupLeaderboardQueryOptions(groupId, count));
