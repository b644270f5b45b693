import { queryOptions, useQuery } from '@tanstack/react-query';
import { GROUP_ROUTES, QUERY_KEYS, type GroupStats } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/groups/:id/stats: per year, the group's collaborations inside it and across it. */
export const getGroupStats = (id: number): Promise<GroupStats> => api.get<GroupStats>(GROUP_ROUTES.stats(id));

export const groupStatsQueryOptions = (id: number) =>
  queryOptions({ queryKey: QUERY_KEYS.groupStats(id), queryFn: () => getGroupStats(id) });

export const useGroupStats = (id: number) => useQuery(groupStatsQueryOptions(id));
