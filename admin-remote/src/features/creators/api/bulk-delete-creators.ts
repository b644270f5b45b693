/** DELETE /api/creators/{id}, once per checked creator (docs/product.md §7's bulk form), counting failures. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES } from '@friends/shared';
import { api } from '@friends/web/api-client';
import { invalidateCatalog } from '../../../lib/invalidate';
import { runEach } from '../../../lib/run-each';
import { removeCreatorsFromCache } from './remove-creators-from-cache';

export const bulkDeleteCreators = (ids: readonly number[]) =>
  runEach(ids, (id) => api.delete(API_ROUTES.creator(id)));

export function useBulkDeleteCreators() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteCreators,
    onSuccess: ({ succeeded }) => removeCreatorsFromCache(queryClient, succeeded),
    onSettled: () => invalidateCatalog(queryClient),
  });
}
