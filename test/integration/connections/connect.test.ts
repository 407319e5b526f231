import { describe, expect, inject, it } from 'vitest';
import { capabilities, platforms } from '../../../shared/platforms';
import type { ConnectionList } from '../../../shared/api/connections';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { callApi, createUser, documentClient } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';

const twin = inject('twin');

async function list(token: string): Promise<ConnectionList> {
  const { status, body } = await callApi(twin, '/connections', token);
  expect(status).toBe(200);
  return body as unknown as ConnectionList;
}

describe('connecting accounts through each platform\'s OAuth (against the sandbox)', () => {
  it.each(platforms)('connects %s: profile stored, no token in the API, redirect to /auth/callback', async (platform) => {
    const user = await createUser(twin);
    const account = sandboxAccountName(platform);

    const { location } = await connectThroughOAuth(twin, user, platform, account);

    expect(`${location.origin}${location.pathname}`).toBe(`${twin.webUrl}/auth/callback`);
    // Picked from a consent that manages several accounts, the address also says how many were connected.
    const picked = new Set(['facebook', 'linkedinPage', 'googleBusiness']).has(platform) ? { count: '1' } : {};
    expect(Object.fromEntries(location.searchParams)).toEqual({ platform, status: 'connected', ...picked });
    const { connections, usage } = await list(user.idToken);
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({ platform, status: 'connected', displayName: `Sandbox ${account}` });
    expect(connections[0]!.platformUserId).not.toBe('');
    expect(usage).toEqual({ connectedAccounts: 1, maxAccounts: 1 });
    expect(Object.keys(connections[0]!).sort()).toEqual(
      ['avatarUrl', 'connectedAt', 'connectionId', 'displayName', 'grantedScopes', 'limits', 'platform', 'platformUserId', 'reconnectReason', 'status', 'tokenExpiry', 'updatedAt', 'username'],
    );
    // The limits the account's own server sets: only where the platform data says it has them (a Mastodon server's).
    expect(connections[0]!.limits === null).toBe(!capabilities[platform].accountLimits);
    // The scopes the platform granted (not secret): the composer tells from them who gets a first comment.
    expect(Array.isArray(connections[0]!.grantedScopes)).toBe(true);
  });

  it('connects every platform for a plan without an account limit', async () => {
    const user = await createUser(twin);
    await makeAdmin(twin, user);
    for (const platform of platforms) await connectThroughOAuth(twin, user, platform, sandboxAccountName(platform));
    const { connections, usage } = await list(user.idToken);
    expect(connections.map((connection) => connection.platform).sort()).toEqual([...platforms].sort());
    expect(usage).toEqual({ connectedAccounts: platforms.length, maxAccounts: null });
  });

  it('counts accounts for a membership row made before the counter existed', async () => {
    const user = await createUser(twin);
    await callApi(twin, '/me', user.idToken);
    await documentClient(twin).send(
      new UpdateCommand({
        TableName: twin.tableNames.memberships,
        Key: { userId: user.userId, record: 'membership' },
        UpdateExpression: 'REMOVE connectedAccounts',
      }),
    );

    const { location } = await connectThroughOAuth(twin, user, 'youtube', sandboxAccountName());

    expect(location.searchParams.get('status')).toBe('connected');
    expect((await list(user.idToken)).usage).toEqual({ connectedAccounts: 1, maxAccounts: 1 });
  });

  it('refuses a second account on the free plan with a clear message', async () => {
    const user = await createUser(twin);
    await connectThroughOAuth(twin, user, 'youtube', sandboxAccountName());

    const { status, body } = await callApi(twin, '/connections/x/authorize', user.idToken, { method: 'POST' });

    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'QuotaExceeded', message: expect.stringMatching(/allows 1 connected account/) });
  });

  it('updates, never duplicates, when the same platform account connects again', async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName();
    await connectThroughOAuth(twin, user, 'tiktok', account);
    const first = (await list(user.idToken)).connections[0]!;

    await makeAdmin(twin, user);
    await connectThroughOAuth(twin, user, 'tiktok', account);

    const { connections, usage } = await list(user.idToken);
    expect(connections).toHaveLength(1);
    expect(connections[0]!.connectionId).toBe(first.connectionId);
    expect(connections[0]!.connectedAt).toBe(first.connectedAt);
    expect(usage.connectedAccounts).toBe(1);
  });

  it('brings the user back with the reason when they deny consent', async () => {
    const user = await createUser(twin);

    const { location } = await connectThroughOAuth(twin, user, 'linkedin', sandboxAccountName(), 'deny');

    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      platform: 'linkedin',
      error: 'auth_failed',
      error_code: 'access_denied',
      error_message: 'You did not give OneClick access to your LinkedIn account.',
    });
    expect((await list(user.idToken)).connections).toEqual([]);
  });

  it('rejects a replayed callback (the state is single-use)', async () => {
    const user = await createUser(twin);
    const { callbackUrl } = await connectThroughOAuth(twin, user, 'instagram', sandboxAccountName());

    const replay = await fetch(callbackUrl, { redirect: 'manual' });

    const location = new URL(replay.headers.get('location')!);
    expect(location.searchParams.get('error_code')).toBe('invalid_state');
  });

  it('rejects a forged state and a state issued for another platform', async () => {
    const user = await createUser(twin);
    const forged = await fetch(`${twin.apiUrl}/connections/youtube/callback?code=abc&state=youtube_forged`, { redirect: 'manual' });
    expect(new URL(forged.headers.get('location')!).searchParams.get('error_code')).toBe('invalid_state');

    const started = await callApi(twin, '/connections/youtube/authorize', user.idToken, { method: 'POST' });
    const state = new URL((started.body as { authorizationUrl: string }).authorizationUrl).searchParams.get('state')!;
    const crossed = await fetch(`${twin.apiUrl}/connections/x/callback?code=abc&state=${encodeURIComponent(state)}`, { redirect: 'manual' });
    expect(new URL(crossed.headers.get('location')!).searchParams.get('error_code')).toBe('invalid_state');
  });

  it('validates the platform in the path', async () => {
    const user = await createUser(twin);
    const { status, body } = await callApi(twin, '/connections/myspace/authorize', user.idToken, { method: 'POST' });
    expect(status).toBe(400);
    expect(String(body?.['message'])).toMatch(/platform/);
  });

  it('disconnects: revokes at the platform, removes the tokens, frees the slot', async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName();
    await connectThroughOAuth(twin, user, 'x', account);
    const connection = (await list(user.idToken)).connections[0]!;

    const { status } = await callApi(twin, `/connections/x/${connection.platformUserId}`, user.idToken, { method: 'DELETE' });

    expect(status).toBe(204);
    const after = await list(user.idToken);
    expect(after.connections).toEqual([]);
    expect(after.usage.connectedAccounts).toBe(0);
    const issued = (await sandboxControl(twin).tokens('x')).filter((token) => token.account === account);
    expect(issued.length).toBeGreaterThan(0);
    expect(issued.every((token) => token.revoked)).toBe(true);
    // The freed slot can be used again.
    await connectThroughOAuth(twin, user, 'youtube', sandboxAccountName());
  });
});
