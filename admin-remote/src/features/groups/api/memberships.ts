/**
 * POST /api/groups/{id}/members, PUT and DELETE /api/groups/{id}/members/{memberId}: a group's
 * membership periods. Each write refreshes everything of groups, the creators (profiles list their
 * memberships) and the history.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  GROUP_ROUTES,
  QUERY_KEYS,
  type GroupMember,
  type MembershipInput,
  type MembershipPeriod,
  type MessageResponse,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

function useMembershipInvalidation() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [QUERY_KEYS.groups, QUERY_KEYS.creators, QUERY_KEYS.history])
      void queryClient.invalidateQueries({ queryKey });
  };
}

export function useAddMembership(groupId: number) {
  const invalidate = useMembershipInvalidation();
  return useMutation({
    mutationFn: (input: MembershipInput) => api.post<GroupMember>(GROUP_ROUTES.members(groupId), input),
    onSuccess: invalidate,
  });
}

export function useUpdateMembership(groupId: number) {
  const invalidate = useMembershipInvalidation();
  return useMutation({
    mutationFn: ({ id, ...period }: MembershipPeriod & { id: number }) =>
      api.put<GroupMember>(GROUP_ROUTES.member(groupId, id), period),
    onSuccess: invalidate,
  });
}

export function useDeleteMembership(groupId: number) {
  const invalidate = useMembershipInvalidation();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(GROUP_ROUTES.member(groupId, id)),
    onSuccess: invalidate,
  });
}
