import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type SessionInfo } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getSession = (): Promise<SessionInfo> => api.get<SessionInfo>(API_ROUTES.session);

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.session, queryFn: getSession, staleTime: 60_000, retry: false });

/** What the server says about this browser: admin or not, and the demo password hint (or null). */
export const useSession = () => useQuery(sessionQueryOptions());
