import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { allow, bearer, clients, formPost, HOUR, jsonOf, pkcePair, redirectUri, startTestSandbox, urlWith, type TestClock } from './harness';

const client = clients.youtube;
const scopes = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/userinfo.profile',
].join(' ');

let sandbox: Sandbox;
let clock: TestClock;

beforeAll(async () => ({ sandbox, clock } = await startTestSandbox()));
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.control.reset());

function authorizeUrl(params: Record<string, string> = {}): string {
  return urlWith(`${sandbox.hostUrl('youtube', 'accounts')}/o/oauth2/v2/auth`, {
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: scopes,
    state: 'state-123',
    access_type: 'offline',
    ...params,
  });
}

function tokenRequest(fields: Record<string, string>): Promise<Response> {
  return fetch(`${sandbox.hostUrl('youtube', 'oauth2')}/token`, formPost(fields));
}

function exchange(code: string, overrides: Record<string, string> = {}): Promise<Response> {
  return tokenRequest({ code, client_id: client.clientId, client_secret: client.clientSecret, redirect_uri: redirectUri, grant_type: 'authorization_code', ...overrides });
}

function refresh(refreshToken: string): Promise<Response> {
  return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId, client_secret: client.clientSecret });
}

async function connect(account = 'sandbox-user', params: Record<string, string> = {}) {
  const { code } = await allow(sandbox, 'youtube', authorizeUrl(params), account);
  const response = await exchange(code);
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token?: string; expires_in: number; scope: string; token_type: string };
}

function channels(token: string): Promise<Response> {
  return fetch(`${sandbox.hostUrl('youtube', 'googleapis')}/youtube/v3/channels?part=snippet&mine=true`, bearer(token));
}

describe('the Google authorize dialog', () => {
  it.each([
    ['a missing client_id', { client_id: '' }, 'Missing required parameter: client_id'],
    ['an unregistered client_id', { client_id: 'someone-else' }, 'not a registered app'],
    ['a missing redirect_uri', { redirect_uri: '' }, 'Missing required parameter: redirect_uri'],
    ['response_type=token', { response_type: 'token' }, 'response_type must be'],
    ['comma-separated scopes', { scope: 'openid,profile' }, 'space-separated'],
    ['an unknown scope', { scope: 'https://www.googleapis.com/auth/drive' }, 'Unknown scope'],
    ['a missing state', { state: '' }, 'Missing required parameter: state'],
    ['an invalid access_type', { access_type: 'forever' }, 'Invalid access_type'],
  ])('answers %s with a 400 error page saying what is wrong', async (_case, params, message) => {
    const response = await fetch(authorizeUrl(params));

    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain(message);
  });

  it('shows a consent page with the client id, the scopes and a labelled account field', async () => {
    await connect('returning-user');

    const page = await (await fetch(authorizeUrl())).text();

    expect(page).toContain('YouTube (sandbox)');
    expect(page).toContain(client.clientId);
    expect(page).toContain('<code>https://www.googleapis.com/auth/youtube.upload</code>');
    expect(page).toMatch(/<label for="account">Sandbox account<\/label>/);
    expect(page).toContain('value="sandbox-user"');
    expect(page).toContain('<option value="returning-user">');
    expect(page).toMatch(/<label for="displayName">Display name<\/label>/);
    expect(page).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(page).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
  });
});

