import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalRule, AssignableRole } from '../../../../shared/api/workspaces';
import { useApi } from '../../lib/useApi';
import { useAuth } from '../auth';
import { useCurrentWorkspaceId } from './currentWorkspace';

export const workspacesQueryKey = ['workspaces'] as const;

/** The caller's workspaces and the invitations addressed to them. */
export function useWorkspaces() {
  const api = useApi();
  const { status, user } = useAuth();
  return useQuery({ queryKey: [...workspacesQueryKey, user?.userId], enabled: status === 'signedIn', queryFn: () => api('listWorkspaces') });
}

/** The current workspace with the caller's role in it (its approval rule decides the wizard's button). */
export function useCurrentWorkspace() {
  const api = useApi();
  const { status, user } = useAuth();
  const workspaceId = useCurrentWorkspaceId();
  return useQuery({ queryKey: [...workspacesQueryKey, user?.userId, 'current', workspaceId ?? 'personal'], enabled: status === 'signedIn', queryFn: () => api('getWorkspace') });
}

export function useMembers(enabled = true) {
  const api = useApi();
  const workspaceId = useCurrentWorkspaceId();
  return useQuery({ queryKey: [...workspacesQueryKey, 'members', workspaceId ?? 'personal'], enabled, queryFn: () => api('listMembers') });
}

function useWorkspaceMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }) });
}

export function useCreateWorkspace() {
  const api = useApi();
  return useWorkspaceMutation((name: string) => api('createWorkspace', { body: { name } }));
}

export function useUpdateWorkspace() {
  const api = useApi();
  return useWorkspaceMutation((changes: { name?: string; approvalRule?: ApprovalRule; timeZone?: string | null }) => api('updateWorkspace', { body: changes }));
}

export function useInviteMember() {
  const api = useApi();
  return useWorkspaceMutation((invite: { email: string; role: AssignableRole }) => api('inviteMember', { body: invite }));
}

export function useRevokeInvitation() {
  const api = useApi();
  return useWorkspaceMutation((invitationId: string) => api('revokeInvitation', { path: { invitationId } }));
}

export function useChangeRole() {
  const api = useApi();
  return useWorkspaceMutation(({ memberId, role }: { memberId: string; role: AssignableRole }) => api('changeMemberRole', { path: { memberId }, body: { role } }));
}

export function useRemoveMember() {
  const api = useApi();
  return useWorkspaceMutation((memberId: string) => api('removeMember', { path: { memberId } }));
}

export function useLeaveWorkspace() {
  const api = useApi();
  return useWorkspaceMutation(() => api('leaveWorkspace'));
}

export function useTransferOwnership() {
  const api = useApi();
  return useWorkspaceMutation((memberId: string) => api('transferOwnership', { body: { memberId } }));
}

export function useInvitation(token: string | undefined) {
  const api = useApi();
  const { status } = useAuth();
  return useQuery({
    queryKey: ['invitation', token],
    enabled: status === 'signedIn' && token !== undefined,
    retry: false,
    queryFn: () => api('getInvitation', { body: { token: token! } }),
  });
}

export function useAnswerInvitation() {
  const api = useApi();
  return useWorkspaceMutation(({ token, accept }: { token: string; accept: boolean }) =>
    accept ? api('acceptInvitation', { body: { token } }) : api('declineInvitation', { body: { token } }).then(() => undefined),
  );
}
