/** PUT /api/videos. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type Video, type VideoUpdate } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

export const updateVideo = (input: VideoUpdate): Promise<Video> => api.put<Video>(API_ROUTES.videos, input);

export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    // The pages on screen are fetched again: a page costs what one screenful costs.
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
