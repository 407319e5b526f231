import { createWorkspaceGate } from '../../functions/http/workspaceGate';

/** Every caller in their personal workspace, as its owner (the gate itself: test/unit/functions/http/workspaceGate.test.ts). */
export const personalOnly = createWorkspaceGate({ access: async (user) => ({ workspaceId: user.userId, role: 'owner', personal: true }) });
