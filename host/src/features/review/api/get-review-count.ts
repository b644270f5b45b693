import { useQuery } from '@tanstack/react-query';
import { QUERY_KEYS, REVIEW_ROUTES, type EventProposalPage, type ReviewPage } from '@friends/shared';
import { api } from '@friends/web/api-client';

/**
 * The pending count for the Review tab's badge: the proposed collaborators plus the proposed groupings
 * of uploads (one row asked for of each; the answers carry the totals). Both keys sit under the review
 * key, so deciding either kind in Review refreshes the badge.
 */
export function usePendingReviewCount(enabled: boolean): number {
  const collaborators = useQuery({
    queryKey: [...QUERY_KEYS.review, 'count'],
    queryFn: () => api.get<ReviewPage>(`${REVIEW_ROUTES.list}?limit=1`),
    enabled,
  });
  const groupings = useQuery({
    queryKey: [...QUERY_KEYS.review, 'events-count'],
    queryFn: () => api.get<EventProposalPage>(`${REVIEW_ROUTES.events}?limit=1`),
    enabled,
  });
  return enabled ? (collaborators.data?.total ?? 0) + (groupings.data?.total ?? 0) : 0;
}
