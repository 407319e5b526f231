import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreatedApiKey } from '../../../shared/api/apiKeys';
import { roleMay, routeRules, type RouteRule } from '../../../shared/api/authorization';
import { apiScopes, publicApiRoutes, type ApiScope, type PublicApiRouteId } from '../../../shared/api/publicApi';
import { workspaceRoles, type WorkspaceRole } from '../../../shared/api/workspaces';
import { matrix } from './routeMatrix';
import { createUser, type TestUser } from '../../support/users';
import { makeAdmin } from '../../support/connect';
import { startDeletion } from '../../support/deletion';
import { callPublicApi, type RouteRequest, type RouteResponse } from '../../support/routes';
import { addMember, callIn, createWorkspace } from '../../support/workspaces';

const twin = inject('twin');

/**
 * The authorization matrix over API keys, generated from the public API's list and the rule
 * table: every public route at /v1 × a key made by each role (every scope) × a key without the
 * route's scope × a revoked key × the key of a removed member and of an account being deleted ×
 * a sign-in token. The key's scope is checked on top of its maker's role, never instead of it.
 */
const publicRoutes = Object.keys(publicApiRoutes) as PublicApiRouteId[];

function sampleOf(id: PublicApiRouteId): RouteRequest {
  const entry = matrix[id];
  if (entry.auth !== 'user') throw new Error(`${id} is a public API route without a user sample`);
  return entry.sample;
}

const codeOf = (body: unknown) => (body as { code?: string } | undefined)?.code;

describe('the authorization matrix over API keys', () => {
  const keys = {} as Record<WorkspaceRole, string>;
  const withoutScope = {} as Record<ApiScope, string>;
  let revoked: string;
  let removedMakers: string;
  let deletedMakers: string;
  let signInToken: string;

  beforeAll(async () => {
    const [owner, admin, editor, contributor, viewer, gone, deleting] = await Promise.all(Array.from({ length: 7 }, () => createUser(twin)));
    await makeAdmin(twin, owner!);
    const members: Record<WorkspaceRole, TestUser> = { owner: owner!, admin: admin!, editor: editor!, contributor: contributor!, viewer: viewer! };
    const { workspaceId } = await createWorkspace(twin, owner!, 'Key matrix workspace');
    await Promise.all([
      addMember(twin, workspaceId, owner!, admin!, 'admin'),
      addMember(twin, workspaceId, owner!, editor!, 'editor'),
      addMember(twin, workspaceId, owner!, contributor!, 'contributor'),
      addMember(twin, workspaceId, owner!, viewer!, 'viewer'),
      addMember(twin, workspaceId, owner!, gone!, 'editor'),
      addMember(twin, workspaceId, owner!, deleting!, 'editor'),
    ]);
    const make = async (user: TestUser, scopes: ApiScope[]) => {
      const created = await callIn(twin, workspaceId, 'createApiKey', { body: { name: 'Matrix key', scopes } }, user);
      expect(created.status, created.text).toBe(200);
      return created.body as CreatedApiKey;
    };
    for (const role of workspaceRoles) keys[role] = (await make(members[role], [...apiScopes])).key;
    for (const scope of apiScopes) withoutScope[scope] = (await make(owner!, apiScopes.filter((other) => other !== scope))).key;
    const toRevoke = await make(editor!, [...apiScopes]);
    expect((await callIn(twin, workspaceId, 'revokeApiKey', { path: { keyId: toRevoke.keyId } }, editor!)).status).toBe(200);
    revoked = toRevoke.key;
    removedMakers = (await make(gone!, [...apiScopes])).key;
    expect((await callIn(twin, workspaceId, 'removeMember', { path: { memberId: gone!.userId } }, owner!)).status).toBe(204);
    deletedMakers = (await make(deleting!, [...apiScopes])).key;
    await startDeletion(twin, deleting!);
    signInToken = owner!.idToken;
  }, 120_000);

  it('lists only workspace routes, each with a sample request', () => {
    for (const id of publicRoutes) {
      expect(routeRules[id].scope, id).toBe('workspace');
      expect(matrix[id].auth, id).toBe('user');
    }
  });

  describe.each(publicRoutes)('/v1 %s', (id) => {
    const rule = routeRules[id] as Extract<RouteRule, { scope: 'workspace' }>;
    const scope = publicApiRoutes[id];

    it("is decided by the key maker's role, as in the app, in problem details", async () => {
      const responses = await Promise.all(workspaceRoles.map((role) => callPublicApi(twin, id, sampleOf(id), keys[role])));
      for (const [index, role] of workspaceRoles.entries()) {
        const response = responses[index]!;
        const code = codeOf(response.body);
        expect(response.headers.get('ratelimit-limit'), `${id} as ${role}`).not.toBeNull();
        if (roleMay(role, rule.action)) {
          expect(code, `${id} as ${role} (may ${rule.action}): ${response.status} ${response.text}`).not.toBe('RoleForbidden');
          expect(code, `${id} as ${role}`).not.toBe('ScopeMissing');
        } else {
          expect(response.status, `${id} as ${role} (may not ${rule.action}): ${response.text}`).toBe(403);
          expect(response.body).toMatchObject({ type: 'about:blank', status: 403, code: 'RoleForbidden', detail: expect.stringContaining(role) });
        }
      }
    });

    it(`refuses a key without the "${scope}" scope, and lets a key without another scope pass the scope check`, async () => {
      const responses = await Promise.all(apiScopes.map((missing) => callPublicApi(twin, id, sampleOf(id), withoutScope[missing])));
      for (const [index, missing] of apiScopes.entries()) {
        const response = responses[index]!;
        if (missing === scope) {
          expect(response.status, `${id} without ${missing}: ${response.text}`).toBe(403);
          expect(codeOf(response.body)).toBe('ScopeMissing');
        } else {
          expect(codeOf(response.body), `${id} without ${missing}: ${response.text}`).not.toBe('ScopeMissing');
        }
      }
    });

    it("refuses a revoked key, a removed member's key, a deleted account's key and a sign-in token", async () => {
      const [byRevoked, byRemoved, byDeleted, bySignIn] = (await Promise.all([revoked, removedMakers, deletedMakers, signInToken].map((bearer) => callPublicApi(twin, id, sampleOf(id), bearer)))) as [RouteResponse, RouteResponse, RouteResponse, RouteResponse];
      expect(byRevoked.status, byRevoked.text).toBe(401);
      expect(codeOf(byRevoked.body)).toBe('ApiKeyRefused');
      expect(byRemoved.status, byRemoved.text).toBe(401);
      expect([409, 410], byDeleted.text).toContain(byDeleted.status);
      expect(bySignIn.status, bySignIn.text).toBe(401);
      expect(codeOf(bySignIn.body)).toBe('ApiKeyRequired');
    });
  });
});
