import { apiDependencies } from '../composition/http';
import { workspaces } from '../composition/workspaces';
import { memberships } from '../composition/memberships';
import { activityLog } from '../composition/activity';
import { apiKeyService } from '../composition/apiKeys';
import { createHttpHandler } from '../http/httpHandler';
import type { WorkspaceAccess } from '../services/workspaces';

const service = workspaces();
const plans = memberships();
const apiKeys = apiKeyService();

/** Present on every workspace route (the HTTP gate found it); its absence is a wiring fault. */
function current(workspace: WorkspaceAccess | undefined): WorkspaceAccess {
  if (!workspace) throw new Error('A workspace route ran without a workspace');
  return workspace;
}

export const handler = createHttpHandler(
  'workspaces',
  {
    listWorkspaces: ({ caller }) => service.list(caller),
    createWorkspace: ({ caller, input }) => service.create(caller, input.body.name),
    getInvitation: ({ caller, input }) => service.previewInvitation(caller, input.body.token),
    acceptInvitation: ({ caller, input }) => service.acceptInvitation(caller, input.body.token),
    declineInvitation: async ({ caller, input }) => {
      await service.declineInvitation(caller, input.body.token);
    },
    // `user` is the workspace's partition: its plan record (a personal workspace's is its user's).
    getWorkspace: async ({ user, caller, workspace }) => ({ ...(await service.get(current(workspace), caller)), membership: await plans.ensure(user) }),
    updateWorkspace: ({ caller, workspace, input }) => service.update(current(workspace), caller, input.body),
    listMembers: ({ caller, workspace }) => service.members(current(workspace), caller),
    inviteMember: ({ caller, workspace, input }) => service.invite(current(workspace), caller, input.body.email, input.body.role),
    revokeInvitation: async ({ workspace, input }) => {
      await service.revokeInvitation(current(workspace), input.path.invitationId);
    },
    changeMemberRole: ({ caller, workspace, input }) => service.changeRole(current(workspace), caller, input.path.memberId, input.body.role),
    removeMember: async ({ workspace, input }) => {
      await service.removeMember(current(workspace), input.path.memberId);
    },
    leaveWorkspace: async ({ caller, workspace }) => {
      await service.removeMember(current(workspace), caller.userId);
    },
    transferOwnership: ({ caller, workspace, input }) => service.transferOwnership(current(workspace), caller, input.body.memberId),
    listActivity: ({ workspace, input }) => activityLog().list(current(workspace).workspaceId, input.query),
    listApiKeys: ({ caller, workspace }) => apiKeys.list(current(workspace), caller),
    createApiKey: ({ caller, workspace, input }) => apiKeys.create(current(workspace), caller, input.body),
    revokeApiKey: ({ caller, workspace, input }) => apiKeys.revoke(current(workspace), caller, input.path.keyId),
  },
  apiDependencies('workspaces'),
);
