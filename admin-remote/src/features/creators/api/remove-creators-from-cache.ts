/**
 * docs/product.md §4: a deleted creator disappears from every video at once. The API does it in one
 * transaction; this mirrors it in the creator pages already loaded, so the screen changes before the
 * re-fetch lands (the video pages are fetched again by the invalidation that follows).
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { QUERY_KEYS, type CreatorPage } from '@friends/shared';

export function removeCreatorsFromCache(queryClient: QueryClient, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const gone = new Set(ids);
  queryClient.setQueriesData<InfiniteData<CreatorPage>>(
    { queryKey: QUERY_KEYS.creatorSearch('', 'names').slice(0, 2) },
    (data) => {
      if (!data?.pages) return data;
      const kept = data.pages.map((page) => page.items.filter((item) => !gone.has(item.id)));
      const removed = data.pages.reduce(
        (sum, page, i) => sum + page.items.length - (kept[i]?.length ?? 0),
        0,
      );
      if (removed === 0) return data;
      return {
        ...data,
        pages: data.pages.map((page, i) => ({ total: page.total - removed, items: kept[i] ?? [] })),
      };
    },
  );
}
