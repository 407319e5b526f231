import { describe, expect, it } from 'vitest';
import { createInstagramAdapter } from '../../../../functions/platforms/instagram/adapter';
import { AuthExpired, RateLimited } from '../../../../functions/platforms/errors';
import { adapterWith, baseTokens, credentials, formOf, now, queryOf } from './harness';

const redirectUri = 'https://app.example/api/connections/instagram/callback';

describe('Instagram adapter (Instagram API with Instagram Login)', () => {
  it('builds the authorize URL with the business scopes (insights and comments included) comma-separated and forced re-authentication', async () => {
    const { adapter } = adapterWith('instagram', createInstagramAdapter);
    const url = new URL((await adapter.authorizeUrl({ state: 'instagram_s', redirectUri })).url);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.instagram.com/oauth/authorize');
    expect(queryOf(url)).toEqual({
      client_id: credentials.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights,instagram_business_manage_comments',
      state: 'instagram_s',
      force_reauth: 'true',
    });
  });

  it('exchanges the code for a short-lived token, then for a 60-day one', async () => {
    const { adapter, requests } = adapterWith('instagram', createInstagramAdapter, [
      { body: { data: [{ access_token: 'short', user_id: '1789', permissions: 'instagram_business_basic,instagram_business_content_publish' }] } },
      { body: { access_token: 'long', token_type: 'bearer', expires_in: 5184000 } },
    ]);
    const tokens = await adapter.exchangeCode({ code: 'c', redirectUri });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://api.instagram.com/oauth/access_token');
    expect(formOf(requests[0]!)).toEqual({
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      code: 'c',
    });
    expect(requests[1]!.method).toBe('GET');
    expect(`${requests[1]!.url.origin}${requests[1]!.url.pathname}`).toBe('https://graph.instagram.com/access_token');
    expect(queryOf(requests[1]!.url)).toEqual({ grant_type: 'ig_exchange_token', client_secret: credentials.clientSecret, access_token: 'short' });
    expect(tokens).toMatchObject({
      accessToken: 'long',
      accessTokenExpiresAt: new Date(now.getTime() + 5184000_000).toISOString(),
      scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
    });
    expect(tokens.refreshToken).toBeUndefined();
  });

  it('also reads the short-lived token when it comes flat', async () => {
    const { adapter } = adapterWith('instagram', createInstagramAdapter, [
      { body: { access_token: 'short', user_id: 1789, permissions: ['instagram_business_basic'] } },
      { body: { access_token: 'long', token_type: 'bearer', expires_in: 5184000 } },
    ]);
    expect((await adapter.exchangeCode({ code: 'c', redirectUri })).scopes).toEqual(['instagram_business_basic']);
  });

  it('refreshes a long-lived token only once it is 24 h old', async () => {
    const young = adapterWith('instagram', createInstagramAdapter);
    expect(await young.adapter.refresh({ ...baseTokens, accessTokenIssuedAt: now.toISOString() })).toMatchObject({ accessToken: 'access-1' });
    expect(young.requests).toHaveLength(0);

    const old = adapterWith('instagram', createInstagramAdapter, [{ body: { access_token: 'long-2', token_type: 'bearer', expires_in: 5184000 } }]);
    const refreshed = await old.adapter.refresh({ ...baseTokens, accessTokenIssuedAt: '2026-11-20T10:00:00.000Z', accessTokenExpiresAt: '2027-01-01T00:00:00.000Z' });
    expect(`${old.requests[0]!.url.origin}${old.requests[0]!.url.pathname}`).toBe('https://graph.instagram.com/refresh_access_token');
    expect(queryOf(old.requests[0]!.url)).toEqual({ grant_type: 'ig_refresh_token', access_token: 'access-1' });
    expect(refreshed.accessToken).toBe('long-2');
  });

  it('reads who connected from /me with the user id, username, name and picture', async () => {
    const { adapter, requests } = adapterWith('instagram', createInstagramAdapter, [
      { body: { id: 'app-scoped', user_id: '17841400000', username: 'insta', name: 'Insta Name', profile_picture_url: 'https://cdn/p.jpg' } },
    ]);
    const profile = await adapter.fetchProfile(baseTokens);
    expect(requests[0]!.url.pathname).toBe('/v21.0/me');
    expect(queryOf(requests[0]!.url)).toEqual({ fields: 'user_id,username,name,profile_picture_url' });
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(profile).toEqual({ platformUserId: '17841400000', displayName: 'Insta Name', username: 'insta', avatarUrl: 'https://cdn/p.jpg' });
  });

  it('classifies OAuthException 190 as reconnect and the publishing limit as rate limited', async () => {
    const expired = adapterWith('instagram', createInstagramAdapter, [
      { status: 400, body: { error: { message: 'Error validating access token', type: 'OAuthException', code: 190, error_subcode: 463 } } },
    ]);
    await expect(expired.adapter.fetchProfile(baseTokens)).rejects.toBeInstanceOf(AuthExpired);
    const limit = adapterWith('instagram', createInstagramAdapter, [
      { status: 400, body: { error: { message: 'limit', type: 'OAuthException', code: 9, error_subcode: 2207042 } } },
    ]);
    await expect(limit.adapter.fetchProfile(baseTokens)).rejects.toBeInstanceOf(RateLimited);
  });
});
