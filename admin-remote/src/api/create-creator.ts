/** POST /api/creators: used by the Add New Creator form and the quick-add box. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  QUERY_KEYS,
  type Creator,
  type CreatorInput,
  type CreatorListItem,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

export const createCreator = (input: CreatorInput): Promise<Creator> =>
  api.post<Creator>(API_ROUTES.creators, input);

export function useCreateCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreator,
    onSuccess: (created) => {
      // Show the new creator at once (the add-video picker selects it), then refresh from the API.
      queryClient.setQueryData<CreatorListItem[]>(QUERY_KEYS.creators, (list) =>
        list && !list.some((item) => item.id === created.id)
          ? [...list, { ...created, videoCount: 0, collabCount: 0, aliases: [] }]
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.creators });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.stats });
    },
  });
}
