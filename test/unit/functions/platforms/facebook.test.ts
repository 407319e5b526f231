import { describe, expect, it } from 'vitest';
import { createFacebookAdapter } from '../../../../functions/platforms/facebook/adapter';
import { classifyFacebookError } from '../../../../functions/platforms/facebook/errors';
import { facebookInsights } from '../../../../functions/platforms/facebook/metrics';
import { readFacebookOptions } from '../../../../functions/platforms/facebook/options';
import { AuthExpired, RateLimited, Rejected, Retryable } from '../../../../functions/platforms/errors';
import type { PlatformResponse } from '../../../../functions/platforms/http';
import { ConfigurationError } from '../../../../functions/config';
import { adapterWith, credentials, now, queryOf } from './harness';

const redirectUri = 'https://app.example/api/connections/facebook/callback';
const facebookAdapter = (responses: Parameters<typeof adapterWith>[2] = []) =>
  adapterWith('facebook', (deps) => createFacebookAdapter({ ...deps, options: readFacebookOptions({}) }), responses);

function graphResponse(status: number, error: Record<string, unknown>, headers: Record<string, string> = {}): PlatformResponse {
  const body = { error: { type: 'OAuthException', fbtrace_id: 'AbC', ...error } };
  return { status, headers: new Headers(headers), text: JSON.stringify(body), body };
}

describe('Facebook adapter (Facebook Login for Business, Pages)', () => {
  it('sends the user to the versioned dialog with the Pages scopes, comma-separated', async () => {
    const { adapter } = facebookAdapter();
    const url = new URL((await adapter.authorizeUrl({ state: 'facebook_abc', redirectUri })).url);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/v24.0/dialog/oauth');
    expect(queryOf(url)).toEqual({
      client_id: credentials.clientId,
      redirect_uri: redirectUri,
      state: 'facebook_abc',
      response_type: 'code',
      scope: 'pages_show_list,pages_manage_posts,pages_read_engagement,read_insights,pages_manage_engagement',
    });
  });

  it('exchanges the code, then the short-lived User token for a long-lived one, and keeps only the granted permissions', async () => {
    const { adapter, requests } = facebookAdapter([
      { body: { access_token: 'EAAshort', token_type: 'bearer', expires_in: 3600 } },
      { body: { access_token: 'EAAlong', token_type: 'bearer', expires_in: 5_183_944 } },
      { body: { data: [{ permission: 'pages_show_list', status: 'granted' }, { permission: 'read_insights', status: 'declined' }, { permission: 'pages_manage_posts', status: 'granted' }] } },
    ]);

    const tokens = await adapter.exchangeCode({ code: 'AQcode', redirectUri });

    expect(queryOf(requests[0]!.url)).toEqual({ client_id: credentials.clientId, client_secret: credentials.clientSecret, redirect_uri: redirectUri, code: 'AQcode' });
    expect(queryOf(requests[1]!.url)).toEqual({ grant_type: 'fb_exchange_token', client_id: credentials.clientId, client_secret: credentials.clientSecret, fb_exchange_token: 'EAAshort' });
    expect(requests[2]!.url.pathname).toBe('/v24.0/me/permissions');
    expect(requests[2]!.headers['authorization']).toBe('Bearer EAAlong');
    expect(tokens).toEqual({
      accessToken: 'EAAlong',
      accessTokenExpiresAt: new Date(now.getTime() + 5_183_944_000).toISOString(),
      accessTokenIssuedAt: now.toISOString(),
      scopes: ['pages_show_list', 'pages_manage_posts'],
      platformData: { token: 'user' },
    });
  });

  it('offers only the Pages the user may create content on, each with its own Page token that does not expire', async () => {
    const { adapter, requests } = facebookAdapter([
      {
        body: {
          data: [
            { id: '1001', name: 'Bakery', access_token: 'EAApage1', tasks: ['ANALYZE', 'CREATE_CONTENT', 'MODERATE'], picture: { data: { url: 'https://scontent.example/1001.jpg' } } },
            { id: '1002', name: 'Read only', access_token: 'EAApage2', tasks: ['ANALYZE'] },
            { id: '1003', name: 'No token', tasks: ['CREATE_CONTENT'] },
          ],
        },
      },
    ]);
    const userTokens = { accessToken: 'EAAlong', accessTokenIssuedAt: now.toISOString(), scopes: ['pages_show_list', 'pages_manage_posts'], platformData: { token: 'user' } };

    const pages = await adapter.listAccounts!(userTokens);

    expect(queryOf(requests[0]!.url)).toEqual({ fields: 'id,name,access_token,tasks,picture', limit: '100' });
    expect(pages).toEqual([
      {
        profile: { platformUserId: '1001', displayName: 'Bakery', avatarUrl: 'https://scontent.example/1001.jpg' },
        tokens: { accessToken: 'EAApage1', accessTokenIssuedAt: now.toISOString(), scopes: ['pages_show_list', 'pages_manage_posts'], platformData: { token: 'page' } },
      },
    ]);
    expect(adapter.canRefresh(pages[0]!.tokens)).toBe(false);
  });

  it('refuses an answer without the list of Pages instead of reading it as none', async () => {
    const { adapter } = facebookAdapter([{ body: { unexpected: true } }]);
    await expect(adapter.listAccounts!({ accessToken: 'EAAlong', accessTokenIssuedAt: now.toISOString(), scopes: [] })).rejects.toBeInstanceOf(Rejected);
  });

  it('revokes a User token\'s grant, and nothing for a Page token (one login covers every Page connected)', async () => {
    const { adapter, requests } = facebookAdapter([{ body: { success: true } }]);
    await adapter.revoke({ accessToken: 'EAApage', accessTokenIssuedAt: now.toISOString(), scopes: [], platformData: { token: 'page' } });
    expect(requests).toHaveLength(0);
    await adapter.revoke({ accessToken: 'EAAlong', accessTokenIssuedAt: now.toISOString(), scopes: [], platformData: { token: 'user' } });
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual(['DELETE /v24.0/me/permissions']);
  });

  it('reads its Graph version from FACEBOOK_GRAPH_VERSION and refuses a malformed one by name', () => {
    expect(readFacebookOptions({ FACEBOOK_GRAPH_VERSION: 'v25.0' })).toEqual({ graphVersion: 'v25.0' });
    expect(() => readFacebookOptions({ FACEBOOK_GRAPH_VERSION: '25' })).toThrow(ConfigurationError);
    expect(() => readFacebookOptions({ FACEBOOK_GRAPH_VERSION: '25' })).toThrow(/FACEBOOK_GRAPH_VERSION/);
  });
});

