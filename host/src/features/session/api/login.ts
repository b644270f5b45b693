import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type LoginInput, type SessionInfo } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** POST /api/auth/login. A 401 here is a wrong password, not a lost session, so it is not broadcast. */
export const login = (input: LoginInput): Promise<SessionInfo> =>
  api.post<SessionInfo>(API_ROUTES.login, input, { notifyUnauthorized: false });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => queryClient.setQueryData(QUERY_KEYS.session, session),
  });
}
