/**
 * GET /api/creators. Shared by several admin features (creator management, the add-video creator
 * picker, the quick-add duplicate check), so it lives above the features rather than inside one.
 * The key is the shared QUERY_KEYS.creators: the public remote reads the same cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type CreatorListItem } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getCreators = (): Promise<CreatorListItem[]> => api.get<CreatorListItem[]>(API_ROUTES.creators);

export const creatorsQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.creators, queryFn: getCreators });

export const useCreators = () => useQuery(creatorsQueryOptions());
