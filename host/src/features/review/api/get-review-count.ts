import { useQuery } from '@tanstack/react-query';
import { QUERY_KEYS, REVIEW_ROUTES, type ReviewPage } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** The pending count for the Review tab's badge (one row asked for; the answer carries the total). */
export function usePendingReviewCount(enabled: boolean): number {
  const { data } = useQuery({
    queryKey: [...QUERY_KEYS.review, 'count'],
    queryFn: () => api.get<ReviewPage>(`${REVIEW_ROUTES.list}?limit=1`),
    enabled,
  });
  return enabled ? (data?.total ?? 0) : 0;
}
