import { queryOptions, useQuery } from '@tanstack/react-query';
import { NETWORK_ROUTES, QUERY_KEYS, type Activity } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/creators/:id/activity: the creator's collaborations per month. */
export const getCreatorActivity = (id: number): Promise<Activity> =>
  api.get<Activity>(NETWORK_ROUTES.activity(id));

export const creatorActivityQueryOptions = (id: number) =>
  queryOptions({ queryKey: QUERY_KEYS.creatorActivity(id), queryFn: () => getCreatorActivity(id) });

export const useCreatorActivity = (id: number) => useQuery(creatorActivityQueryOptions(id));