describe('Facebook Graph errors in our words', () => {
  it('asks to reconnect with the reason by subcode, never the platform\'s body', () => {
    const role = classifyFacebookError(graphResponse(400, { code: 190, error_subcode: 492, message: 'Error validating access token: secret detail' }), now);
    expect(role).toBeInstanceOf(AuthExpired);
    expect(role.message).toBe('Facebook needs you to reconnect this Page: the person who connected it no longer has a role on this Page.');
    expect(classifyFacebookError(graphResponse(400, { code: 190, error_subcode: 460 }), now).message).toMatch(/password .* changed/);
    expect(classifyFacebookError(graphResponse(400, { code: 190 }), now).message).toMatch(/no longer valid/);
    expect(classifyFacebookError(graphResponse(400, { code: 200, message: 'x' }), now)).toBeInstanceOf(AuthExpired);
  });

  it('waits as long as X-Business-Use-Case-Usage says on a throttled Page, else an hour', () => {
    const usage = JSON.stringify({ '1001': [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: 7 }] });
    const throttled = classifyFacebookError(graphResponse(400, { code: 32, message: 'Page request limit reached' }, { 'x-business-use-case-usage': usage }), now);
    expect(throttled).toBeInstanceOf(RateLimited);
    expect((throttled as RateLimited).resetAt).toEqual(new Date(now.getTime() + 7 * 60_000));
    expect((classifyFacebookError(graphResponse(400, { code: 4 }), now) as RateLimited).resetAt).toEqual(new Date(now.getTime() + 3_600_000));
    expect(classifyFacebookError(graphResponse(400, { code: 368 }), now)).toBeInstanceOf(RateLimited);
  });

  it('tries again on a temporary failure and refuses the rest in words', () => {
    expect(classifyFacebookError(graphResponse(500, { code: 2, message: 'Service temporarily unavailable' }), now)).toBeInstanceOf(Retryable);
    expect(classifyFacebookError(graphResponse(400, { code: 1, is_transient: true }), now).message).toBe('Facebook could not do it right now (its error code 1); OneClick tries again.');
    expect(classifyFacebookError(graphResponse(400, { code: 506 }), now).message).toMatch(/duplicate post/);
    const other = classifyFacebookError(graphResponse(400, { code: 100, message: '(#100) Invalid parameter', error_user_msg: 'The photo is too small.' }), now);
    expect(other).toBeInstanceOf(Rejected);
    expect(other.message).toBe('Facebook refused it: The photo is too small.');
  });
});

describe('Facebook insights', () => {
  it('reads views from post_media_view and likes as the sum of the reactions, leaving out what is missing', () => {
    expect(facebookInsights([
      { name: 'post_media_view', values: [{ value: 420 }] },
      { name: 'post_reactions_by_type_total', values: [{ value: { like: 30, love: 5, wow: 1 } }] },
    ])).toEqual({ views: 420, likes: 36 });
    expect(facebookInsights([{ name: 'post_reactions_by_type_total', values: [{ value: { like: 'x' } }] }])).toEqual({});
  });
});
