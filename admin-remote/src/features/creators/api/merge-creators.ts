/** PATCH /api/creators {primaryId, mergeIds}: one transaction on the server; everything re-fetched. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type MergeInput, type MessageResponse } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

export const mergeCreators = (input: MergeInput): Promise<MessageResponse> =>
  api.patch<MessageResponse>(API_ROUTES.creators, input);

export function useMergeCreators() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mergeCreators, onSuccess: () => invalidateCatalog(queryClient) });
}
