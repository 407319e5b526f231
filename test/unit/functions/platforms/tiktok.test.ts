import { describe, expect, it } from 'vitest';
import { createTiktokAdapter } from '../../../../functions/platforms/tiktok/adapter';
import { AuthExpired, RateLimited, Rejected } from '../../../../functions/platforms/errors';
import { adapterWith, baseTokens, credentials, formOf, now, queryOf } from './harness';

const redirectUri = 'https://app.example/api/connections/tiktok/callback';

describe('TikTok adapter (Login Kit, Content Posting API v2)', () => {
  it('builds the authorize URL with client_key and comma-separated scopes', async () => {
    const { adapter } = adapterWith('tiktok', createTiktokAdapter);
    const url = new URL((await adapter.authorizeUrl({ state: 'tiktok_s', redirectUri })).url);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.tiktok.com/v2/auth/authorize/');
    expect(queryOf(url)).toEqual({
      client_key: credentials.clientId,
      scope: 'user.info.basic,user.info.profile,video.list,video.upload,video.publish',
      response_type: 'code',
      redirect_uri: redirectUri,
      state: 'tiktok_s',
    });
  });

  it('exchanges the code at /v2/oauth/token/ (form) and reads the flat answer with both lifetimes', async () => {
    const { adapter, requests } = adapterWith('tiktok', createTiktokAdapter, [
      {
        body: {
          open_id: 'open-1',
          scope: 'user.info.basic,video.publish',
          access_token: 'act.1',
          expires_in: 7200,
          refresh_token: 'rft.1',
          refresh_expires_in: 15552000,
          token_type: 'Bearer',
        },
      },
    ]);
    const tokens = await adapter.exchangeCode({ code: 'c1', redirectUri });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://open.tiktokapis.com/v2/oauth/token/');
    expect(requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(formOf(requests[0]!)).toEqual({
      client_key: credentials.clientId,
      client_secret: credentials.clientSecret,
      code: 'c1',
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
    });
    expect(tokens).toMatchObject({
      accessToken: 'act.1',
      refreshToken: 'rft.1',
      accessTokenExpiresAt: new Date(now.getTime() + 7200_000).toISOString(),
      refreshTokenExpiresAt: new Date(now.getTime() + 15552000_000).toISOString(),
      scopes: ['user.info.basic', 'video.publish'],
    });
  });

  it('stores the rotated refresh token', async () => {
    const { adapter, requests } = adapterWith('tiktok', createTiktokAdapter, [
      { body: { access_token: 'act.2', expires_in: 7200, refresh_token: 'rft.2', refresh_expires_in: 15552000, scope: 'user.info.basic' } },
    ]);
    const tokens = await adapter.refresh(baseTokens);
    expect(formOf(requests[0]!)).toEqual({
      client_key: credentials.clientId,
      client_secret: credentials.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
    });
    expect(tokens.refreshToken).toBe('rft.2');
  });

  it('reads the user from the {data, error} envelope', async () => {
    const { adapter, requests } = adapterWith('tiktok', createTiktokAdapter, [
      { body: { data: { user: { open_id: 'open-1', display_name: 'Tik Tokker', username: 'tikker', avatar_url: 'https://p16/a.jpg' } }, error: { code: 'ok', message: '', log_id: 'l' } } },
    ]);
    const profile = await adapter.fetchProfile(baseTokens);
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://open.tiktokapis.com/v2/user/info/');
    expect(queryOf(requests[0]!.url)).toEqual({ fields: 'open_id,union_id,avatar_url,display_name,username' });
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(profile).toEqual({ platformUserId: 'open-1', displayName: 'Tik Tokker', username: 'tikker', avatarUrl: 'https://p16/a.jpg' });
  });

  it('revokes at /v2/oauth/revoke/ with the client credentials', async () => {
    const { adapter, requests } = adapterWith('tiktok', createTiktokAdapter, [{ body: {} }]);
    await adapter.revoke(baseTokens);
    expect(requests[0]!.url.toString()).toBe('https://open.tiktokapis.com/v2/oauth/revoke/');
    expect(formOf(requests[0]!)).toEqual({ client_key: credentials.clientId, client_secret: credentials.clientSecret, token: 'access-1' });
  });

  it('classifies invalid_grant and access_token_invalid as reconnect, rate_limit_exceeded as rate limited, the rest as rejected', async () => {
    const grant = adapterWith('tiktok', createTiktokAdapter, [{ status: 400, body: { error: 'invalid_grant', error_description: 'Refresh token is invalid', log_id: 'x' } }]);
    await expect(grant.adapter.refresh(baseTokens)).rejects.toBeInstanceOf(AuthExpired);
    const invalid = adapterWith('tiktok', createTiktokAdapter, [{ status: 401, body: { data: {}, error: { code: 'access_token_invalid', message: 'The access token is invalid', log_id: 'x' } } }]);
    await expect(invalid.adapter.fetchProfile(baseTokens)).rejects.toBeInstanceOf(AuthExpired);
    const limited = adapterWith('tiktok', createTiktokAdapter, [{ status: 429, body: { data: {}, error: { code: 'rate_limit_exceeded', message: 'slow down', log_id: 'x' } } }]);
    await expect(limited.adapter.fetchProfile(baseTokens)).rejects.toBeInstanceOf(RateLimited);
    const bad = adapterWith('tiktok', createTiktokAdapter, [{ status: 400, body: { data: {}, error: { code: 'invalid_params', message: 'bad', log_id: 'x' } } }]);
    await expect(bad.adapter.fetchProfile(baseTokens)).rejects.toBeInstanceOf(Rejected);
  });

  it('asks creator_info/query (POST, no body, bearer) and answers the creator\'s settings in our shape', async () => {
    const { adapter, requests } = adapterWith('tiktok', createTiktokAdapter, [
      {
        body: {
          data: {
            creator_avatar_url: 'https://p16.tiktokcdn.com/a.jpeg',
            creator_username: 'dancer',
            creator_nickname: 'Dancer',
            privacy_level_options: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'],
            comment_disabled: true,
            duet_disabled: false,
            stitch_disabled: true,
            max_video_post_duration_sec: 300,
          },
          error: { code: 'ok', message: '', log_id: 'l' },
        },
      },
    ]);
    expect(await adapter.creatorInfo!(baseTokens)).toEqual({
      avatarUrl: 'https://p16.tiktokcdn.com/a.jpeg',
      username: 'dancer',
      nickname: 'Dancer',
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'],
      commentDisabled: true,
      duetDisabled: false,
      stitchDisabled: true,
      maxVideoPostDurationSec: 300,
    });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://open.tiktokapis.com/v2/post/publish/creator_info/query/');
    expect(requests[0]!.headers).toMatchObject({ authorization: `Bearer ${baseTokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8' });
    expect(requests[0]!.body).toBe('');

    const expired = adapterWith('tiktok', createTiktokAdapter, [{ status: 401, body: { data: {}, error: { code: 'access_token_invalid', message: 'expired', log_id: 'x' } } }]);
    await expect(expired.adapter.creatorInfo!(baseTokens)).rejects.toBeInstanceOf(AuthExpired);
  });
});
