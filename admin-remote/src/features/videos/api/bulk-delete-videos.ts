/** DELETE /api/videos/{id}, once per selected video (SPEC.md §7's bulk form), counting failures. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog, invalidateCatalogKeepingVideos } from '../../../lib/invalidate';
import { runEach } from '../../../lib/run-each';
import { removeVideosFromCache } from './videos-cache';

export const bulkDeleteVideos = (ids: readonly number[]) =>
  runEach(ids, (id) => api.delete(API_ROUTES.video(id)));

export function useBulkDeleteVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteVideos,
    onSuccess: ({ succeeded }) => removeVideosFromCache(queryClient, succeeded),
    // In the background. A failed delete may mean the list was out of date (a 404): fetch it again.
    onSettled: (result, error) => {
      void (error || !result || result.failed.length > 0
        ? invalidateCatalog(queryClient)
        : invalidateCatalogKeepingVideos(queryClient));
    },
  });
}
