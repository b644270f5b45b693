import { queryOptions, useQuery } from '@tanstack/react-query';
import { NETWORK_ROUTES, QUERY_KEYS, type PairVideos } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/pairs/:a/:b: every video the two made together, newest first, with the first and latest dates. */
export const getPair = (a: number, b: number): Promise<PairVideos> =>
  api.get<PairVideos>(NETWORK_ROUTES.pair(a, b));

export const pairQueryOptions = (a: number, b: number) =>
  queryOptions({ queryKey: QUERY_KEYS.pair(a, b), queryFn: () => getPair(a, b) });

export const usePair = (ids: readonly [number, number] | undefined) =>
  useQuery({ ...pairQueryOptions(ids?.[0] ?? 0, ids?.[1] ?? 0), enabled: ids !== undefined });
