/** PUT /api/creators. A rename shows in video author lists, the leaderboard and analytics too. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type CreatorUpdate, type SavedCreator } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

export const updateCreator = (input: CreatorUpdate): Promise<SavedCreator> =>
  api.put<SavedCreator>(API_ROUTES.creators, input);

export function useUpdateCreator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCreator, onSuccess: () => invalidateCatalog(queryClient) });
}
