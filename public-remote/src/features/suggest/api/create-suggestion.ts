import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type Suggestion, type SuggestionInput } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** POST /api/suggestions (public, rate-limited by the API). */
export const createSuggestion = (input: SuggestionInput): Promise<Suggestion> =>
  api.post<Suggestion>(API_ROUTES.suggestions, input);

export function useCreateSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSuggestion,
    // An admin in this browser sees the new one in the Suggestions tab and its badge.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.suggestions }),
  });
}
