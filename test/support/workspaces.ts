import { readFileSync } from 'node:fs';
import { outboxFile } from '../../infra/local/cognito/cognito';
import type { RouteId } from '../../shared/api/routes';
import { WORKSPACE_HEADER, type AssignableRole, type Workspace } from '../../shared/api/workspaces';
import { callRoute, type RouteRequest } from './routes';
import type { TwinInfo } from './twinInfo';
import { createUser, uniqueEmail, type TestUser } from './users';
import { makeAdmin } from './connect';

/** One mail in the twin's outbox (functions/services/mailer.ts). */
export interface OutboxMail {
  email: string;
  kind: string;
  subject: string;
  text: string;
}

/** Every mail sent to this address so far, oldest first. */
export function mailTo(twin: TwinInfo, email: string): OutboxMail[] {
  let lines: string[];
  try {
    lines = readFileSync(outboxFile(twin.cognitoDataDir), 'utf8').split('\n');
  } catch {
    return [];
  }
  return lines.filter(Boolean).flatMap((line) => {
    const mail = JSON.parse(line) as OutboxMail;
    return mail.email === email ? [mail] : [];
  });
}

/** A shared workspace: its owner (on the admin plan: scheduling, no post limit) and a member in each role asked for. */
export interface Team {
  workspaceId: string;
  owner: TestUser;
  members: Partial<Record<AssignableRole, TestUser>>;
  /** Calls a route in this workspace as `user` (the workspace header set). */
  call(user: TestUser, id: RouteId, request?: RouteRequest): ReturnType<typeof callRoute>;
  /** The header that names the workspace. */
  headers: Record<string, string>;
}

/** Creates a workspace and brings people in through the real invitation (the mailed link's token) and acceptance. */
export async function createTeam(twin: TwinInfo, roles: readonly AssignableRole[], tag = 'team'): Promise<Team> {
  const owner = await createUser(twin, uniqueEmail(`${tag}-owner`));
  await makeAdmin(twin, owner);
  const created = await callRoute(twin, 'createWorkspace', { body: { name: `${tag} workspace` } }, owner.idToken);
  if (created.status !== 200) throw new Error(`createWorkspace answered ${created.status}: ${created.text}`);
  const workspaceId = (created.body as Workspace).workspaceId;
  const headers = { [WORKSPACE_HEADER]: workspaceId };
  const call = (user: TestUser, id: RouteId, request: RouteRequest = {}) => callRoute(twin, id, { ...request, headers: { ...headers, ...request.headers } }, user.idToken);
  const members: Team['members'] = {};
  for (const role of roles) {
    const member = await createUser(twin, uniqueEmail(`${tag}-${role}`));
    const invited = await call(owner, 'inviteMember', { body: { email: member.email, role } });
    if (invited.status !== 200) throw new Error(`inviteMember answered ${invited.status}: ${invited.text}`);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mailTo(twin, member.email).at(-1)?.text ?? '')?.[1];
    if (!token) throw new Error(`No invitation mail for ${member.email}`);
    const accepted = await callRoute(twin, 'acceptInvitation', { body: { token } }, member.idToken);
    if (accepted.status !== 200) throw new Error(`acceptInvitation answered ${accepted.status}: ${accepted.text}`);
    members[role] = member;
  }
  return { workspaceId, owner, members, call, headers };
}
