/** POST /api/videos. A new video changes creator counts, the leaderboard and analytics too. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type Video, type VideoInput } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

export const createVideo = (input: VideoInput): Promise<Video> => api.post<Video>(API_ROUTES.videos, input);

export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVideo,
    // The pages on screen are fetched again: a page costs what one screenful costs.
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
