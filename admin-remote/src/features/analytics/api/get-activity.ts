/** GET /api/stats/activity: collaborations per month over every creator, computed by the API. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NETWORK_ROUTES, QUERY_KEYS, type Activity } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getActivity = (): Promise<Activity> => api.get<Activity>(NETWORK_ROUTES.allActivity);

export const activityQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.activity, queryFn: getActivity });

export const useActivity = () => useQuery(activityQueryOptions());
