/** POST /api/videos. A new video changes creator counts, the leaderboard and analytics too. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type Video, type VideoInput } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalogKeepingVideos } from '../../../lib/invalidate';
import { putVideoInCache } from './videos-cache';

export const createVideo = (input: VideoInput): Promise<Video> => api.post<Video>(API_ROUTES.videos, input);

export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVideo,
    // The list shows the answer at once; the rest of the catalog refreshes in the background.
    onSuccess: (video) => {
      putVideoInCache(queryClient, video);
      void invalidateCatalogKeepingVideos(queryClient);
    },
  });
}
