/** DELETE /api/videos/{id}, once per selected video (SPEC.md §7's bulk form), counting failures. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES } from '@friends/shared';
import { api } from '../../../lib/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';
import { runEach } from '../../../lib/run-each';

export const bulkDeleteVideos = (ids: readonly number[]) =>
  runEach(ids, (id) => api.delete(API_ROUTES.video(id)));

export function useBulkDeleteVideos() {
  const queryClient = useQueryClient();
  // Refresh whatever happened: some deletes may have succeeded even when others failed.
  return useMutation({ mutationFn: bulkDeleteVideos, onSettled: () => invalidateCatalog(queryClient) });
}
