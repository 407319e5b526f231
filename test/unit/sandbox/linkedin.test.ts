import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { allow, bearer, clients, DAY, formPost, jsonOf, redirectUri, startTestSandbox, urlWith, type TestClock } from './harness';

const client = clients.linkedin;
const scopes = 'openid profile email w_member_social';

let sandbox: Sandbox;
let clock: TestClock;

beforeAll(async () => ({ sandbox, clock } = await startTestSandbox()));
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.control.reset());

function authorizeUrl(params: Record<string, string> = {}): string {
  return urlWith(`${sandbox.hostUrl('linkedin', 'www')}/oauth/v2/authorization`, {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    state: 'li-state',
    scope: scopes,
    ...params,
  });
}

function tokenRequest(fields: Record<string, string>): Promise<Response> {
  return fetch(`${sandbox.hostUrl('linkedin', 'www')}/oauth/v2/accessToken`, formPost(fields));
}

function exchange(code: string, overrides: Record<string, string> = {}): Promise<Response> {
  return tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: client.clientId, client_secret: client.clientSecret, ...overrides });
}

async function connect(account = 'sandbox-user', params: Record<string, string> = {}, displayName?: string): Promise<string> {
  const { code } = await allow(sandbox, 'linkedin', authorizeUrl(params), account, displayName);
  const response = await exchange(code);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function userinfo(token: string): Promise<Response> {
  return fetch(`${sandbox.hostUrl('linkedin', 'api')}/v2/userinfo`, bearer(token));
}

const codeMismatch = { error: 'invalid_request', error_description: expect.stringContaining('does not match authorization code') };

describe('the LinkedIn authorize dialog', () => {
  it.each([
    ['a missing client_id', { client_id: '' }, 'client_id'],
    ['comma-separated scopes', { scope: 'openid,profile' }, 'space-separated'],
    ['an unknown scope', { scope: 'openid r_emailaddress_v9' }, 'r_emailaddress_v9'],
    ['a missing redirect_uri', { redirect_uri: '' }, 'redirect_uri'],
    ['a redirect_uri that is not absolute', { redirect_uri: '/callback' }, 'absolute'],
    ['a missing state', { state: '' }, 'state'],
  ])('answers %s with a 400 error page', async (_case, params, message) => {
    const response = await fetch(authorizeUrl(params));

    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it('on allow, redirects with the code and state', async () => {
    const { location } = await allow(sandbox, 'linkedin', authorizeUrl());

    expect(location.searchParams.get('state')).toBe('li-state');
  });

  it('on deny, redirects with user_cancelled_authorize', async () => {
    const location = await sandbox.control.consent('linkedin', { authorizeUrl: authorizeUrl(), account: 'a', decision: 'deny' });

    expect(location).toBe(`${redirectUri}?error=user_cancelled_authorize&error_description=The+user+cancelled+the+authorization&state=li-state`);
  });
});

describe('the LinkedIn token endpoint', () => {
  it('answers a 60-day token without a refresh token', async () => {
    const { code } = await allow(sandbox, 'linkedin', authorizeUrl());

    const body = await jsonOf(await exchange(code));

    expect(body).toMatchObject({ expires_in: 5_184_000, scope: 'openid,profile,email,w_member_social', token_type: 'Bearer' });
    expect(body['access_token']).toMatch(/^AQV/);
    expect(body).not.toHaveProperty('refresh_token');
  });

  it('refuses a wrong client secret with 401 invalid_client', async () => {
    const { code } = await allow(sandbox, 'linkedin', authorizeUrl());

    const response = await exchange(code, { client_secret: 'wrong' });

    expect(response.status).toBe(401);
    expect(await jsonOf(response)).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses another redirect_uri and a reused code', async () => {
    const first = await allow(sandbox, 'linkedin', authorizeUrl());
    const second = await allow(sandbox, 'linkedin', authorizeUrl());

    const mismatch = await exchange(first.code, { redirect_uri: `${redirectUri}?x=1` });
    await exchange(second.code);
    const reused = await exchange(second.code);

    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual(codeMismatch);
    expect(await reused.json()).toEqual(codeMismatch);
  });

  it('refuses refresh_token grants (programmatic refresh is for partners only)', async () => {
    const response = await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'x', client_id: client.clientId, client_secret: client.clientSecret });

    expect(response.status).toBe(400);
  });
});

describe('who connected on LinkedIn', () => {
  it('answers userinfo with sub, names, picture, locale and email', async () => {
    const accessToken = await connect('jane', {}, 'Jane Q Public');

    const body = await jsonOf(await userinfo(accessToken));

    expect(body).toEqual({
      sub: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
      name: 'Jane Q Public',
      given_name: 'Jane',
      family_name: 'Q Public',
      picture: `${sandbox.url}/linkedin/_avatar/${body['sub'] as string}.svg`,
      locale: { country: 'US', language: 'en' },
      email: 'jane@sandbox.example.com',
      email_verified: true,
    });
  });

  it('answers an expired token with 65600 INVALID_ACCESS_TOKEN', async () => {
    const accessToken = await connect();
    clock.advance(60 * DAY);

    const response = await userinfo(accessToken);

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' });
  });

  it('answers a revoked token with 65601 REVOKED_ACCESS_TOKEN', async () => {
    const accessToken = await connect();

    const revoked = await fetch(
      `${sandbox.hostUrl('linkedin', 'www')}/oauth/v2/revoke`,
      formPost({ client_id: client.clientId, client_secret: client.clientSecret, token: accessToken }),
    );

    expect(revoked.status).toBe(200);
    expect(await jsonOf(await userinfo(accessToken))).toEqual({
      status: 401,
      serviceErrorCode: 65601,
      code: 'REVOKED_ACCESS_TOKEN',
      message: 'The token used in the request has been revoked by the user',
    });
  });

  it('answers 65601 after the user removed the app', async () => {
    const accessToken = await connect('li-leaver');

    await sandbox.control.revokeAccess('linkedin', 'li-leaver');

    expect(await jsonOf(await userinfo(accessToken))).toMatchObject({ serviceErrorCode: 65601 });
  });

  it('refuses userinfo without openid with 403', async () => {
    const accessToken = await connect('poster', { scope: 'w_member_social' });

    expect((await userinfo(accessToken)).status).toBe(403);
  });
});
