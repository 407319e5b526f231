import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import { callApi, createUser } from '../../support/users';
import { arriveAtCallback, confirmFlow, connectThroughOAuth, sandboxAccountName, sandboxControl, startFlow } from '../../support/connect';

const twin = inject('twin');

async function connectionsOf(token: string): Promise<ConnectionList['connections']> {
  return ((await callApi(twin, '/connections', token)).body as unknown as ConnectionList).connections;
}

/** The sandbox's consent, answered by whoever holds the link. */
async function consent(authorizationUrl: string, platform: Parameters<ReturnType<typeof sandboxControl>['consent']>[0], account: string) {
  return sandboxControl(twin).consent(platform, { authorizeUrl: authorizationUrl, account, displayName: `Sandbox ${account}`, decision: 'allow' });
}

function outcome(location: URL) {
  return Object.fromEntries(location.searchParams);
}

describe('OAuth flows are bound to the browser and the user that started them', () => {
  it('sets a short-lived HttpOnly, Secure, SameSite=Lax cookie scoped to the platform\'s connection paths', async () => {
    const user = await createUser(twin);
    const flow = await startFlow(twin, user, 'youtube');
    const attributes = flow.setCookie!.split(';').map((part) => part.trim());
    expect(attributes[0]).toMatch(/^oneclick_oauth=[A-Za-z0-9_-]{43}$/);
    expect(attributes.slice(1)).toEqual(
      expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Lax', `Path=${new URL(twin.apiUrl).pathname}/connections/youtube`, 'Max-Age=1500']),
    );
    // The nonce itself is nowhere in the consent URL.
    expect(flow.authorizationUrl).not.toContain(flow.cookie!.split('=')[1]);
  });

  it('the attack: an attacker starts, the victim\'s browser finishes — nothing is connected to either, and the victim reads why', async () => {
    const attacker = await createUser(twin);
    const victim = await createUser(twin);
    const attackerFlow = await startFlow(twin, attacker, 'youtube');
    // The victim follows the attacker's consent link and presses Allow on the genuine page.
    const callbackUrl = await consent(attackerFlow.authorizationUrl, 'youtube', sandboxAccountName('victim'));

    // The victim's browser has no flow cookie, or one of its own flow: both are refused.
    const withoutCookie = await arriveAtCallback(callbackUrl, undefined);
    expect(outcome(withoutCookie)).toMatchObject({ platform: 'youtube', error: 'auth_failed', error_code: 'other_browser' });
    expect(withoutCookie.searchParams.get('error_message')).toMatch(/different browser .* Nothing was connected/);
    expect(withoutCookie.searchParams.has('state')).toBe(false);

    // The attacker cannot finish it afterwards either: the flow is spent.
    const state = new URL(attackerFlow.authorizationUrl).searchParams.get('state')!;
    expect(outcome(await arriveAtCallback(callbackUrl, attackerFlow.cookie))).toMatchObject({ error_code: 'invalid_state' });
    expect((await confirmFlow(twin, attacker, 'youtube', state, attackerFlow.cookie)).status).toBe(400);

    expect(await connectionsOf(attacker.idToken)).toEqual([]);
    expect(await connectionsOf(victim.idToken)).toEqual([]);
  });

  it('the victim\'s own cookie from another flow does not open the attacker\'s', async () => {
    const attacker = await createUser(twin);
    const victim = await createUser(twin);
    const attackerFlow = await startFlow(twin, attacker, 'linkedin');
    const victimFlow = await startFlow(twin, victim, 'linkedin');
    const callbackUrl = await consent(attackerFlow.authorizationUrl, 'linkedin', sandboxAccountName('victim'));

    expect(outcome(await arriveAtCallback(callbackUrl, victimFlow.cookie))).toMatchObject({ error_code: 'other_browser' });
    expect(await connectionsOf(attacker.idToken)).toEqual([]);
    expect(await connectionsOf(victim.idToken)).toEqual([]);
  });

  it('another OneClick user signed in where the flow came back cannot confirm it, and it connects nothing to them', async () => {
    const starter = await createUser(twin);
    const other = await createUser(twin);
    const flow = await startFlow(twin, starter, 'tiktok');
    const callbackUrl = await consent(flow.authorizationUrl, 'tiktok', sandboxAccountName('shared'));
    const returned = await arriveAtCallback(callbackUrl, flow.cookie);
    const state = returned.searchParams.get('state')!;
    expect(outcome(returned)).toEqual({ platform: 'tiktok', state });

    const refused = await confirmFlow(twin, other, 'tiktok', state, flow.cookie);

    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'other_user', message: expect.stringMatching(/different OneClick account .* Nothing was connected/) });
    expect(await connectionsOf(other.idToken)).toEqual([]);
    expect(await connectionsOf(starter.idToken)).toEqual([]);
    // Checked first, then taken (issue 26, item 9): the refused confirm did not burn the starter's attempt.
    expect((await confirmFlow(twin, starter, 'tiktok', state, flow.cookie)).status).toBe(200);
    expect(await connectionsOf(starter.idToken)).toHaveLength(1);
    expect(await connectionsOf(other.idToken)).toEqual([]);
  });

  it('the right user confirming without the starting browser\'s cookie connects nothing', async () => {
    const user = await createUser(twin);
    const flow = await startFlow(twin, user, 'x');
    const returned = await arriveAtCallback(await consent(flow.authorizationUrl, 'x', sandboxAccountName()), flow.cookie);

    const refused = await confirmFlow(twin, user, 'x', returned.searchParams.get('state')!, undefined);

    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'other_browser' });
    expect(await connectionsOf(user.idToken)).toEqual([]);
  });

  it('a confirm refused for want of the cookie, or with another, leaves the attempt usable from the starting browser', async () => {
    const user = await createUser(twin);
    const flow = await startFlow(twin, user, 'x');
    const other = await startFlow(twin, user, 'linkedin');
    const state = (await arriveAtCallback(await consent(flow.authorizationUrl, 'x', sandboxAccountName()), flow.cookie)).searchParams.get('state')!;

    expect((await confirmFlow(twin, user, 'x', state, undefined)).body).toMatchObject({ code: 'other_browser' });
    expect((await confirmFlow(twin, user, 'x', state, other.cookie)).body).toMatchObject({ code: 'other_browser' });

    expect((await confirmFlow(twin, user, 'x', state, flow.cookie)).status).toBe(200);
    expect(await connectionsOf(user.idToken)).toHaveLength(1);
  });

  it('refuses a replayed callback and a replayed confirm once the flow connected', async () => {
    const user = await createUser(twin);
    const flow = await startFlow(twin, user, 'instagram');
    const callbackUrl = await consent(flow.authorizationUrl, 'instagram', sandboxAccountName());
    const state = (await arriveAtCallback(callbackUrl, flow.cookie)).searchParams.get('state')!;
    const confirmed = await confirmFlow(twin, user, 'instagram', state, flow.cookie);
    expect(confirmed.status).toBe(200);
    // The cookie is cleared once the flow is done.
    expect(confirmed.setCookie.find((cookie) => cookie.startsWith('oneclick_oauth='))).toMatch(/^oneclick_oauth=; .*Max-Age=0/);

    expect(outcome(await arriveAtCallback(callbackUrl, flow.cookie))).toMatchObject({ error_code: 'invalid_state' });
    const again = await confirmFlow(twin, user, 'instagram', state, flow.cookie);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'invalid_state' });
    expect(await connectionsOf(user.idToken)).toHaveLength(1);
  });

  it('refuses a stale cookie: the one left from an earlier flow does not finish a new one', async () => {
    const user = await createUser(twin);
    const { cookie: stale } = await connectThroughOAuth(twin, user, 'youtube', sandboxAccountName());
    await callApi(twin, `/connections/youtube/${(await connectionsOf(user.idToken))[0]!.platformUserId}`, user.idToken, { method: 'DELETE' });
    const flow = await startFlow(twin, user, 'youtube');

    const returned = await arriveAtCallback(await consent(flow.authorizationUrl, 'youtube', sandboxAccountName()), stale);

    expect(outcome(returned)).toMatchObject({ error_code: 'other_browser' });
    expect(await connectionsOf(user.idToken)).toEqual([]);
  });

  it('refuses a cookie from another flow of the same user (a newer attempt replaced it)', async () => {
    const user = await createUser(twin);
    const first = await startFlow(twin, user, 'linkedin');
    const second = await startFlow(twin, user, 'linkedin');
    expect(second.cookie).not.toBe(first.cookie);

    const returned = await arriveAtCallback(await consent(first.authorizationUrl, 'linkedin', sandboxAccountName()), second.cookie);

    expect(outcome(returned)).toMatchObject({ error_code: 'other_browser' });
    expect(await connectionsOf(user.idToken)).toEqual([]);
    // The newer flow still works with its own cookie.
    const newer = await arriveAtCallback(await consent(second.authorizationUrl, 'linkedin', sandboxAccountName()), second.cookie);
    expect((await confirmFlow(twin, user, 'linkedin', newer.searchParams.get('state')!, second.cookie)).status).toBe(200);
    expect(await connectionsOf(user.idToken)).toHaveLength(1);
  });
});