describe('Google consent', () => {
  it('on allow, redirects to redirect_uri with a code and the state', async () => {
    const { location } = await allow(sandbox, 'youtube', authorizeUrl());

    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('code')).toMatch(/^4\/0A/);
  });

  it('on deny, redirects with error=access_denied and the state', async () => {
    const location = new URL(await sandbox.control.consent('youtube', { authorizeUrl: authorizeUrl(), account: 'sandbox-user', decision: 'deny' }));

    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('refuses a consent for an authorize URL the dialog would refuse', async () => {
    await expect(sandbox.control.consent('youtube', { authorizeUrl: authorizeUrl({ scope: '' }), account: 'a', decision: 'allow' })).rejects.toThrow(
      /Missing required parameter: scope/,
    );
  });
});

describe('the Google token endpoint', () => {
  it('exchanges a code for a 3599 s Bearer token with a refresh token on the first consent', async () => {
    const tokens = await connect();

    expect(tokens).toMatchObject({ expires_in: 3599, token_type: 'Bearer', scope: scopes });
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toMatch(/^1\/\//);
  });

  it('gives no refresh token on a later consent unless prompt=consent', async () => {
    await connect('alice');

    expect((await connect('alice')).refresh_token).toBeUndefined();
    expect((await connect('alice', { prompt: 'consent' })).refresh_token).toBeDefined();
  });

  it('gives no refresh token without access_type=offline', async () => {
    expect((await connect('bob', { access_type: 'online' })).refresh_token).toBeUndefined();
  });

  it('refuses a wrong client secret with 401 invalid_client', async () => {
    const { code } = await allow(sandbox, 'youtube', authorizeUrl());

    const response = await exchange(code, { client_secret: 'wrong' });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'invalid_client', error_description: 'Unauthorized' });
  });

  it('refuses a redirect_uri other than the one the code was issued for', async () => {
    const { code } = await allow(sandbox, 'youtube', authorizeUrl());

    const response = await exchange(code, { redirect_uri: 'https://elsewhere.test/callback' });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
  });

  it('accepts a code once', async () => {
    const { code } = await allow(sandbox, 'youtube', authorizeUrl());
    expect((await exchange(code)).status).toBe(200);

    const again = await exchange(code);

    expect(again.status).toBe(400);
    expect(await jsonOf(again)).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a code older than 10 minutes', async () => {
    const { code } = await allow(sandbox, 'youtube', authorizeUrl());
    clock.advance(10 * 60 * 1000 + 1);

    const response = await exchange(code);

    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({ error: 'invalid_grant' });
  });

  it('checks the PKCE verifier when the code was bound to a challenge', async () => {
    const { verifier, challenge } = pkcePair();
    const first = await allow(sandbox, 'youtube', authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }));
    const second = await allow(sandbox, 'youtube', authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }));

    expect(await jsonOf(await exchange(first.code, { code_verifier: 'not-the-verifier' }))).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });
    expect((await exchange(second.code, { code_verifier: verifier })).status).toBe(200);
  });

  it('takes only form-encoded bodies', async () => {
    const { code } = await allow(sandbox, 'youtube', authorizeUrl());

    const response = await fetch(`${sandbox.hostUrl('youtube', 'oauth2')}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, client_id: client.clientId, client_secret: client.clientSecret, redirect_uri: redirectUri, grant_type: 'authorization_code' }),
    });

    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({ error: 'invalid_request' });
  });

  it('refreshes without rotating: no refresh_token in the answer, and the old one keeps working', async () => {
    const { refresh_token: refreshToken } = await connect();

    const first = await refresh(refreshToken!);
    const firstBody = await jsonOf(first);
    const second = await refresh(refreshToken!);

    expect(first.status).toBe(200);
    expect(firstBody).toMatchObject({ expires_in: 3599, token_type: 'Bearer', scope: scopes });
    expect(firstBody).not.toHaveProperty('refresh_token');
    expect(second.status).toBe(200);
    expect((await channels(firstBody['access_token'] as string)).status).toBe(200);
  });
});

describe('who connected on Google and YouTube', () => {
  it('answers userinfo with a 21-digit id, the display name and a served avatar', async () => {
    const { code } = await allow(sandbox, 'youtube', authorizeUrl(), 'dana', 'Dana Scully');
    const { access_token: accessToken } = (await (await exchange(code)).json()) as { access_token: string };

    const userinfo = await jsonOf(await fetch(`${sandbox.hostUrl('youtube', 'googleapis')}/oauth2/v2/userinfo`, bearer(accessToken)));
    const avatar = await fetch(userinfo['picture'] as string);

    expect(userinfo['id']).toMatch(/^\d{21}$/);
    expect(userinfo['name']).toBe('Dana Scully');
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toContain('>DS</text>');
  });

  it('answers channels?mine=true with the channel id, title, @handle and thumbnail', async () => {
    const { access_token: accessToken } = await connect('dana');

    const body = (await (await channels(accessToken)).json()) as { items: Array<{ id: string; snippet: { title: string; customUrl: string; thumbnails: { default: { url: string } } } }> };

    expect(body.items).toHaveLength(1);
    expect(body.items[0]!.id).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
    expect(body.items[0]!.snippet).toMatchObject({ title: 'Dana', customUrl: '@dana' });
    expect(body.items[0]!.snippet.thumbnails.default.url).toBe(`${sandbox.url}/youtube/_avatar/${body.items[0]!.id}.svg`);
  });

  it('gives the same ids to the same account every time', async () => {
    const first = await jsonOf(await channels((await connect('dana')).access_token));
    const second = await jsonOf(await channels((await connect('dana', { prompt: 'consent' })).access_token));

    expect(second['items']).toEqual(first['items']);
  });

  it('refuses channels with 403 insufficientPermissions when only youtube.upload was granted', async () => {
    const { access_token: accessToken } = await connect('uploader', { scope: 'https://www.googleapis.com/auth/youtube.upload' });

    const response = await channels(accessToken);

    expect(response.status).toBe(403);
    expect(await jsonOf(response)).toMatchObject({ error: { code: 403, errors: [{ reason: 'insufficientPermissions' }], status: 'PERMISSION_DENIED' } });
  });
});

describe('dead Google tokens', () => {
  const unauthenticated = { error: { code: 401, errors: [{ reason: 'authError', domain: 'global' }], status: 'UNAUTHENTICATED' } };

  it('answers an expired access token with 401 authError, and refresh still works', async () => {
    const { access_token: accessToken, refresh_token: refreshToken } = await connect();
    clock.advance(3599 * 1000);

    const response = await channels(accessToken);

    expect(response.status).toBe(401);
    expect(await jsonOf(response)).toMatchObject(unauthenticated);
    expect((await refresh(refreshToken!)).status).toBe(200);
  });

  it('answers a request without a token with 401 UNAUTHENTICATED', async () => {
    const response = await fetch(`${sandbox.hostUrl('youtube', 'googleapis')}/youtube/v3/channels?part=snippet&mine=true`);

    expect(response.status).toBe(401);
    expect(await jsonOf(response)).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });

  it('expires access tokens on request of the control API', async () => {
    const { access_token: accessToken } = await connect('carol');

    await sandbox.control.expireAccessTokens('youtube', 'carol');

    expect((await channels(accessToken)).status).toBe(401);
    expect((await sandbox.control.tokens('youtube')).find((token) => token.kind === 'access')?.expiresAt).toBe(clock.now());
  });

  it('revokes the whole grant at /revoke: the access token gets 401, the refresh token invalid_grant', async () => {
    const { access_token: accessToken, refresh_token: refreshToken } = await connect();

    const revoked = await fetch(`${sandbox.hostUrl('youtube', 'oauth2')}/revoke`, formPost({ token: accessToken }));

    expect(revoked.status).toBe(200);
    expect((await channels(accessToken)).status).toBe(401);
    const refreshed = await refresh(refreshToken!);
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
  });

  it('kills every token when the user removes the app', async () => {
    const { access_token: accessToken, refresh_token: refreshToken } = await connect('erin');

    await sandbox.control.revokeAccess('youtube', 'erin');

    expect(await jsonOf(await channels(accessToken))).toMatchObject(unauthenticated);
    expect(await jsonOf(await refresh(refreshToken!))).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    expect((await sandbox.control.tokens('youtube')).every((token) => token.revoked)).toBe(true);
  });

  it('gives a refresh token again on the consent after the app was removed', async () => {
    await connect('erin');
    await sandbox.control.revokeAccess('youtube', 'erin');

    expect((await connect('erin')).refresh_token).toBeDefined();
  });

  it('keeps an access token valid until its 3599 s are over', async () => {
    const { access_token: accessToken } = await connect();
    clock.advance(HOUR - 1001);

    expect((await channels(accessToken)).status).toBe(200);
  });
});
