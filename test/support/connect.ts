import { randomUUID } from 'node:crypto';
import { capabilities, type Platform } from '../../shared/platforms';
import { connectSandboxControl } from '../../infra/local/sandbox/controlClient';
import { createMembershipService } from '../../functions/services/memberships';
import { systemClock } from '../../functions/clock';
import type { TwinInfo } from './twinInfo';
import { callApi, documentClient, type TestUser } from './users';

export function sandboxControl(twin: TwinInfo) {
  return connectSandboxControl(twin.endpoints.sandbox);
}

export function sandboxAccountName(tag = 'acct'): string {
  return `${tag}-${randomUUID().slice(0, 8)}`;
}

/** Gives the user the admin membership (no account limit), as the operator command does. */
export async function makeAdmin(twin: TwinInfo, user: TestUser): Promise<void> {
  await callApi(twin, '/me', user.idToken);
  await createMembershipService({ db: documentClient(twin), tableName: twin.tableNames.memberships, clock: systemClock }).setType(
    { userId: user.userId, email: user.email },
    'admin',
  );
}

/** A flow started by a user in one browser: the consent URL and that browser's flow cookie. */
export interface StartedFlow {
  platform: Platform;
  authorizationUrl: string;
  /** `oneclick_oauth=<nonce>` as the browser would send it back, or undefined if none was set. */
  cookie: string | undefined;
  /** The Set-Cookie header exactly as the API sent it. */
  setCookie: string | undefined;
}

/** The sandbox server a platform's accounts live on, where the user names one (connectServer): the first instance of its sandbox. */
const sandboxServers: Partial<Record<Platform, string>> = { mastodon: 'social' };

/** The address a user types for the sandbox server of a platform whose accounts live on one they name (undefined elsewhere). */
export function sandboxServer(twin: TwinInfo, platform: Platform, hostKey = sandboxServers[platform]): string | undefined {
  return capabilities[platform].connectServer && hostKey ? `${twin.endpoints.sandbox}/${platform}/${hostKey}` : undefined;
}

/** POST /connections/{platform}/authorize as the user's browser does (naming the sandbox server where the platform asks for one). */
export async function startFlow(twin: TwinInfo, user: TestUser, platform: Platform, headers: Record<string, string> = {}, server = sandboxServer(twin, platform)): Promise<StartedFlow> {
  const response = await fetch(`${twin.apiUrl}/connections/${platform}/authorize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}`, ...(server ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(server ? { body: JSON.stringify({ server }) } : {}),
  });
  const body = (await response.json()) as { authorizationUrl?: string };
  if (response.status !== 200) throw new Error(`authorize answered ${response.status}: ${JSON.stringify(body)}`);
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('oneclick_oauth='));
  return { platform, authorizationUrl: String(body.authorizationUrl), cookie: setCookie?.split(';')[0], setCookie };
}

/** The platform's redirect arriving at our callback from a browser holding `cookie` (or none). */
export async function arriveAtCallback(callbackUrl: string, cookie: string | undefined): Promise<URL> {
  const response = await fetch(callbackUrl, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  if (response.status !== 302) throw new Error(`callback answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location')!);
}

/** The app's /auth/callback page confirming a returned flow as `user`, from a browser holding `cookie`. */
export async function confirmFlow(twin: TwinInfo, user: TestUser, platform: Platform, state: string, cookie: string | undefined, headers: Record<string, string> = {}) {
  const response = await fetch(`${twin.apiUrl}/connections/${platform}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    body: JSON.stringify({ state }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined, setCookie: response.headers.getSetCookie() };
}

/**
 * The whole OAuth round trip as a browser makes it: authorize through our API (which sets the
 * flow cookie), consent at the sandbox, follow the redirect to our callback with the cookie, then
 * — when the callback hands back a flow to confirm — the app's confirm call as the signed-in
 * user. `location` is where the app goes next (/auth/callback with the outcome).
 */
export async function connectThroughOAuth(
  twin: TwinInfo,
  user: TestUser,
  platform: Platform,
  account: string,
  decision: 'allow' | 'deny' = 'allow',
  /** More request headers (the workspace header, to connect in a shared workspace). */
  headers: Record<string, string> = {},
  /** The server the user names, where the platform asks for one (default: the sandbox's first). */
  server = sandboxServer(twin, platform),
): Promise<{ callbackUrl: string; location: URL; cookie: string | undefined }> {
  const flow = await startFlow(twin, user, platform, headers, server);
  const callbackUrl = await sandboxControl(twin).consent(platform, { authorizeUrl: flow.authorizationUrl, account, displayName: `Sandbox ${account}`, decision });
  const returned = await arriveAtCallback(callbackUrl, flow.cookie);
  const state = returned.searchParams.get('state');
  if (!state) return { callbackUrl, location: returned, cookie: flow.cookie };
  const confirmed = await confirmFlow(twin, user, platform, state, flow.cookie, headers);
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  const choice = confirmed.body?.['choice'] as { choiceId: string; accounts: Array<{ id: string; name: string }> } | undefined;
  if (!choice) return { callbackUrl, location: new URL(String(confirmed.body?.['location'])), cookie: flow.cookie };
  // One consent, several accounts (Facebook Pages): the first offered, as a person picking one would.
  const chosen = await chooseAccounts(twin, user, platform, { choiceId: choice.choiceId, accountIds: [choice.accounts[0]!.id] }, flow.cookie);
  if (chosen.status !== 200) throw new Error(`choose answered ${chosen.status}: ${JSON.stringify(chosen.body)}`);
  return { callbackUrl, location: new URL(String(chosen.body?.['location'])), cookie: flow.cookie };
}

/** The app's account picker sending the chosen accounts, as `user`, from a browser holding `cookie`. */
export async function chooseAccounts(twin: TwinInfo, user: TestUser, platform: Platform, choice: { choiceId: string; accountIds: string[] }, cookie: string | undefined) {
  const response = await fetch(`${twin.apiUrl}/connections/${platform}/choose`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(choice),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}
