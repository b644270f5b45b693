import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type CreatorListItem } from '@friends/shared';
import { api } from '../../../lib/api-client';

export const getCreators = (): Promise<CreatorListItem[]> => api.get<CreatorListItem[]>(API_ROUTES.creators);

/** The first data load: the search view reads the same cache entry, so it renders without a second fetch. */
export const creatorsQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.creators, queryFn: getCreators });

export const useInitialCreators = () => useQuery({ ...creatorsQueryOptions(), retry: false });
