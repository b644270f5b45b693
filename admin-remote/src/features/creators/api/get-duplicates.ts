/** GET /api/creators/duplicates: the duplicate finder's groups, found by the API, a page at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  PAGING,
  QUERY_KEYS,
  nextPageOffset,
  pagedListUrl,
  type DuplicateGroupPage,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getDuplicateGroups = (offset: number): Promise<DuplicateGroupPage> =>
  api.get<DuplicateGroupPage>(
    pagedListUrl(API_ROUTES.creatorsDuplicates, { offset, limit: PAGING.duplicatesPage }),
  );

export function useDuplicateGroups(enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: QUERY_KEYS.creatorDuplicates,
    queryFn: ({ pageParam }) => getDuplicateGroups(pageParam),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
    enabled,
  });
  const groups = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total;
  return { ...query, groups, total };
}
