import { queryOptions, useQuery } from '@tanstack/react-query';
import { NETWORK_ROUTES, QUERY_KEYS, type CollaborationPath } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/path?from=&to=: the shortest chain of collaborations (bounded search on the API). */
export const getPath = (from: number, to: number): Promise<CollaborationPath> =>
  api.get<CollaborationPath>(NETWORK_ROUTES.path(from, to));

export const pathQueryOptions = (from: number, to: number) =>
  queryOptions({ queryKey: QUERY_KEYS.path(from, to), queryFn: () => getPath(from, to) });

export const usePath = (ends: readonly [number, number] | null) =>
  useQuery({ ...pathQueryOptions(ends?.[0] ?? 0, ends?.[1] ?? 0), enabled: ends !== null });
