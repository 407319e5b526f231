import { describe, expect, it } from 'vitest';
import { createLinkedinAdapter } from '../../../../functions/platforms/linkedin/adapter';
import { AuthExpired, RateLimited } from '../../../../functions/platforms/errors';
import { adapterWith, baseTokens, credentials, formOf, now, queryOf } from './harness';

const redirectUri = 'https://app.example/api/connections/linkedin/callback';

describe('LinkedIn adapter (OpenID Connect, Share on LinkedIn)', () => {
  it('builds the authorize URL with openid profile email w_member_social', async () => {
    const { adapter } = adapterWith('linkedin', createLinkedinAdapter);
    const url = new URL((await adapter.authorizeUrl({ state: 'linkedin_s', redirectUri })).url);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/oauth/v2/authorization');
    expect(queryOf(url)).toEqual({
      response_type: 'code',
      client_id: credentials.clientId,
      redirect_uri: redirectUri,
      state: 'linkedin_s',
      scope: 'openid profile email w_member_social',
    });
  });

  it('exchanges the code at /oauth/v2/accessToken for a 60-day token it cannot refresh', async () => {
    const { adapter, requests } = adapterWith('linkedin', createLinkedinAdapter, [
      { body: { access_token: 'li', expires_in: 5184000, scope: 'email,openid,profile,w_member_social' } },
    ]);
    const tokens = await adapter.exchangeCode({ code: 'c', redirectUri });
    expect(requests[0]!.url.toString()).toBe('https://www.linkedin.com/oauth/v2/accessToken');
    expect(formOf(requests[0]!)).toEqual({
      grant_type: 'authorization_code',
      code: 'c',
      redirect_uri: redirectUri,
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    });
    expect(tokens).toMatchObject({ accessToken: 'li', accessTokenExpiresAt: new Date(now.getTime() + 5184000_000).toISOString() });
    expect(tokens.scopes).toEqual(['email', 'openid', 'profile', 'w_member_social']);
    expect(adapter.canRefresh(tokens)).toBe(false);
  });

  it('reads the member from /v2/userinfo (sub is the member id)', async () => {
    const { adapter, requests } = adapterWith('linkedin', createLinkedinAdapter, [
      { body: { sub: 'abc123', name: 'Lin Kedin', given_name: 'Lin', family_name: 'Kedin', picture: 'https://media/p.jpg', email: 'lin@example.com' } },
    ]);
    const profile = await adapter.fetchProfile(baseTokens);
    expect(requests[0]!.url.toString()).toBe('https://api.linkedin.com/v2/userinfo');
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(profile).toEqual({ platformUserId: 'abc123', displayName: 'Lin Kedin', username: 'lin@example.com', avatarUrl: 'https://media/p.jpg' });
  });

  it('revokes at /oauth/v2/revoke', async () => {
    const { adapter, requests } = adapterWith('linkedin', createLinkedinAdapter, [{ body: {} }]);
    await adapter.revoke(baseTokens);
    expect(requests[0]!.url.toString()).toBe('https://www.linkedin.com/oauth/v2/revoke');
    expect(formOf(requests[0]!)).toEqual({ client_id: credentials.clientId, client_secret: credentials.clientSecret, token: 'access-1' });
  });

  it('classifies REVOKED_ACCESS_TOKEN as reconnect and 429 as limited until the next UTC midnight', async () => {
    const revoked = adapterWith('linkedin', createLinkedinAdapter, [
      { status: 401, body: { status: 401, serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN', message: 'The token used in the request has been revoked by the user' } },
    ]);
    await expect(revoked.adapter.fetchProfile(baseTokens)).rejects.toBeInstanceOf(AuthExpired);
    const limited = adapterWith('linkedin', createLinkedinAdapter, [{ status: 429, body: {} }]);
    const error = await limited.adapter.fetchProfile(baseTokens).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).resetAt?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});
