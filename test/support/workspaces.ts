import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { AssignableRole, Workspace } from '../../shared/api/workspaces';
import { WORKSPACE_HEADER } from '../../shared/api/workspaces';
import type { RouteId } from '../../shared/api/routes';
import { callRoute, callRouteWithinLimits, type RouteRequest, type RouteResponse } from './routes';
import type { TwinInfo } from './twinInfo';
import { createUser, uniqueEmail, type TestUser } from './users';
import { makeAdmin } from './connect';

/** A route called by `user` in the workspace `workspaceId` (the header the app sends). */
export function callIn(twin: TwinInfo, workspaceId: string, id: RouteId, request: RouteRequest, user: TestUser): Promise<RouteResponse> {
  return callRoute(twin, id, { ...request, headers: { ...request.headers, [WORKSPACE_HEADER]: workspaceId } }, user.idToken);
}

/** callIn for tests that walk the route table as one caller: the per-caller limit is waited out (callRouteWithinLimits). */
export function callInWithinLimits(twin: TwinInfo, workspaceId: string, id: RouteId, request: RouteRequest, user: TestUser): Promise<RouteResponse> {
  return callRouteWithinLimits(twin, id, { ...request, headers: { ...request.headers, [WORKSPACE_HEADER]: workspaceId } }, user.idToken);
}

export interface OutboxMail {
  email: string;
  kind?: string;
  subject?: string;
  text?: string;
}

/** Every mail the twin sent to this address (invitations, approval requests; the sign-up codes too). */
export function mailsTo(twin: TwinInfo, email: string): OutboxMail[] {
  const file = join(twin.cognitoDataDir, 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMail)
    .filter((mail) => mail.email.toLowerCase() === email.toLowerCase());
}

/** The secret of the latest invitation mailed to this address. */
export function invitationTokenFor(twin: TwinInfo, email: string): string {
  const mail = mailsTo(twin, email).filter((message) => message.kind === 'invitation').at(-1);
  const token = mail?.text?.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`No invitation mailed to ${email}`);
  return token;
}

export async function createWorkspace(twin: TwinInfo, owner: TestUser, name = 'Client workspace'): Promise<Workspace> {
  const created = await callRoute(twin, 'createWorkspace', { body: { name } }, owner.idToken);
  expect(created.status, created.text).toBe(200);
  return created.body as Workspace;
}

/** Invites the user in a role and accepts as them, through the mailed link's secret. */
export async function addMember(twin: TwinInfo, workspaceId: string, by: TestUser, member: TestUser, role: AssignableRole): Promise<void> {
  const invited = await callIn(twin, workspaceId, 'inviteMember', { body: { email: member.email, role } }, by);
  expect(invited.status, invited.text).toBe(200);
  const accepted = await callRoute(twin, 'acceptInvitation', { body: { token: invitationTokenFor(twin, member.email) } }, member.idToken);
  expect(accepted.status, accepted.text).toBe(200);
}

/** A shared workspace: its owner (on the admin plan: scheduling, no post limit) and a member in each role asked for. */
export interface Team {
  workspaceId: string;
  owner: TestUser;
  members: Partial<Record<AssignableRole, TestUser>>;
  /** Calls a route in this workspace as `user` (the workspace header set). */
  call(user: TestUser, id: RouteId, request?: RouteRequest): Promise<RouteResponse>;
  /** The header that names the workspace. */
  headers: Record<string, string>;
}

/** Creates a workspace and brings people in through the real invitation (the mailed link's secret) and acceptance. */
export async function createTeam(twin: TwinInfo, roles: readonly AssignableRole[], tag = 'team'): Promise<Team> {
  const owner = await createUser(twin, uniqueEmail(`${tag}-owner`));
  await makeAdmin(twin, owner);
  const { workspaceId } = await createWorkspace(twin, owner, `${tag} workspace`);
  const members: Team['members'] = {};
  for (const role of roles) {
    const member = await createUser(twin, uniqueEmail(`${tag}-${role}`));
    await addMember(twin, workspaceId, owner, member, role);
    members[role] = member;
  }
  return { workspaceId, owner, members, call: (user, id, request = {}) => callIn(twin, workspaceId, id, request, user), headers: { [WORKSPACE_HEADER]: workspaceId } };
}
