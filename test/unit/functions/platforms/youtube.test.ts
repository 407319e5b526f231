import { describe, expect, it } from 'vitest';
import { createYoutubeAdapter } from '../../../../functions/platforms/youtube/adapter';
import { AuthExpired, NoPublishingProfile, RateLimited, Rejected, Retryable } from '../../../../functions/platforms/errors';
import { adapterWith, baseTokens, credentials, formOf, now, queryOf } from './harness';

const redirectUri = 'https://app.example/api/connections/youtube/callback';

describe('YouTube adapter (Google OAuth, YouTube Data API v3)', () => {
  it('builds the Google authorize URL with offline access, consent prompt and the scopes (youtube.force-ssl for comments included) space-separated', async () => {
    const { adapter } = adapterWith('youtube', createYoutubeAdapter);
    const url = new URL((await adapter.authorizeUrl({ state: 'youtube_abc', redirectUri })).url);
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(queryOf(url)).toMatchObject({
      client_id: credentials.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      state: 'youtube_abc',
      access_type: 'offline',
      prompt: 'consent',
      scope: 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/userinfo.profile https://www.googleapis.com/auth/youtube.force-ssl',
    });
  });

  it('exchanges the code with a form POST to oauth2.googleapis.com/token', async () => {
    const { adapter, requests } = adapterWith('youtube', createYoutubeAdapter, [
      { body: { access_token: 'ya29.a', expires_in: 3599, refresh_token: '1//r', scope: 'https://www.googleapis.com/auth/youtube.upload', token_type: 'Bearer' } },
    ]);
    const tokens = await adapter.exchangeCode({ code: '4/code', redirectUri });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://oauth2.googleapis.com/token');
    expect(requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(formOf(requests[0]!)).toEqual({
      code: '4/code',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      redirect_uri: redirectUri,
      grant_type: 'authorization_code',
    });
    expect(tokens).toMatchObject({
      accessToken: 'ya29.a',
      refreshToken: '1//r',
      accessTokenExpiresAt: new Date(now.getTime() + 3599_000).toISOString(),
      scopes: ['https://www.googleapis.com/auth/youtube.upload'],
    });
  });

  it('refreshes without rotation: the old refresh token is kept', async () => {
    const { adapter, requests } = adapterWith('youtube', createYoutubeAdapter, [{ body: { access_token: 'ya29.b', expires_in: 3599 } }]);
    const tokens = await adapter.refresh(baseTokens);
    expect(formOf(requests[0]!)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    });
    expect(tokens.accessToken).toBe('ya29.b');
    expect(tokens.refreshToken).toBe('refresh-1');
  });

  it('reads the channel with mine=true as the account (id, title, @handle, avatar)', async () => {
    const { adapter, requests } = adapterWith('youtube', createYoutubeAdapter, [
      { body: { items: [{ id: 'UC123', snippet: { title: 'My Channel', customUrl: '@mine', thumbnails: { default: { url: 'https://yt3/a.jpg' } } } }] } },
    ]);
    const profile = await adapter.fetchProfile(baseTokens);
    expect(requests[0]!.method).toBe('GET');
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://www.googleapis.com/youtube/v3/channels');
    expect(queryOf(requests[0]!.url)).toEqual({ part: 'snippet', mine: 'true' });
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(profile).toEqual({ platformUserId: 'UC123', displayName: 'My Channel', username: '@mine', avatarUrl: 'https://yt3/a.jpg' });
  });

  it("says 'No YouTube channel found' when the account has none", async () => {
    const { adapter } = adapterWith('youtube', createYoutubeAdapter, [{ body: { items: [] } }]);
    const refusal = adapter.fetchProfile(baseTokens);
    await expect(refusal).rejects.toThrow(new Rejected('No YouTube channel found'));
    // The connect flow answers this one as `no_channel` by its class, not by its words.
    await expect(refusal).rejects.toBeInstanceOf(NoPublishingProfile);
  });

  it('revokes the refresh token at oauth2.googleapis.com/revoke', async () => {
    const { adapter, requests } = adapterWith('youtube', createYoutubeAdapter, [{ body: {} }]);
    await adapter.revoke(baseTokens);
    expect(requests[0]!.url.toString()).toBe('https://oauth2.googleapis.com/revoke');
    expect(formOf(requests[0]!)).toEqual({ token: 'refresh-1' });
  });

  it('classifies invalid_grant and 401 as reconnect, quota as rate limited until Pacific midnight, 5xx as retryable', async () => {
    const grant = adapterWith('youtube', createYoutubeAdapter, [{ status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } }]);
    await expect(grant.adapter.refresh(baseTokens)).rejects.toBeInstanceOf(AuthExpired);

    const unauthorized = adapterWith('youtube', createYoutubeAdapter, [
      { status: 401, body: { error: { code: 401, message: 'Invalid Credentials', errors: [{ reason: 'authError' }], status: 'UNAUTHENTICATED' } } },
    ]);
    await expect(unauthorized.adapter.fetchProfile(baseTokens)).rejects.toBeInstanceOf(AuthExpired);

    const quota = adapterWith('youtube', createYoutubeAdapter, [
      { status: 403, body: { error: { code: 403, message: 'quota', errors: [{ domain: 'youtube.quota', reason: 'quotaExceeded' }] } } },
    ]);
    const error = await quota.adapter.fetchProfile(baseTokens).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).resetAt?.toISOString()).toBe('2026-11-23T08:00:00.000Z');

    const down = adapterWith('youtube', createYoutubeAdapter, [{ status: 503, body: { error: { code: 503, message: 'backend' } } }]);
    await expect(down.adapter.fetchProfile(baseTokens)).rejects.toBeInstanceOf(Retryable);
  });
});
