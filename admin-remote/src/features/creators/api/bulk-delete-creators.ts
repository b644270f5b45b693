/** The selection deleted as one change (lib/bulk-delete). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HISTORY_ROUTES, QUERY_KEYS } from '@friends/shared';
import { bulkDelete } from '../../../lib/bulk-delete';
import { invalidateCatalog } from '../../../lib/invalidate';
import { removeCreatorsFromCache } from './remove-creators-from-cache';

export const bulkDeleteCreators = (ids: readonly number[]) =>
  bulkDelete(HISTORY_ROUTES.creatorsBulkDelete, ids);

export function useBulkDeleteCreators() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteCreators,
    onSuccess: ({ succeeded }) => removeCreatorsFromCache(queryClient, succeeded),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.history });
      return invalidateCatalog(queryClient);
    },
  });
}
