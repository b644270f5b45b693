/**
 * What a write changes, in one place. QUERY_KEYS.creators is a prefix of every creatorProfile key, so
 * invalidating it also refreshes open creator pages in the public remote (same QueryClient singleton).
 */
import type { QueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from '@friends/shared';

/** After any creator or video write: lists, counts, profiles, leaderboard and analytics. */
export function invalidateCatalog(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.creators }),
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.videos }),
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.leaderboard }),
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.stats }),
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.history }),
  ]).then(() => undefined);
}

/**
 * After a write on single videos whose answer is already in the cached video list (see
 * features/videos/api/videos-cache.ts): everything else refreshes as after any write, but the video
 * list, which the answer has brought up to date, is only marked stale, to be fetched again when a
 * screen next opens it. At 100,000 videos that list is ~20 MB and takes the API ~0.8 s to rebuild
 * after a write, then the tab ~0.4 s to parse: too much to pay again after every add, edit or delete.
 */
export function invalidateCatalogKeepingVideos(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.creators }),
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.videos, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.leaderboard }),
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.stats }),
    queryClient.invalidateQueries({ queryKey: QUERY_KEYS.history }),
  ]).then(() => undefined);
}
