import { queryOptions, useQuery } from '@tanstack/react-query';
import { NETWORK_ROUTES, QUERY_KEYS, type CreatorNetwork, type NetworkHops } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/creators/:id/network?hops=1|2: the ego network, computed and capped by the API. */
export const getCreatorNetwork = (id: number, hops: NetworkHops): Promise<CreatorNetwork> =>
  api.get<CreatorNetwork>(NETWORK_ROUTES.network(id, hops));

export const creatorNetworkQueryOptions = (id: number, hops: NetworkHops) =>
  queryOptions({ queryKey: QUERY_KEYS.creatorNetwork(id, hops), queryFn: () => getCreatorNetwork(id, hops) });

export const useCreatorNetwork = (id: number, hops: NetworkHops) =>
  useQuery({ ...creatorNetworkQueryOptions(id, hops), placeholderData: (previous) => previous });
