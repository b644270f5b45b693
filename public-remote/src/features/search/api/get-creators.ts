import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  CREATORS_FIRST_PAGE,
  QUERY_KEYS,
  decodeCompactCreators,
  type CompactCreators,
  type CreatorListItem,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

/**
 * Every creator with its counts (computed by the API) and aliases: GET /api/creators/compact decoded into
 * the CreatorListItem[] of GET /api/creators (a third of the bytes). The host prefetches this key.
 */
export const getCreators = (): Promise<CreatorListItem[]> =>
  api.get<CompactCreators>(API_ROUTES.creatorsCompact).then(decodeCompactCreators);

export const creatorsQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.creators, queryFn: getCreators });

export const useCreators = () => useQuery(creatorsQueryOptions());

/** The first screen's cards and the total, while the whole list is on its way (the host asks for it first). */
export const getCreatorsFirstPage = (): Promise<CompactCreators> =>
  api.get<CompactCreators>(`${API_ROUTES.creatorsCompact}?limit=${CREATORS_FIRST_PAGE}`);

export const useCreatorsFirstPage = (enabled: boolean) =>
  useQuery({ queryKey: QUERY_KEYS.creatorsFirstPage, queryFn: getCreatorsFirstPage, enabled });
