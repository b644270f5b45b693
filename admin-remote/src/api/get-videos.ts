/**
 * GET /api/videos: every video with its ordered authors, in id order. Shared by Manage Videos and the
 * YouTube rescan tool, so both read the cache entry with the same options.
 *
 * Structural sharing matches videos by id, not by position: a re-fetch keeps the cached object of
 * every unchanged video even when one near the top was deleted (position-based sharing would give
 * all 100,000 after it new objects). Unchanged objects keep the per-video caches of the screens
 * (search text, YouTube id) valid and spare React work.
 */
import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type Video } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getVideos = (): Promise<Video[]> => api.get<Video[]>(API_ROUTES.videos);

/** `next` with the objects of `previous` wherever a video (same id) is deeply equal; `previous` if all are. */
export function shareVideosById(previous: unknown, next: unknown): unknown {
  if (!Array.isArray(previous) || !Array.isArray(next)) return replaceEqualDeep(previous, next);
  const before = new Map<unknown, unknown>();
  for (const video of previous) before.set((video as Partial<Video> | null)?.id, video);
  let unchanged = previous.length === next.length;
  const shared = next.map((video: unknown, index) => {
    const old = before.get((video as Partial<Video> | null)?.id);
    const kept = old === undefined ? video : replaceEqualDeep(old, video);
    if (kept !== previous[index]) unchanged = false;
    return kept;
  });
  return unchanged ? previous : shared;
}

export const videosQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.videos, queryFn: getVideos, structuralSharing: shareVideosById });

export const useVideos = () => useQuery(videosQueryOptions());
