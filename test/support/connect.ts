import { randomUUID } from 'node:crypto';
import type { Platform } from '../../shared/platforms';
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

/**
 * The whole OAuth round trip as a browser makes it: authorize through our API, consent at the
 * sandbox, follow the redirect to our callback, which redirects to the app's /auth/callback.
 */
export async function connectThroughOAuth(
  twin: TwinInfo,
  user: TestUser,
  platform: Platform,
  account: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<{ callbackUrl: string; location: URL }> {
  const started = await callApi(twin, `/connections/${platform}/authorize`, user.idToken, { method: 'POST' });
  if (started.status !== 200) throw new Error(`authorize answered ${started.status}: ${JSON.stringify(started.body)}`);
  const authorizeUrl = String((started.body as { authorizationUrl: string }).authorizationUrl);
  const callbackUrl = await sandboxControl(twin).consent(platform, { authorizeUrl, account, displayName: `Sandbox ${account}`, decision });
  const response = await fetch(callbackUrl, { redirect: 'manual' });
  if (response.status !== 302) throw new Error(`callback answered ${response.status}: ${await response.text()}`);
  return { callbackUrl, location: new URL(response.headers.get('location')!) };
}
