import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { allow, basicAuth, bearer, clients, formPost, HOUR, jsonOf, pkcePair, redirectUri, startTestSandbox, urlWith, type TestClock } from './harness';

const client = clients.x;
const scopes = 'tweet.read tweet.write users.read media.write offline.access';
const pkce = pkcePair();

let sandbox: Sandbox;
let clock: TestClock;

beforeAll(async () => ({ sandbox, clock } = await startTestSandbox()));
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.control.reset());

interface XTokens {
  token_type: string;
  expires_in: number;
  access_token: string;
  scope: string;
  refresh_token?: string;
}

function authorizeUrl(params: Record<string, string> = {}): string {
  return urlWith(`${sandbox.hostUrl('x', 'www')}/i/oauth2/authorize`, {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    scope: scopes,
    state: 'x-state',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...params,
  });
}

function tokenRequest(fields: Record<string, string>, authorization = basicAuth(client)): Promise<Response> {
  return fetch(`${sandbox.hostUrl('x', 'api')}/2/oauth2/token`, formPost(fields, authorization ? { authorization } : {}));
}

function exchange(code: string, overrides: Record<string, string> = {}, authorization?: string): Promise<Response> {
  return tokenRequest(
    { code, grant_type: 'authorization_code', redirect_uri: redirectUri, code_verifier: pkce.verifier, client_id: client.clientId, ...overrides },
    authorization,
  );
}

function refresh(refreshToken: string): Promise<Response> {
  return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId });
}

async function connect(account = 'sandbox-user', params: Record<string, string> = {}): Promise<XTokens> {
  const { code } = await allow(sandbox, 'x', authorizeUrl(params), account);
  const response = await exchange(code);
  expect(response.status).toBe(200);
  return (await response.json()) as XTokens;
}

function usersMe(token: string): Promise<Response> {
  return fetch(`${sandbox.hostUrl('x', 'api')}/2/users/me?user.fields=profile_image_url,username,name,verified`, bearer(token));
}

const unauthorized = { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' };
const invalidToken = { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' };

describe('the X authorize dialog', () => {
  it.each([
    ['a missing code_challenge', { code_challenge: '' }, 'code_challenge'],
    ['a missing code_challenge_method', { code_challenge_method: '' }, 'code_challenge_method'],
    ['an unknown code_challenge_method', { code_challenge_method: 'S512' }, 'S256 or plain'],
    ['an unregistered client_id', { client_id: 'other' }, 'not a registered app'],
    ['comma-separated scopes', { scope: 'tweet.read,users.read' }, 'space-separated'],
    ['a missing state', { state: '' }, 'state'],
  ])('answers %s with a 400 error page', async (_case, params, message) => {
    const response = await fetch(authorizeUrl(params));

    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it('accepts the method in lower case, as twitter-api-v2 sends it', async () => {
    expect((await fetch(authorizeUrl({ code_challenge_method: 's256' }))).status).toBe(200);
  });

  it('on deny, redirects with error=access_denied and the state', async () => {
    const location = new URL(await sandbox.control.consent('x', { authorizeUrl: authorizeUrl(), account: 'a', decision: 'deny' }));

    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('x-state');
  });

  it('on allow, redirects with the state and a code', async () => {
    const { location } = await allow(sandbox, 'x', authorizeUrl());

    expect(location.searchParams.get('state')).toBe('x-state');
  });
});

describe('the X token endpoint', () => {
  it('exchanges a code with Basic auth and the PKCE verifier: 2 h bearer token and a refresh token', async () => {
    const tokens = await connect();

    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 7200, scope: scopes });
    expect(tokens.refresh_token).toEqual(expect.any(String));
  });

  it('gives no refresh token without offline.access', async () => {
    expect((await connect('sandbox-user', { scope: 'tweet.read users.read' })).refresh_token).toBeUndefined();
  });

  it('refuses a confidential client without Basic auth, or with a wrong secret', async () => {
    const first = await allow(sandbox, 'x', authorizeUrl());
    const second = await allow(sandbox, 'x', authorizeUrl());

    const withoutBasic = await exchange(first.code, {}, '');
    const wrongSecret = await exchange(second.code, {}, basicAuth({ clientId: client.clientId, clientSecret: 'wrong' }));

    expect(withoutBasic.status).toBe(401);
    expect(await jsonOf(withoutBasic)).toMatchObject({ error: 'unauthorized_client' });
    expect(wrongSecret.status).toBe(401);
  });

  it('refuses a verifier that does not match the challenge', async () => {
    const { code } = await allow(sandbox, 'x', authorizeUrl());

    const response = await exchange(code, { code_verifier: pkcePair().verifier });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(invalidToken);
  });

  it('accepts a plain challenge when the verifier equals it', async () => {
    const { code } = await allow(sandbox, 'x', authorizeUrl({ code_challenge: 'plain-challenge-value', code_challenge_method: 'plain' }));

    expect((await exchange(code, { code_verifier: 'plain-challenge-value' })).status).toBe(200);
  });

  it('refuses another redirect_uri and a reused code', async () => {
    const first = await allow(sandbox, 'x', authorizeUrl());
    const second = await allow(sandbox, 'x', authorizeUrl());

    const mismatch = await exchange(first.code, { redirect_uri: 'https://elsewhere.test/' });
    await exchange(second.code);
    const reused = await exchange(second.code);

    expect(await jsonOf(mismatch)).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('redirect uri') });
    expect(await reused.json()).toEqual(invalidToken);
  });

  it('rotates refresh tokens: the old one then fails with "Value passed for the token was invalid."', async () => {
    const tokens = await connect();

    const rotated = (await (await refresh(tokens.refresh_token!)).json()) as XTokens;
    const reused = await refresh(tokens.refresh_token!);

    expect(rotated.refresh_token).toEqual(expect.any(String));
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual(invalidToken);
    expect((await usersMe(rotated.access_token)).status).toBe(200);
  });
});

