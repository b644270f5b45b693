/** POST /api/history/{id}/undo: reverts one change; the data it touched and the history refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HISTORY_ROUTES, QUERY_KEYS, type HistoryUndoResult } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';

export const undoChange = (id: number): Promise<HistoryUndoResult> =>
  api.post<HistoryUndoResult>(HISTORY_ROUTES.undo(id));

export function useUndoChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoChange,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.history }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.suggestions }),
        invalidateCatalog(queryClient),
      ]),
  });
}
