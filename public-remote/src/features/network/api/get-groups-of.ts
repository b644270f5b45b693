import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GROUP_ROUTES, QUERY_KEYS, type GroupLookup } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/groups/of?ids=: the groups the creators a graph shows are members of today. */
export const getGroupsOf = (ids: readonly number[]): Promise<GroupLookup> =>
  api.get<GroupLookup>(GROUP_ROUTES.ofIds(ids));

/**
 * The groups of `ids` (a graph's creators), asked for only while the graph is coloured by group,
 * sorted and once each so one graph is one cached answer.
 */
export function useGroupsOf(ids: readonly number[], enabled: boolean) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const key = sorted.join(',');
  return useQuery({
    queryKey: QUERY_KEYS.groupsOf(key),
    queryFn: () => getGroupsOf(sorted),
    enabled: enabled && sorted.length > 0,
    placeholderData: keepPreviousData,
  });
}
