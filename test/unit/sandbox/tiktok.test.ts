import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { allow, bearer, clients, formPost, HOUR, jsonOf, redirectUri, startTestSandbox, urlWith, type TestClock } from './harness';

const client = clients.tiktok;
const scopes = 'user.info.basic,user.info.profile,video.publish,video.upload';

let sandbox: Sandbox;
let clock: TestClock;

beforeAll(async () => ({ sandbox, clock } = await startTestSandbox()));
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.control.reset());

interface TikTokTokens {
  access_token: string;
  refresh_token: string;
  open_id: string;
  scope: string;
  expires_in: number;
  refresh_expires_in: number;
  token_type: string;
}

function authorizeUrl(params: Record<string, string> = {}): string {
  return urlWith(`${sandbox.hostUrl('tiktok', 'www')}/v2/auth/authorize/`, {
    client_key: client.clientId,
    scope: scopes,
    response_type: 'code',
    redirect_uri: redirectUri,
    state: 'tt-state',
    ...params,
  });
}

function tokenRequest(fields: Record<string, string>): Promise<Response> {
  return fetch(`${sandbox.hostUrl('tiktok', 'open')}/v2/oauth/token/`, formPost(fields));
}

function exchange(code: string, overrides: Record<string, string> = {}): Promise<Response> {
  return tokenRequest({ client_key: client.clientId, client_secret: client.clientSecret, code, grant_type: 'authorization_code', redirect_uri: redirectUri, ...overrides });
}

function refresh(refreshToken: string): Promise<Response> {
  return tokenRequest({ client_key: client.clientId, client_secret: client.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken });
}

async function connect(account = 'sandbox-user', params: Record<string, string> = {}): Promise<TikTokTokens> {
  const { code } = await allow(sandbox, 'tiktok', authorizeUrl(params), account);
  const response = await exchange(code);
  expect(response.status).toBe(200);
  return (await response.json()) as TikTokTokens;
}

function userInfo(token: string, fields = 'open_id,union_id,avatar_url,display_name,username'): Promise<Response> {
  return fetch(`${sandbox.hostUrl('tiktok', 'open')}/v2/user/info/?fields=${fields}`, bearer(token));
}

const oauthError = (error: string) => ({ error, error_description: expect.any(String), log_id: expect.stringMatching(/^\d{14}[0-9A-F]{20}$/) });
const tokenInvalid = { data: {}, error: { code: 'access_token_invalid', message: expect.any(String), log_id: expect.any(String) } };

describe('the TikTok authorize dialog', () => {
  it.each([
    ['a missing client_key', { client_key: '' }, 'Missing required parameter: client_key'],
    ['an unregistered client_key', { client_key: 'other' }, 'not a registered app'],
    ['space-separated scopes', { scope: 'user.info.basic video.publish' }, 'comma-separated'],
    ['an unknown scope', { scope: 'user.info.basic,video.delete' }, 'video.delete'],
    ['response_type=token', { response_type: 'token' }, 'response_type must be'],
    ['a missing redirect_uri', { redirect_uri: '' }, 'redirect_uri'],
    ['a missing state', { state: '' }, 'state'],
  ])('answers %s with a 400 error page', async (_case, params, message) => {
    const response = await fetch(authorizeUrl(params));

    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it('shows the consent page for a valid request', async () => {
    const response = await fetch(authorizeUrl());

    expect(response.status).toBe(200);
    expect(await response.text()).toContain('TikTok (sandbox)');
  });
});

describe('TikTok consent', () => {
  it('on allow, returns the code, the granted scopes (comma list) and the state', async () => {
    const { location } = await allow(sandbox, 'tiktok', authorizeUrl());

    expect(location.searchParams.get('scopes')).toBe(scopes);
    expect(location.searchParams.get('state')).toBe('tt-state');
    expect(location.searchParams.get('code')).toContain('*');
  });

  it('on deny, redirects with error=access_denied, a description and the state', async () => {
    const location = new URL(await sandbox.control.consent('tiktok', { authorizeUrl: authorizeUrl(), account: 'a', decision: 'deny' }));

    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('tt-state');
  });
});

describe('the TikTok token endpoint', () => {
  it('answers flat: open_id, comma scope, 2 h access, 180-day refresh', async () => {
    const tokens = await connect();

    expect(tokens).toMatchObject({ scope: scopes, expires_in: 7200, refresh_expires_in: 15_552_000, token_type: 'Bearer' });
    expect(tokens.open_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(tokens.access_token).toMatch(/^act\./);
    expect(tokens.refresh_token).toMatch(/^rft\./);
    expect(tokens).not.toHaveProperty('data');
  });

  it('refuses a wrong client secret with invalid_client', async () => {
    const { code } = await allow(sandbox, 'tiktok', authorizeUrl());

    const response = await exchange(code, { client_secret: 'nope' });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(oauthError('invalid_client'));
  });

  it('refuses another redirect_uri with invalid_grant', async () => {
    const { code } = await allow(sandbox, 'tiktok', authorizeUrl());

    const response = await exchange(code, { redirect_uri: `${redirectUri}/other` });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(oauthError('invalid_grant'));
  });

  it('accepts a code once', async () => {
    const { code } = await allow(sandbox, 'tiktok', authorizeUrl());
    await exchange(code);

    expect(await (await exchange(code)).json()).toEqual(oauthError('invalid_grant'));
  });

  it('checks a PKCE verifier against a hex-encoded S256 challenge (TikTok desktop style)', async () => {
    const verifier = randomBytes(40).toString('hex');
    const challenge = createHash('sha256').update(verifier).digest('hex');
    const first = await allow(sandbox, 'tiktok', authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }));
    const second = await allow(sandbox, 'tiktok', authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }));

    expect((await exchange(first.code, { code_verifier: `${verifier}x` })).status).toBe(400);
    expect((await exchange(second.code, { code_verifier: verifier })).status).toBe(200);
  });

  it('rotates refresh tokens: the old one dies on use', async () => {
    const first = await connect();

    const rotated = await refresh(first.refresh_token);
    const rotatedTokens = (await rotated.json()) as TikTokTokens;
    const reused = await refresh(first.refresh_token);

    expect(rotated.status).toBe(200);
    expect(rotatedTokens.refresh_token).not.toBe(first.refresh_token);
    expect(rotatedTokens).toMatchObject({ open_id: first.open_id, scope: scopes, expires_in: 7200 });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual(oauthError('invalid_grant'));
    expect((await refresh(rotatedTokens.refresh_token)).status).toBe(200);
  });

  it('expires the access token after 2 hours', async () => {
    const { access_token: accessToken } = await connect();

    clock.advance(2 * HOUR - 1);
    expect((await userInfo(accessToken)).status).toBe(200);
    clock.advance(1);
    expect(await jsonOf(await userInfo(accessToken))).toEqual(tokenInvalid);
  });
});

