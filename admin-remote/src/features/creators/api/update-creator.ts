/** PUT /api/creators. A rename shows in video author lists, the leaderboard and analytics too. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type Creator, type CreatorUpdate } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

export const updateCreator = (input: CreatorUpdate): Promise<Creator> =>
  api.put<Creator>(API_ROUTES.creators, input);

export function useUpdateCreator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCreator, onSuccess: () => invalidateCatalog(queryClient) });
}
