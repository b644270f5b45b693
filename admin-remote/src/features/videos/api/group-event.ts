/** POST /api/events { videoIds }: groups uploads as one collab event (in history, undoable). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type CollabEvent, type EventInput } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

export const groupEvent = (videoIds: readonly number[]): Promise<CollabEvent> =>
  api.post<CollabEvent>(API_ROUTES.events, { videoIds: [...videoIds] } satisfies EventInput);

export function useGroupEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: groupEvent, onSuccess: () => invalidateCatalog(queryClient) });
}
