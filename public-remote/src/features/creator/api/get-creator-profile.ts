import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type CreatorProfile } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/creators/:id/profile: the creator (the primary when `id` was merged away), stats, videos. */
export const getCreatorProfile = (id: number): Promise<CreatorProfile> =>
  api.get<CreatorProfile>(API_ROUTES.creatorProfile(id));

export const creatorProfileQueryOptions = (id: number) =>
  queryOptions({ queryKey: QUERY_KEYS.creatorProfile(id), queryFn: () => getCreatorProfile(id) });

export const useCreatorProfile = (id: number | undefined) =>
  useQuery({ ...creatorProfileQueryOptions(id ?? 0), enabled: id !== undefined });
