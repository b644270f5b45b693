import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type Suggestion } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getSuggestions = (): Promise<Suggestion[]> => api.get<Suggestion[]>(API_ROUTES.suggestions);

export const suggestionsQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.suggestions, queryFn: getSuggestions });

/** The pending count for the Suggestions tab's badge; only asked for when the session is an admin's. */
export function usePendingSuggestionCount(enabled: boolean): number {
  const { data } = useQuery({ ...suggestionsQueryOptions(), enabled });
  return enabled ? (data?.filter((suggestion) => suggestion.status === 'pending').length ?? 0) : 0;
}
