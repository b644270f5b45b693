import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type CreatorListItem } from '@friends/shared';
import { api } from '../../../lib/api-client';

/** GET /api/creators: every creator with its counts (computed by the API) and aliases. */
export const getCreators = (): Promise<CreatorListItem[]> => api.get<CreatorListItem[]>(API_ROUTES.creators);

export const creatorsQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.creators, queryFn: getCreators });

export const useCreators = () => useQuery(creatorsQueryOptions());
