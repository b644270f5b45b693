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
