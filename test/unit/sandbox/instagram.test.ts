import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { allow, bearer, clients, DAY, formPost, HOUR, jsonOf, redirectUri, startTestSandbox, urlWith, type TestClock } from './harness';

const client = clients.instagram;
const scopes = 'instagram_business_basic,instagram_business_content_publish';

let sandbox: Sandbox;
let clock: TestClock;

beforeAll(async () => ({ sandbox, clock } = await startTestSandbox()));
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.control.reset());

function authorizeUrl(params: Record<string, string> = {}, hostKey = 'www'): string {
  return urlWith(`${sandbox.hostUrl('instagram', hostKey)}/oauth/authorize`, {
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: scopes,
    state: 'ig-state',
    ...params,
  });
}

function exchangeCode(code: string, overrides: Record<string, string> = {}): Promise<Response> {
  return fetch(
    `${sandbox.hostUrl('instagram', 'api')}/oauth/access_token`,
    formPost({ client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code, ...overrides }),
  );
}

function graph(path: string, params: Record<string, string>): Promise<Response> {
  return fetch(urlWith(`${sandbox.hostUrl('instagram', 'graph')}${path}`, params));
}

function longLived(shortToken: string, secret = client.clientSecret): Promise<Response> {
  return graph('/access_token', { grant_type: 'ig_exchange_token', client_secret: secret, access_token: shortToken });
}

function refreshLongLived(longToken: string): Promise<Response> {
  return graph('/refresh_access_token', { grant_type: 'ig_refresh_token', access_token: longToken });
}

async function shortLived(account = 'sandbox-user') {
  const { code } = await allow(sandbox, 'instagram', authorizeUrl(), account);
  const response = await exchangeCode(code);
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; user_id: string; permissions: string };
}

async function connect(account = 'sandbox-user'): Promise<string> {
  const { access_token: shortToken } = await shortLived(account);
  const response = await longLived(shortToken);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function me(token: string, version = ''): Promise<Response> {
  return graph(`${version}/me`, { fields: 'user_id,username,name,profile_picture_url', access_token: token });
}

describe('the Instagram authorize dialog', () => {
  it.each([
    ['a missing client_id', { client_id: '' }, 'Missing required parameter: client_id'],
    ['an unregistered client_id', { client_id: '1' }, 'not a registered app'],
    ['a deprecated scope name', { scope: 'business_basic' }, 'Unknown scope'],
    ['no instagram_business_basic', { scope: 'instagram_business_content_publish' }, 'instagram_business_basic'],
    ['response_type=token', { response_type: 'token' }, 'response_type must be'],
    ['a missing state', { state: '' }, 'state'],
  ])('answers %s with a 400 error page', async (_case, params, message) => {
    const response = await fetch(authorizeUrl(params));

    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it('serves the dialog on api.instagram.com too', async () => {
    const response = await fetch(authorizeUrl({}, 'api'));

    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Instagram (sandbox)');
  });
});

describe('Instagram consent', () => {
  it('on allow, redirects with the code and state and appends #_', async () => {
    const location = await sandbox.control.consent('instagram', { authorizeUrl: authorizeUrl(), account: 'sandbox-user', decision: 'allow' });

    expect(location.endsWith('#_')).toBe(true);
    expect(new URL(location).searchParams.get('state')).toBe('ig-state');
    expect(new URL(location).searchParams.get('code')).toMatch(/^AQ/);
  });

  it('on deny, redirects with user_denied and "Permissions error"', async () => {
    const location = await sandbox.control.consent('instagram', { authorizeUrl: authorizeUrl(), account: 'sandbox-user', decision: 'deny' });

    expect(location).toContain('error=access_denied&error_reason=user_denied&error_description=Permissions+error');
    expect(new URL(location).searchParams.get('state')).toBe('ig-state');
  });
});

describe('the Instagram code exchange', () => {
  it('answers a short-lived token with user_id and permissions', async () => {
    const answer = await shortLived();

    expect(answer.user_id).toMatch(/^17841\d{12}$/);
    expect(answer.permissions).toBe(scopes);
    expect(answer.access_token).toMatch(/^IGAA/);
    const issued = await sandbox.control.tokens('instagram');
    expect(issued).toEqual([{ kind: 'access', account: 'sandbox-user', revoked: false, expiresAt: clock.now() + HOUR }]);
  });

  it('refuses a wrong client secret in the api.instagram.com error shape', async () => {
    const { code } = await allow(sandbox, 'instagram', authorizeUrl());

    const response = await exchangeCode(code, { client_secret: 'wrong' });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error_type: 'OAuthException', code: 400, error_message: 'Error validating client secret.' });
  });

  it('refuses another redirect_uri and a reused code', async () => {
    const { code } = await allow(sandbox, 'instagram', authorizeUrl());

    const mismatch = await exchangeCode(code, { redirect_uri: 'https://elsewhere.test/' });
    const reused = await exchangeCode(code);

    expect(await jsonOf(mismatch)).toMatchObject({ error_type: 'OAuthException', error_message: expect.stringContaining('redirect_uri') });
    expect(await jsonOf(reused)).toMatchObject({ error_message: 'Matching code was not found or was already used' });
  });
});

describe('Instagram long-lived tokens', () => {
  it('exchanges a short-lived token for a 60-day bearer token', async () => {
    const { access_token: shortToken } = await shortLived();

    const response = await longLived(shortToken);
    const body = await jsonOf(response);

    expect(response.status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 5_184_000 });
    expect(body['access_token']).not.toBe(shortToken);
  });

  it('refuses the exchange with a wrong client secret', async () => {
    const { access_token: shortToken } = await shortLived();

    const response = await longLived(shortToken, 'wrong');

    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({ error: { type: 'OAuthException', message: 'Error validating client secret.' } });
  });

  it('refuses to refresh a token younger than 24 hours, then refreshes it', async () => {
    const longToken = await connect();

    clock.advance(23 * HOUR);
    const tooEarly = await refreshLongLived(longToken);
    clock.advance(HOUR);
    const refreshed = await refreshLongLived(longToken);

    expect(tooEarly.status).toBe(400);
    expect(await jsonOf(tooEarly)).toMatchObject({ error: { type: 'OAuthException', code: 100 } });
    expect(refreshed.status).toBe(200);
    expect(await jsonOf(refreshed)).toMatchObject({ token_type: 'bearer', expires_in: 5_184_000 });
  });

  it('refuses to refresh an expired token with 190/463', async () => {
    const longToken = await connect();

    clock.advance(60 * DAY);
    const response = await refreshLongLived(longToken);

    expect(await jsonOf(response)).toMatchObject({ error: { type: 'OAuthException', code: 190, error_subcode: 463, fbtrace_id: expect.any(String) } });
  });

  it('gives the refreshed token a new 60 days', async () => {
    const longToken = await connect();
    clock.advance(50 * DAY);
    const refreshed = (await jsonOf(await refreshLongLived(longToken)))['access_token'] as string;

    clock.advance(20 * DAY);

    expect((await me(longToken)).status).toBe(400);
    expect((await me(refreshed)).status).toBe(200);
  });
});

