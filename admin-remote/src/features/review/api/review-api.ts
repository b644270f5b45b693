/** GET /api/review and the accept / reject decisions; a decision refreshes the queue and the catalog. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  QUERY_KEYS,
  REVIEW_MAX_LIMIT,
  REVIEW_ROUTES,
  type ReviewBulkResult,
  type ReviewPage,
} from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

export const reviewQueryOptions = () =>
  queryOptions({
    queryKey: [...QUERY_KEYS.review, 'page'],
    queryFn: () => api.get<ReviewPage>(`${REVIEW_ROUTES.list}?limit=${REVIEW_MAX_LIMIT}`),
  });

export const useReviewQueue = () => useQuery(reviewQueryOptions());

export type Decision = 'accept' | 'reject';

export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, ids }: { decision: Decision; ids: number[] }) =>
      ids.length === 1
        ? api
            .post(decision === 'accept' ? REVIEW_ROUTES.accept(ids[0]!) : REVIEW_ROUTES.reject(ids[0]!))
            .then(() => ({ done: 1, failed: 0 }))
        : api.post<ReviewBulkResult>(
            decision === 'accept' ? REVIEW_ROUTES.acceptMany : REVIEW_ROUTES.rejectMany,
            {
              ids,
            },
          ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.review });
      await invalidateCatalog(queryClient);
    },
  });
}
