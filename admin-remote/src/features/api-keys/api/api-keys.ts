/** GET /api/keys, POST /api/keys, DELETE /api/keys/{id}: the admin's API keys. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS, SHARE_ROUTES, type ApiKeyInfo, type CreatedApiKey } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getApiKeys = (): Promise<ApiKeyInfo[]> => api.get<ApiKeyInfo[]>(SHARE_ROUTES.keys);

export const apiKeysQueryOptions = () => queryOptions({ queryKey: QUERY_KEYS.apiKeys, queryFn: getApiKeys });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<CreatedApiKey>(SHARE_ROUTES.keys, { name }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(SHARE_ROUTES.key(id)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.apiKeys }),
  });
}
