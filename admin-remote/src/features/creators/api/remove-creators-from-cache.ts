/**
 * docs/product.md §4: a deleted creator disappears from every video at once. The API does it in one
 * transaction; this mirrors it in the cached lists so the screens change before the re-fetch lands.
 */
import type { QueryClient } from '@tanstack/react-query';
import { QUERY_KEYS, type CreatorListItem, type Video } from '@friends/shared';

export function removeCreatorsFromCache(queryClient: QueryClient, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const gone = new Set(ids);
  queryClient.setQueryData<CreatorListItem[]>(QUERY_KEYS.creators, (list) =>
    list?.filter((item) => !gone.has(item.id)),
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
