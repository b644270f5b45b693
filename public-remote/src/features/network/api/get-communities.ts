import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  INSIGHTS_ROUTES,
  QUERY_KEYS,
  type Bridge,
  type Communities,
  type CommunityLookup,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/network/communities?limit=&members=: the largest communities and their first members. */
export const getCommunitySummary = (limit: number, members: number): Promise<Communities> =>
  api.get<Communities>(INSIGHTS_ROUTES.communitiesSummary(limit, members));

export const communitySummaryOptions = (limit: number, members: number) =>
  queryOptions({
    queryKey: QUERY_KEYS.communitiesSummary(limit, members),
    queryFn: () => getCommunitySummary(limit, members),
  });

export const useCommunitySummary = (limit: number, members: number) =>
  useQuery(communitySummaryOptions(limit, members));

/** GET /api/network/communities/of?ids=: the communities of the creators a graph shows. */
export const getCommunityLookup = (ids: readonly number[]): Promise<CommunityLookup> =>
  api.get<CommunityLookup>(INSIGHTS_ROUTES.communitiesOfIds(ids));

/**
 * The communities of `ids` (a graph's creators), asked for sorted and once each so one graph is one
 * cached answer; the previous graph's colours stay while the next one's load.
 */
export function useCommunityLookup(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const key = sorted.join(',');
  return useQuery({
    queryKey: QUERY_KEYS.communitiesOf(key),
    queryFn: () => getCommunityLookup(sorted),
    enabled: sorted.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/network/bridges?limit=: the creators most shortest collaboration chains pass through. */
export const getBridges = (limit: number): Promise<Bridge[]> =>
  api.get<Bridge[]>(INSIGHTS_ROUTES.bridges(limit));

export const bridgesQueryOptions = (limit: number) =>
  queryOptions({ queryKey: QUERY_KEYS.bridges(limit), queryFn: () => getBridges(limit) });

export const useBridges = (limit: number) => useQuery(bridgesQueryOptions(limit));
