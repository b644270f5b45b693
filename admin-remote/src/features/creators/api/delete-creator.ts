/** DELETE /api/creators?id= (the single delete); creators AND videos are refreshed afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';
import { removeCreatorsFromCache } from './remove-creators-from-cache';

export const deleteCreator = (id: number): Promise<void> =>
  api.delete(`${API_ROUTES.creators}?id=${encodeURIComponent(id)}`);

export function useDeleteCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCreator,
    onSuccess: (_result, id) => {
      removeCreatorsFromCache(queryClient, [id]);
      return invalidateCatalog(queryClient);
    },
  });
}
