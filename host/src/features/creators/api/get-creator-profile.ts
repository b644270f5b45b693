import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type CreatorProfile } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getCreatorProfile = (id: number): Promise<CreatorProfile> =>
  api.get<CreatorProfile>(API_ROUTES.creatorProfile(id));

export const creatorProfileQueryOptions = (id: number) =>
  queryOptions({ queryKey: QUERY_KEYS.creatorProfile(id), queryFn: () => getCreatorProfile(id) });

/**
 * The profile of the creator page, fetched by the host while the creator view loads (the view reads the
 * same cache entry). `enabled` false on other views.
 */
export const useCreatorProfile = (id: number | undefined) =>
  useQuery({ ...creatorProfileQueryOptions(id ?? 0), enabled: id !== undefined, retry: false });
