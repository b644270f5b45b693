/**
 * The admin's group reads and writes: GET /api/groups (paged, by name), GET /api/groups/{id} (with
 * every membership period), POST/PUT/DELETE /api/groups[/{id}]. Every write refreshes everything of
 * groups (their pages, boards, stats and a graph's group colours) and the history.
 */
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  GROUP_ROUTES,
  QUERY_KEYS,
  nextPageOffset,
  pagedListUrl,
  type Group,
  type GroupInput,
  type GroupListItem,
  type MessageResponse,
  type Paged,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

const PAGE = 50;

export const getGroupPage = (q: string, offset: number): Promise<Paged<GroupListItem>> =>
  api.get<Paged<GroupListItem>>(pagedListUrl(GROUP_ROUTES.groups, { q, offset, limit: PAGE }));

/** The groups whose name contains `q`, a page at a time. */
export function useGroupPages(q: string) {
  const query = useInfiniteQuery({
    queryKey: QUERY_KEYS.groupSearch(q),
    queryFn: ({ pageParam }) => getGroupPage(q, pageParam),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
    placeholderData: keepPreviousData,
  });
  const groups = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, groups, total: query.data?.pages.at(-1)?.total };
}

export const useGroup = (id: number | null) =>
  useQuery({
    queryKey: QUERY_KEYS.group(id ?? 0),
    queryFn: () => api.get<Group>(GROUP_ROUTES.group(id ?? 0)),
    enabled: id !== null,
  });

/** After any group write: every groups answer and the history are stale. */
export function useGroupsInvalidation() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.groups });
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.history });
  };
}

export function useCreateGroup() {
  const invalidate = useGroupsInvalidation();
  return useMutation({
    mutationFn: (input: GroupInput) => api.post<Group>(GROUP_ROUTES.groups, input),
    onSuccess: invalidate,
  });
}

export function useUpdateGroup() {
  const invalidate = useGroupsInvalidation();
  return useMutation({
    mutationFn: ({ id, ...input }: GroupInput & { id: number }) =>
      api.put<Group>(GROUP_ROUTES.group(id), input),
    onSuccess: invalidate,
  });
}

export function useDeleteGroup() {
  const invalidate = useGroupsInvalidation();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(GROUP_ROUTES.group(id)),
    onSuccess: invalidate,
  });
}