describe('who connected on Instagram', () => {
  it('answers /me with the requested fields, with or without a version prefix', async () => {
    const { code } = await allow(sandbox, 'instagram', authorizeUrl(), 'shop.window', 'Shop Window');
    const { access_token: shortToken, user_id: userId } = (await (await exchangeCode(code)).json()) as { access_token: string; user_id: string };

    const plain = await jsonOf(await me(shortToken));
    const versioned = await jsonOf(await me(shortToken, '/v21.0'));

    expect(plain).toEqual({
      user_id: userId,
      username: 'shop.window',
      name: 'Shop Window',
      profile_picture_url: `${sandbox.url}/instagram/_avatar/${userId}.svg`,
      id: expect.stringMatching(/^\d{16}$/),
    });
    expect(versioned).toEqual(plain);
  });

  it('takes the token as a bearer header too', async () => {
    const longToken = await connect();

    const response = await fetch(`${sandbox.hostUrl('instagram', 'graph')}/v22.0/me?fields=username`, bearer(longToken));

    expect(await jsonOf(response)).toMatchObject({ username: 'sandbox_user' });
  });

  it('refuses an unknown field with (#100)', async () => {
    const longToken = await connect();

    const response = await graph('/me', { fields: 'username,email', access_token: longToken });

    expect(await jsonOf(response)).toMatchObject({ error: { code: 100, message: expect.stringContaining('(email)') } });
  });

  it('answers a short-lived token after its hour with 190/463', async () => {
    const { access_token: shortToken } = await shortLived();
    clock.advance(HOUR);

    const response = await me(shortToken);

    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({ error: { type: 'OAuthException', code: 190, error_subcode: 463 } });
  });

  it('answers tokens of a user who removed the app with 190/458', async () => {
    const longToken = await connect('leaver');

    await sandbox.control.revokeAccess('instagram', 'leaver');

    expect(await jsonOf(await me(longToken))).toMatchObject({ error: { type: 'OAuthException', code: 190, error_subcode: 458 } });
  });

  it('answers an unknown token with 190', async () => {
    expect(await jsonOf(await me('IGAAnot-a-token'))).toMatchObject({ error: { type: 'OAuthException', code: 190 } });
  });
});
