import { describe, expect, it } from 'vitest';
import { createXAdapter } from '../../../../functions/platforms/x/adapter';
import { AuthExpired, RateLimited, Rejected } from '../../../../functions/platforms/errors';
import { adapterWith, baseTokens, credentials, formOf, now, queryOf } from './harness';

const redirectUri = 'https://app.example/api/connections/x/callback';
const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;

describe('X adapter (OAuth 2.0 with PKCE, API v2)', () => {
  it('builds the authorize URL with PKCE S256 and offline.access', async () => {
    const { adapter } = adapterWith('x', createXAdapter);
    const url = new URL((await adapter.authorizeUrl({ state: 'x_s', redirectUri, codeChallenge: 'challenge' })).url);
    expect(`${url.origin}${url.pathname}`).toBe('https://x.com/i/oauth2/authorize');
    expect(queryOf(url)).toEqual({
      response_type: 'code',
      client_id: credentials.clientId,
      redirect_uri: redirectUri,
      scope: 'tweet.read tweet.write users.read media.write offline.access',
      state: 'x_s',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
    });
    expect(adapter.usesPkce).toBe(true);
  });

  it('exchanges the code with the verifier, as a confidential client (Basic auth)', async () => {
    const { adapter, requests } = adapterWith('x', createXAdapter, [
      { body: { token_type: 'bearer', expires_in: 7200, access_token: 'xa', scope: 'tweet.read tweet.write users.read media.write offline.access', refresh_token: 'xr' } },
    ]);
    const tokens = await adapter.exchangeCode({ code: 'c', redirectUri, codeVerifier: 'verifier' });
    expect(requests[0]!.url.toString()).toBe('https://api.x.com/2/oauth2/token');
    expect(requests[0]!.headers['authorization']).toBe(basic);
    expect(requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(formOf(requests[0]!)).toEqual({
      code: 'c',
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      code_verifier: 'verifier',
      client_id: credentials.clientId,
    });
    expect(tokens).toMatchObject({ accessToken: 'xa', refreshToken: 'xr', accessTokenExpiresAt: new Date(now.getTime() + 7200_000).toISOString() });
  });

  it('persists the new refresh token on every refresh', async () => {
    const { adapter, requests } = adapterWith('x', createXAdapter, [{ body: { access_token: 'xa2', refresh_token: 'xr2', expires_in: 7200, scope: 'tweet.read' } }]);
    const tokens = await adapter.refresh(baseTokens);
    expect(formOf(requests[0]!)).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1', client_id: credentials.clientId });
    expect(requests[0]!.headers['authorization']).toBe(basic);
    expect(tokens.refreshToken).toBe('xr2');
  });

  it('reads /2/users/me', async () => {
    const { adapter, requests } = adapterWith('x', createXAdapter, [{ body: { data: { id: '42', name: 'Ex', username: 'ex', profile_image_url: 'https://pbs/a.jpg' } } }]);
    const profile = await adapter.fetchProfile(baseTokens);
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://api.x.com/2/users/me');
    expect(queryOf(requests[0]!.url)).toEqual({ 'user.fields': 'profile_image_url,username,name,verified' });
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(profile).toEqual({ platformUserId: '42', displayName: 'Ex', username: '@ex', avatarUrl: 'https://pbs/a.jpg' });
  });

  it('revokes the refresh and the access token', async () => {
    const { adapter, requests } = adapterWith('x', createXAdapter, [{ body: { revoked: true } }, { body: { revoked: true } }]);
    await adapter.revoke(baseTokens);
    expect(requests.map((request) => request.url.toString())).toEqual(['https://api.x.com/2/oauth2/revoke', 'https://api.x.com/2/oauth2/revoke']);
    expect(formOf(requests[0]!)).toEqual({ token: 'refresh-1', token_type_hint: 'refresh_token', client_id: credentials.clientId });
    expect(formOf(requests[1]!)).toEqual({ token: 'access-1', token_type_hint: 'access_token', client_id: credentials.clientId });
  });

  it('classifies 401 as reconnect, 429 with x-rate-limit-reset, and duplicate content as rejected', async () => {
    const unauthorized = adapterWith('x', createXAdapter, [{ status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } }]);
    await expect(unauthorized.adapter.fetchProfile(baseTokens)).rejects.toBeInstanceOf(AuthExpired);
    const refreshRefused = adapterWith('x', createXAdapter, [{ status: 400, body: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' } }]);
    await expect(refreshRefused.adapter.refresh(baseTokens)).rejects.toBeInstanceOf(AuthExpired);
    const limited = adapterWith('x', createXAdapter, [{ status: 429, headers: { 'x-rate-limit-reset': '1795000000' }, body: { title: 'Too Many Requests', status: 429 } }]);
    const error = await limited.adapter.fetchProfile(baseTokens).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).resetAt?.getTime()).toBe(1795000000_000);
    const duplicate = adapterWith('x', createXAdapter, [{ status: 403, body: { detail: 'You are not allowed to create a Tweet with duplicate content.', status: 403 } }]);
    await expect(duplicate.adapter.fetchProfile(baseTokens)).rejects.toBeInstanceOf(Rejected);
  });
});
