/** GET /api/history (admin): newest first, a page at a time ('Load more' follows nextBefore). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { HISTORY_ROUTES, QUERY_KEYS, type HistoryPage } from '@friends/shared';
import { api } from '@friends/web/api-client';

export interface HistoryFilter {
  creatorId?: number;
  videoId?: number;
}

const PAGE_SIZE = 25;

export function getHistory(filter: HistoryFilter, before?: number): Promise<HistoryPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (before !== undefined) query.set('before', String(before));
  if (filter.creatorId !== undefined) query.set('creator', String(filter.creatorId));
  else if (filter.videoId !== undefined) query.set('video', String(filter.videoId));
  return api.get<HistoryPage>(`${HISTORY_ROUTES.history}?${query}`);
}

export const historyQueryOptions = (filter: HistoryFilter) =>
  infiniteQueryOptions({
    queryKey: [...QUERY_KEYS.history, filter.creatorId ?? null, filter.videoId ?? null],
    queryFn: ({ pageParam }) => getHistory(filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export const useHistory = (filter: HistoryFilter) => useInfiniteQuery(historyQueryOptions(filter));
