import { queryOptions, useQuery } from '@tanstack/react-query';
import { INSIGHTS_ROUTES, QUERY_KEYS, type SuggestedCreator } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** GET /api/creators/:id/suggested: who shares collaborators with the creator but never appeared with them. */
export const getSuggested = (id: number): Promise<SuggestedCreator[]> =>
  api.get<SuggestedCreator[]>(INSIGHTS_ROUTES.suggested(id));

export const suggestedQueryOptions = (id: number) =>
  queryOptions({ queryKey: QUERY_KEYS.suggested(id), queryFn: () => getSuggested(id) });

export const useSuggested = (id: number) => useQuery(suggestedQueryOptions(id));
