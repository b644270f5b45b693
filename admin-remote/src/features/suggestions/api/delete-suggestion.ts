/** DELETE /api/suggestions/{id}: a suggestion leaves the list when reviewed or denied. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type Suggestion } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const deleteSuggestion = (id: number): Promise<void> => api.delete(API_ROUTES.suggestion(id));

export function useDeleteSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSuggestion,
    onSuccess: (_result, id) => {
      // Drop it at once (the host's badge reads the same key), then re-read the list.
      queryClient.setQueryData<Suggestion[]>(QUERY_KEYS.suggestions, (list) =>
        list?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.suggestions });
    },
  });
}
