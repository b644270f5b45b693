/** PUT /api/videos. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type Video, type VideoUpdate } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalogKeepingVideos } from '../../../lib/invalidate';
import { putVideoInCache } from './videos-cache';

export const updateVideo = (input: VideoUpdate): Promise<Video> => api.put<Video>(API_ROUTES.videos, input);

export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    // The list shows the answer at once; the rest of the catalog refreshes in the background.
    onSuccess: (video) => {
      putVideoInCache(queryClient, video);
      void invalidateCatalogKeepingVideos(queryClient);
    },
  });
}
