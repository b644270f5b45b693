/** DELETE /api/videos?id= (the single delete). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

export const deleteVideo = (id: number): Promise<void> =>
  api.delete(`${API_ROUTES.videos}?id=${encodeURIComponent(id)}`);

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    // The pages on screen are fetched again: a page costs what one screenful costs.
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
