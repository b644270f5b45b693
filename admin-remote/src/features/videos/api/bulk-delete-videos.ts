/**
 * POST /api/videos/bulk-delete: the selection deleted as one change, so one Undo in History brings it
 * all back. Very large selections go in parts; a part that fails is counted as failed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HISTORY_LIMITS, HISTORY_ROUTES, type BulkDeleteResult } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { chunks } from '../../../lib/chunks';
import { invalidateCatalog } from '../../../lib/invalidate';

export async function bulkDeleteVideos(
  ids: readonly number[],
): Promise<{ succeeded: number[]; failed: number[] }> {
  const succeeded: number[] = [];
  const failed: number[] = [];
  for (const part of chunks(ids, HISTORY_LIMITS.maxBulkDelete)) {
    try {
      await api.post<BulkDeleteResult>(HISTORY_ROUTES.videosBulkDelete, { ids: part });
      succeeded.push(...part);
    } catch (error) {
      console.error(error);
      failed.push(...part);
    }
  }
  return { succeeded, failed };
}

export function useBulkDeleteVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteVideos,
    // The pages (and history) are read again; nothing is patched in place.
    onSettled: () => invalidateCatalog(queryClient),
  });
}
