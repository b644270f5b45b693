import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  CREATORS_FIRST_PAGE,
  QUERY_KEYS,
  decodeCompactCreators,
  type CompactCreators,
  type CreatorListItem,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/creators/compact decoded into GET /api/creators's CreatorListItem[] (the public remote's key and form). */
export const getCreators = (): Promise<CreatorListItem[]> =>
  api.get<CompactCreators>(API_ROUTES.creatorsCompact).then(decodeCompactCreators);

export const creatorsQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.creators, queryFn: getCreators });

/** The first screen's cards and the total count (index.html preloads it). */
export const getCreatorsFirstPage = (): Promise<CompactCreators> =>
  api.get<CompactCreators>(`${API_ROUTES.creatorsCompact}?limit=${CREATORS_FIRST_PAGE}`);

/**
 * The first data load: the first page of creators gates the full-screen spinner (the search view renders
 * from it), and the whole list is fetched beside it into the key the search view reads.
 */
export const useInitialCreators = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery({ ...creatorsQueryOptions(), retry: false });
  }, [queryClient]);
  return useQuery({ queryKey: QUERY_KEYS.creatorsFirstPage, queryFn: getCreatorsFirstPage, retry: false });
};
