/** POST /api/creators: used by the Add New Creator form and the quick-add box. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type CreatorInput, type SavedCreator } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const createCreator = (input: CreatorInput): Promise<SavedCreator> =>
  api.post<SavedCreator>(API_ROUTES.creators, input);

export function useCreateCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreator,
    onSuccess: () => {
      // The creator lists, pages and lookups all sit under QUERY_KEYS.creators.
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.creators });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.stats });
    },
  });
}
