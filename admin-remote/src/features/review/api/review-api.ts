/** GET /api/review and the accept / reject decisions; a decision refreshes the queue and the catalog. */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  QUERY_KEYS,
  REVIEW_PAGE_SIZE,
  REVIEW_ROUTES,
  type ReviewBulkResult,
  type ReviewDecision,
  type ReviewPage,
} from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

/**
 * A page at a time ('Load more'). After a decision every loaded page is fetched again from offset 0,
 * so the pages still join up although the decided proposals left the queue.
 */
export const reviewQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...QUERY_KEYS.review, 'pages'],
    queryFn: ({ pageParam }) =>
      api.get<ReviewPage>(`${REVIEW_ROUTES.list}?offset=${pageParam}&limit=${REVIEW_PAGE_SIZE}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

export const useReviewQueue = () => useInfiniteQuery(reviewQueryOptions());

export type Decision = 'accept' | 'reject';

export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, ids }: { decision: Decision; ids: number[] }): Promise<ReviewBulkResult> =>
      ids.length === 1
        ? api
            .post<ReviewDecision>(
              decision === 'accept' ? REVIEW_ROUTES.accept(ids[0]!) : REVIEW_ROUTES.reject(ids[0]!),
            )
            .then((d) => ({ done: 1, failed: 0, ...(d?.notice ? { notice: d.notice } : {}) }))
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
