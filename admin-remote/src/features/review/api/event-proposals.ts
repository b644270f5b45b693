/** GET /api/review/events and the accept / reject decisions on proposed groupings of uploads. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  QUERY_KEYS,
  REVIEW_MAX_LIMIT,
  REVIEW_ROUTES,
  type EventProposalDecision,
  type EventProposalPage,
} from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

/** The oldest proposals (at most the API's page); the rest come as these are decided. */
export const eventProposalsQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_KEYS.review, 'events'],
    queryFn: () => api.get<EventProposalPage>(`${REVIEW_ROUTES.events}?offset=0&limit=${REVIEW_MAX_LIMIT}`),
  });

export const useEventProposals = () => useQuery(eventProposalsQueryOptions());

export function useDecideEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, id }: { decision: 'accept' | 'reject'; id: number }) =>
      api.post<EventProposalDecision>(
        decision === 'accept' ? REVIEW_ROUTES.acceptEvent(id) : REVIEW_ROUTES.rejectEvent(id),
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.review });
      await invalidateCatalog(queryClient);
    },
  });
}
