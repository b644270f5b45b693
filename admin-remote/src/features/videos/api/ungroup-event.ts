/** DELETE /api/events/:id: ungroups a collab event; its videos stay (in history, undoable). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type MessageResponse } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

export const ungroupEvent = (eventId: number): Promise<MessageResponse> =>
  api.delete<MessageResponse>(API_ROUTES.event(eventId));

export function useUngroupEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: ungroupEvent, onSuccess: () => invalidateCatalog(queryClient) });
}
