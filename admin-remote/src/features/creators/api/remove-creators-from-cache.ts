/**
 * docs/product.md §4: a deleted creator disappears from every video at once. The API does it in one
 * transaction; this mirrors it in the creator pages and the video list already loaded, so the screens
 * change before the re-fetch lands.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { QUERY_KEYS, type CreatorPage, type Video } from '@friends/shared';

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
  queryClient.setQueryData<Video[]>(QUERY_KEYS.videos, (list) =>
    list?.map((video) =>
      video.authorIds.some((id) => gone.has(id))
        ? {
            ...video,
            authorIds: video.authorIds.filter((id) => !gone.has(id)),
            authors: video.authors.filter((author) => !gone.has(author.id)),
          }
        : video,
    ),
  );
}
