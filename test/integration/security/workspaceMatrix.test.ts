import { beforeAll, describe, expect, inject, it } from 'vitest';
import { roleMay, routeRules, type RouteRule } from '../../../shared/api/authorization';
import { routeIds, routes, type RouteId } from '../../../shared/api/routes';
import { workspaceRoles, type WorkspaceRole } from '../../../shared/api/workspaces';
import { matrix } from './routeMatrix';
import { createUser, type TestUser } from '../../support/users';
import { makeAdmin } from '../../support/connect';
import { callRoute } from '../../support/routes';
import { startDeletion } from '../../support/deletion';
import { addMember, callIn, callInWithinLimits, createWorkspace } from '../../support/workspaces';

const twin = inject('twin');

/**
 * The authorization matrix, generated from the rule table (shared/api/authorization.ts): every
 * route × every role × own or another workspace × a removed member × a deleted account. A role
 * the table allows is never refused for its role; one it does not is refused with 403 in words,
 * before the route runs.
 */
const workspaceRoutes = routeIds.filter((id) => routeRules[id].scope === 'workspace');
// Leaving last: a role that may leave does, and must still be a member for every other route.
const ordered = [...workspaceRoutes.filter((id) => id !== 'leaveWorkspace'), 'leaveWorkspace' as const];

function sampleOf(id: RouteId) {
  const entry = matrix[id];
  if (entry.auth !== 'user') throw new Error(`${id} is a workspace route without a user sample`);
  return entry.sample;
}

describe('workspace authorization matrix, generated from the rule table', () => {
  const members = {} as Record<WorkspaceRole, TestUser>;
  let workspaceId: string;
  let otherWorkspaceId: string;
  let outsider: TestUser;
  let removed: TestUser;
  let deleted: TestUser;

  beforeAll(async () => {
    const [owner, admin, editor, contributor, viewer, stranger, gone, deleting] = await Promise.all(Array.from({ length: 8 }, () => createUser(twin)));
    await makeAdmin(twin, owner!);
    Object.assign(members, { owner, admin, editor, contributor, viewer });
    workspaceId = (await createWorkspace(twin, owner!, 'Matrix workspace')).workspaceId;
    await addMember(twin, workspaceId, owner!, admin!, 'admin');
    await Promise.all([
      addMember(twin, workspaceId, admin!, editor!, 'editor'),
      addMember(twin, workspaceId, owner!, contributor!, 'contributor'),
      addMember(twin, workspaceId, owner!, viewer!, 'viewer'),
      addMember(twin, workspaceId, owner!, gone!, 'editor'),
      addMember(twin, workspaceId, owner!, deleting!, 'editor'),
    ]);
    expect((await callIn(twin, workspaceId, 'removeMember', { path: { memberId: gone!.userId } }, owner!)).status).toBe(204);
    await startDeletion(twin, deleting!);
    outsider = stranger!;
    removed = gone!;
    deleted = deleting!;
    otherWorkspaceId = (await createWorkspace(twin, outsider, "The outsider's workspace")).workspaceId;
  }, 120_000);

  it('has a rule for every route, and only known actions', () => {
    expect(Object.keys(routeRules).sort()).toEqual([...routeIds].sort());
    for (const id of routeIds) {
      const rule: RouteRule = routeRules[id];
      expect(rule.scope === 'public', `${id}: a public route has no signed-in caller`).toBe(routes[id].auth === 'public');
    }
  });

  describe.each(ordered)('%s', (id) => {
    const rule = routeRules[id] as Extract<RouteRule, { scope: 'workspace' }>;

    it('is decided by the role: allowed roles pass the gate, the others get 403 in words', async () => {
      for (const role of workspaceRoles) {
        const response = await callInWithinLimits(twin, workspaceId, id, sampleOf(id), members[role]);
        const code = (response.body as { code?: string } | undefined)?.code;
        if (roleMay(role, rule.action)) {
          expect(code, `${id} as ${role} (may ${rule.action}): ${response.status} ${response.text}`).not.toBe('RoleForbidden');
          expect(code, `${id} as ${role}`).not.toBe('NotAWorkspaceMember');
        } else {
          expect(response.status, `${id} as ${role} (may not ${rule.action}): ${response.text}`).toBe(403);
          expect(code).toBe('RoleForbidden');
          expect((response.body as { message: string }).message).toContain(role);
        }
      }
    });

    it('refuses a non-member, a removed member, and a member in a workspace that is not theirs', async () => {
      for (const [who, user, where] of [
        ['a stranger', outsider, workspaceId],
        ['a removed member', removed, workspaceId],
        ["the owner, in another's workspace", members.owner, otherWorkspaceId],
      ] as const) {
        const response = await callInWithinLimits(twin, where, id, sampleOf(id), user);
        expect(response.status, `${id} by ${who}: ${response.text}`).toBe(403);
        expect((response.body as { code?: string }).code).toBe('NotAWorkspaceMember');
      }
    });

    it('refuses a member whose account is being deleted', async () => {
      const response = await callInWithinLimits(twin, workspaceId, id, sampleOf(id), deleted);
      expect([409, 410], `${id}: ${response.text}`).toContain(response.status);
    });
  });

  /**
   * A person's GET whose sample names something that must exist for a 200: the MCP consent page
   * reads a registered assistant (its sample's forged client is refused, in words, as it should be).
   */
  async function answerableSample(id: RouteId) {
    if (id !== 'getMcpConsent') return sampleOf(id);
    const redirectUri = 'https://assistant.example/callback';
    const registered = await callRoute(twin, 'registerMcpClient', { body: { client_name: 'Matrix assistant', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' } });
    expect(registered.status, registered.text).toBe(201);
    const clientId = (registered.body as { client_id: string }).client_id;
    return { query: { ...sampleOf(id).query, client_id: clientId, redirect_uri: redirectUri } };
  }

  it('ignores the workspace header on the routes about the person', async () => {
    for (const id of routeIds.filter((route) => routeRules[route].scope === 'person' && routes[route].method === 'GET')) {
      const response = await callInWithinLimits(twin, workspaceId, id, await answerableSample(id), outsider);
      expect(response.status, `${id}: ${response.text}`).toBe(200);
    }
  });
});
