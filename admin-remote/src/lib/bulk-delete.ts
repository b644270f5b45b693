/**
 * Posts a bulk delete (`{ ids }` to /api/videos/bulk-delete or /api/creators/bulk-delete): each part is
 * one change, so one Undo in History brings it back. Very large selections go in parts; a part that
 * fails is counted as failed.
 */
import { HISTORY_LIMITS, type BulkDeleteResult } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { chunks } from './chunks';

export async function bulkDelete(
  route: string,
  ids: readonly number[],
): Promise<{ succeeded: number[]; failed: number[] }> {
  const succeeded: number[] = [];
  const failed: number[] = [];
  for (const part of chunks(ids, HISTORY_LIMITS.maxBulkDelete)) {
    try {
      await api.post<BulkDeleteResult>(route, { ids: part });
      succeeded.push(...part);
    } catch (error) {
      console.error(error);
      failed.push(...part);
    }
  }
  return { succeeded, failed };
}
