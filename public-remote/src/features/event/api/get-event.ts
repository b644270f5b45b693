import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type CollabEvent } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/events/:id: a collab event's uploads, oldest first, and its creators. */
export const getEvent = (id: number): Promise<CollabEvent> => api.get<CollabEvent>(API_ROUTES.event(id));

export const eventQueryOptions = (id: number) =>
  queryOptions({ queryKey: QUERY_KEYS.event(id), queryFn: () => getEvent(id) });

export const useEvent = (id: number | undefined) =>
  useQuery({ ...eventQueryOptions(id ?? 0), enabled: id !== undefined });
