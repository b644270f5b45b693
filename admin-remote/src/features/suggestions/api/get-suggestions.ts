/** GET /api/suggestions (admin): pending suggestions. Same key as the host's red badge count. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type Suggestion } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getSuggestions = (): Promise<Suggestion[]> => api.get<Suggestion[]>(API_ROUTES.suggestions);

export const suggestionsQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.suggestions, queryFn: getSuggestions });

export const useSuggestions = () => useQuery(suggestionsQueryOptions());
