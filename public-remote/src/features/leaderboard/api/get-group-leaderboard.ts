import { queryOptions, useQuery } from '@tanstack/react-query';
import { GROUP_ROUTES, QUERY_KEYS, type GroupLeaderboard } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/leaderboard?group=: the board of the group's members of today. */
export const getGroupLeaderboard = (groupId: number): Promise<GroupLeaderboard> =>
  api.get<GroupLeaderboard>(GROUP_ROUTES.leaderboard(groupId));

export const groupLeaderboardQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: QUERY_KEYS.groupBoard(groupId),
    queryFn: () => getGroupLeaderboard(groupId),
  });

export const useGroupLeaderboard = (groupId: number) => useQuery(groupLeaderboardQueryOptions(groupId));
