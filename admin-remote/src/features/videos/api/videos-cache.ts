/**
 * The cached video list patched from a write's own answer, so Manage Videos shows the change as soon
 * as the API has made it, without fetching the whole list again (invalidateCatalogKeepingVideos: at
 * 100,000 videos that answer is ~20 MB). The patched list is what a re-fetch would give.
 */
import type { QueryClient } from '@tanstack/react-query';
import { QUERY_KEYS, type Video } from '@friends/shared';

/** Puts a created or updated video in the list, in id order (the API's order). */
export function putVideoInCache(queryClient: QueryClient, video: Video): void {
  queryClient.setQueryData<Video[]>(QUERY_KEYS.videos, (list) => {
    if (!list) return list;
    const at = list.findIndex((item) => item.id >= video.id);
    if (at === -1) return [...list, video];
    const next = [...list];
    next.splice(at, list[at]?.id === video.id ? 1 : 0, video);
    return next;
  });
}

/** Takes deleted videos out of the list. */
export function removeVideosFromCache(queryClient: QueryClient, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const gone = new Set(ids);
  queryClient.setQueryData<Video[]>(QUERY_KEYS.videos, (list) =>
    list?.filter((video) => !gone.has(video.id)),
  );
}
