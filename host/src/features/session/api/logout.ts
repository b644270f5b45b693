import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type SessionInfo } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const logout = (): Promise<SessionInfo> => api.post<SessionInfo>(API_ROUTES.logout);

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: (session) =>
      session
        ? queryClient.setQueryData(QUERY_KEYS.session, session)
        : queryClient.invalidateQueries({ queryKey: QUERY_KEYS.session }),
  });
}

/** Ends every admin session and forgets every known device, in every browser (docs/product.md §4). */
export const logoutEverywhere = (): Promise<SessionInfo> =>
  api.post<SessionInfo>(API_ROUTES.logoutEverywhere);

export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: (session) => queryClient.setQueryData(QUERY_KEYS.session, session),
  });
}
