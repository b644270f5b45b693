import { queryOptions, useQuery } from '@tanstack/react-query';
import { INSIGHTS_ROUTES, QUERY_KEYS, type Bridge, type Communities } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/network/communities: every collaborating creator's community, largest first. */
export const getCommunities = (): Promise<Communities> => api.get<Communities>(INSIGHTS_ROUTES.communities);

export const communitiesQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.communities, queryFn: getCommunities });

export const useCommunities = (enabled = true) => useQuery({ ...communitiesQueryOptions(), enabled });

/** GET /api/network/bridges?limit=: the creators most shortest collaboration chains pass through. */
export const getBridges = (limit: number): Promise<Bridge[]> =>
  api.get<Bridge[]>(INSIGHTS_ROUTES.bridges(limit));

export const bridgesQueryOptions = (limit: number) =>
  queryOptions({ queryKey: QUERY_KEYS.bridges(limit), queryFn: () => getBridges(limit) });

export const useBridges = (limit: number) => useQuery(bridgesQueryOptions(limit));
