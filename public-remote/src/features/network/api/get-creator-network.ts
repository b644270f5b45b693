import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  NETWORK_ROUTES,
  QUERY_KEYS,
  type CreatorNetwork,
  type NetworkHops,
  type NetworkWeight,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

/**
 * GET /api/creators/:id/network?hops=1|2: the ego network, computed and capped by the API;
 * `&weight=events` weighs the edges by collab events together.
 */
export const getCreatorNetwork = (
  id: number,
  hops: NetworkHops,
  weight: NetworkWeight = 'videos',
): Promise<CreatorNetwork> =>
  api.get<CreatorNetwork>(
    weight === 'videos'
      ? NETWORK_ROUTES.network(id, hops)
      : `${NETWORK_ROUTES.network(id, hops)}&weight=${weight}`,
  );

export const creatorNetworkQueryOptions = (id: number, hops: NetworkHops, weight: NetworkWeight = 'videos') =>
  queryOptions({
    queryKey: QUERY_KEYS.creatorNetwork(id, hops, weight),
    queryFn: () => getCreatorNetwork(id, hops, weight),
  });

export const useCreatorNetwork = (id: number, hops: NetworkHops, weight: NetworkWeight = 'videos') =>
  useQuery({ ...creatorNetworkQueryOptions(id, hops, weight), placeholderData: (previous) => previous });
