import { queryOptions, useQuery } from '@tanstack/react-query';
import { GROUP_ROUTES, QUERY_KEYS, type Group } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/groups/:id: the group with every membership period, by start. */
export const getGroup = (id: number): Promise<Group> => api.get<Group>(GROUP_ROUTES.group(id));

export const groupQueryOptions = (id: number) =>
  queryOptions({ queryKey: QUERY_KEYS.group(id), queryFn: () => getGroup(id) });

export const useGroup = (id: number | undefined) =>
  useQuery({ ...groupQueryOptions(id ?? 0), enabled: id !== undefined });