describe('who connected on TikTok', () => {
  it('answers only the requested fields in the data/error envelope', async () => {
    const { code } = await allow(sandbox, 'tiktok', authorizeUrl(), 'dance.fan', 'Dance Fan');
    const { access_token: accessToken, open_id: openId } = (await (await exchange(code)).json()) as TikTokTokens;

    const response = await userInfo(accessToken, 'open_id,display_name,avatar_url,username');
    const body = (await response.json()) as { data: { user: Record<string, string> }; error: { code: string; message: string } };

    expect(response.status).toBe(200);
    expect(body.error).toMatchObject({ code: 'ok', message: '' });
    expect(body.data.user).toEqual({ open_id: openId, display_name: 'Dance Fan', avatar_url: `${sandbox.url}/tiktok/_avatar/${openId}.svg`, username: 'dance.fan' });
  });

  it('refuses username without user.info.profile with scope_not_authorized', async () => {
    const { access_token: accessToken } = await connect('basic-only', { scope: 'user.info.basic' });

    const response = await userInfo(accessToken, 'open_id,username');

    expect(response.status).toBe(401);
    expect(await jsonOf(response)).toMatchObject({ error: { code: 'scope_not_authorized' } });
  });

  it('answers a missing token with access_token_invalid', async () => {
    const response = await fetch(`${sandbox.hostUrl('tiktok', 'open')}/v2/user/info/?fields=open_id`);

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(tokenInvalid);
  });
});

describe('revoking on TikTok', () => {
  it('revokes the grant at /v2/oauth/revoke/: the access token is refused and the refresh token dies', async () => {
    const tokens = await connect();

    const revoked = await fetch(
      `${sandbox.hostUrl('tiktok', 'open')}/v2/oauth/revoke/`,
      formPost({ client_key: client.clientId, client_secret: client.clientSecret, token: tokens.access_token }),
    );

    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({});
    expect(await jsonOf(await userInfo(tokens.access_token))).toEqual(tokenInvalid);
    expect(await (await refresh(tokens.refresh_token)).json()).toEqual(oauthError('invalid_grant'));
  });

  it('refuses a revoke with a wrong secret', async () => {
    const tokens = await connect();

    const response = await fetch(`${sandbox.hostUrl('tiktok', 'open')}/v2/oauth/revoke/`, formPost({ client_key: client.clientId, client_secret: 'x', token: tokens.access_token }));

    expect(response.status).toBe(401);
    expect((await userInfo(tokens.access_token)).status).toBe(200);
  });

  it('kills every token when the user removes the app', async () => {
    const tokens = await connect('gone');

    await sandbox.control.revokeAccess('tiktok', 'gone');

    expect(await jsonOf(await userInfo(tokens.access_token))).toEqual(tokenInvalid);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });
});
