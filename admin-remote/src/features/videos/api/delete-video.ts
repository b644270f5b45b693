/** DELETE /api/videos?id= (the single delete). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalogKeepingVideos } from '../../../lib/invalidate';
import { removeVideosFromCache } from './videos-cache';

export const deleteVideo = (id: number): Promise<void> =>
  api.delete(`${API_ROUTES.videos}?id=${encodeURIComponent(id)}`);

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    // Gone from the list at once; the rest of the catalog refreshes in the background.
    onSuccess: (_result, id) => {
      removeVideosFromCache(queryClient, [id]);
      void invalidateCatalogKeepingVideos(queryClient);
    },
  });
}
