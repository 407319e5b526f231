// What other features may use from workspaces; everything else in this folder is its own.
export { LostAccessNotice, useWorkspaceInUrl, WorkspaceSwitcher } from './WorkspaceSwitcher';
export { takePendingInvitation } from './pendingInvitation';
export { currentWorkspaceId, reportLostAccess, switchWorkspace, useCurrentWorkspaceId } from './currentWorkspace';
export { useCurrentWorkspace, useMembers, useWorkspaces } from './api';