describe('who connected on X', () => {
  it('answers /2/users/me with id, name, username and the requested fields', async () => {
    const { code } = await allow(sandbox, 'x', authorizeUrl(), 'news-desk', 'News Desk');
    const { access_token: accessToken } = (await (await exchange(code)).json()) as XTokens;

    const body = (await (await usersMe(accessToken)).json()) as { data: Record<string, unknown> };

    expect(body.data).toEqual({
      id: expect.stringMatching(/^\d{19}$/),
      name: 'News Desk',
      username: 'news_desk',
      profile_image_url: `${sandbox.url}/x/_avatar/${body.data['id'] as string}.svg`,
      verified: false,
    });
  });

  it('answers an expired access token with the problem+json 401', async () => {
    const { access_token: accessToken } = await connect();
    clock.advance(2 * HOUR);

    const response = await usersMe(accessToken);

    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual(unauthorized);
  });

  it('refuses an unknown user field with an invalid-request problem', async () => {
    const { access_token: accessToken } = await connect();

    const response = await fetch(`${sandbox.hostUrl('x', 'api')}/2/users/me?user.fields=shoe_size`, bearer(accessToken));

    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({ type: 'https://api.x.com/2/problems/invalid-request' });
  });
});

describe('revoking on X', () => {
  it('revokes the grant at /2/oauth2/revoke with Basic auth', async () => {
    const tokens = await connect();

    const response = await fetch(
      `${sandbox.hostUrl('x', 'api')}/2/oauth2/revoke`,
      formPost({ token: tokens.access_token, token_type_hint: 'access_token', client_id: client.clientId }, { authorization: basicAuth(client) }),
    );

    expect(await response.json()).toEqual({ revoked: true });
    expect(await (await usersMe(tokens.access_token)).json()).toEqual(unauthorized);
    expect(await (await refresh(tokens.refresh_token!)).json()).toEqual(invalidToken);
  });

  it('kills every token when the user removes the app', async () => {
    const tokens = await connect('quitter');

    await sandbox.control.revokeAccess('x', 'quitter');

    expect((await usersMe(tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token!)).status).toBe(400);
  });
});
