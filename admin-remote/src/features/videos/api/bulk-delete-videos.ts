/** The selection deleted as one change (lib/bulk-delete). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HISTORY_ROUTES } from '@friends/shared';
import { bulkDelete } from '../../../lib/bulk-delete';
import { invalidateCatalog } from '../../../lib/invalidate';

export const bulkDeleteVideos = (ids: readonly number[]) => bulkDelete(HISTORY_ROUTES.videosBulkDelete, ids);

export function useBulkDeleteVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteVideos,
    // The pages (and history) are read again; nothing is patched in place.
    onSettled: () => invalidateCatalog(queryClient),
  });
}
