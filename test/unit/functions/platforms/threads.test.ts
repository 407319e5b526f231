import { describe, expect, it } from 'vitest';
import type { AdapterDeps } from '../../../../functions/platforms/adapter';
import { createThreadsAdapter } from '../../../../functions/platforms/threads/adapter';
import { classifyThreadsError } from '../../../../functions/platforms/threads/errors';
import { createThreadsMetricsReader, threadsMetrics } from '../../../../functions/platforms/threads/metrics';
import { readThreadsOptions } from '../../../../functions/platforms/threads/options';
import { AuthExpired, RateLimited, Rejected, Retryable } from '../../../../functions/platforms/errors';
import { createPlatformHttp } from '../../../../functions/platforms/http';
import { platformHosts } from '../../../../functions/platforms/registry';
import { ConfigurationError } from '../../../../functions/config';
import { adapterWith, baseTokens, clock, credentials, formOf, now, queryOf, recordingFetch } from './harness';

const redirectUri = 'https://app.example/api/connections/threads/callback';
const options = { graphVersion: 'v1.0' };
const threadsAdapter = (deps: AdapterDeps) => createThreadsAdapter({ ...deps, options });
const response = (status: number, body: unknown) => ({ status, headers: new Headers(), text: JSON.stringify(body), body });
const graphError = (code: number, extra: Record<string, unknown> = {}) => ({ status: 400, body: { error: { message: 'Graph says no', type: 'OAuthException', code, fbtrace_id: 'f', ...extra } } });

describe('Threads adapter (Threads API OAuth)', () => {
  it('sends the browser to the Authorization Window with the Threads permissions, comma-separated', async () => {
    const { adapter } = adapterWith('threads', threadsAdapter);
    const url = new URL((await adapter.authorizeUrl({ state: 'threads_s', redirectUri })).url);
    expect(`${url.origin}${url.pathname}`).toBe('https://threads.net/oauth/authorize');
    expect(queryOf(url)).toEqual({
      client_id: credentials.clientId,
      redirect_uri: redirectUri,
      scope: 'threads_basic,threads_content_publish,threads_manage_replies,threads_read_replies,threads_manage_insights',
      response_type: 'code',
      state: 'threads_s',
    });
    expect(adapter.requiredScopes).toEqual(['threads_basic', 'threads_content_publish']);
    expect(adapter.usesPkce).toBe(false);
  });

  it('exchanges the code for a short-lived token, then for a 60-day one (th_exchange_token)', async () => {
    const { adapter, requests } = adapterWith('threads', threadsAdapter, [
      { body: { access_token: 'short', user_id: 2000000000000001 } },
      { body: { access_token: 'long', token_type: 'bearer', expires_in: 5183944 } },
    ]);
    const tokens = await adapter.exchangeCode({ code: 'c', redirectUri });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://graph.threads.net/oauth/access_token');
    expect(formOf(requests[0]!)).toEqual({ client_id: credentials.clientId, client_secret: credentials.clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code: 'c' });
    expect(requests[1]!.method).toBe('GET');
    expect(`${requests[1]!.url.origin}${requests[1]!.url.pathname}`).toBe('https://graph.threads.net/access_token');
    expect(queryOf(requests[1]!.url)).toEqual({ grant_type: 'th_exchange_token', client_secret: credentials.clientSecret, access_token: 'short' });
    expect(tokens).toMatchObject({ accessToken: 'long', accessTokenExpiresAt: new Date(now.getTime() + 5183944_000).toISOString(), accessTokenIssuedAt: now.toISOString() });
    // Threads names no granted permissions: the window grants what was asked, together.
    expect(tokens.scopes).toEqual(['threads_basic', 'threads_content_publish', 'threads_manage_replies', 'threads_read_replies', 'threads_manage_insights']);
    expect(tokens.refreshToken).toBeUndefined();
  });

  it('keeps the permissions where the answer names them', async () => {
    const { adapter } = adapterWith('threads', threadsAdapter, [
      { body: { access_token: 'short', user_id: '1', permissions: 'threads_basic,threads_content_publish' } },
      { body: { access_token: 'long', expires_in: 5183944 } },
    ]);
    expect((await adapter.exchangeCode({ code: 'c', redirectUri })).scopes).toEqual(['threads_basic', 'threads_content_publish']);
  });

  it('refuses a used code in our words, not Meta’s', async () => {
    const { adapter } = adapterWith('threads', threadsAdapter, [graphError(100, { message: 'This authorization code has been used.', error_subcode: 36007 })]);
    const error = await adapter.exchangeCode({ code: 'c', redirectUri }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('Threads refused the request (its error code 100).');
  });

  it('refreshes a long-lived token only once it is 24 hours old (th_refresh_token), and only before it expires', async () => {
    const young = adapterWith('threads', threadsAdapter);
    expect(await young.adapter.refresh({ ...baseTokens, accessTokenIssuedAt: now.toISOString() })).toMatchObject({ accessToken: 'access-1' });
    expect(young.requests).toHaveLength(0);

    const old = adapterWith('threads', threadsAdapter, [{ body: { access_token: 'long-2', token_type: 'bearer', expires_in: 5183944 } }]);
    const refreshed = await old.adapter.refresh({ ...baseTokens, scopes: ['threads_basic'], accessTokenIssuedAt: '2026-11-20T10:00:00.000Z', accessTokenExpiresAt: '2027-01-01T00:00:00.000Z' });
    expect(`${old.requests[0]!.url.origin}${old.requests[0]!.url.pathname}`).toBe('https://graph.threads.net/refresh_access_token');
    expect(queryOf(old.requests[0]!.url)).toEqual({ grant_type: 'th_refresh_token', access_token: 'access-1' });
    expect(refreshed).toMatchObject({ accessToken: 'long-2', scopes: ['threads_basic'], accessTokenIssuedAt: now.toISOString() });

    expect(old.adapter.canRefresh({ ...baseTokens, accessTokenExpiresAt: '2026-11-22T09:59:59.000Z' })).toBe(false);
    expect(old.adapter.canRefresh({ ...baseTokens, accessTokenExpiresAt: '2027-01-01T00:00:00.000Z' })).toBe(true);
  });

  it('reads who connected from /me: id, username, name and picture', async () => {
    const { adapter, requests } = adapterWith('threads', threadsAdapter, [
      { body: { id: '2000000000000001', username: 'maria', name: 'Maria Lopez', threads_profile_picture_url: 'https://cdn/p.jpg' } },
    ]);
    const profile = await adapter.fetchProfile(baseTokens);
    expect(requests[0]!.url.toString()).toBe('https://graph.threads.net/v1.0/me?fields=id%2Cusername%2Cname%2Cthreads_profile_picture_url');
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(profile).toEqual({ platformUserId: '2000000000000001', displayName: 'Maria Lopez', username: 'maria', avatarUrl: 'https://cdn/p.jpg' });
  });

  it('reads how many of its 250 posts in 24 hours the profile has used, with the documented limit where the answer leaves it out', async () => {
    const { adapter, requests } = adapterWith('threads', threadsAdapter, [
      { body: { data: [{ quota_usage: 12, config: { quota_total: 250, quota_duration: 86400 } }] } },
      { body: { data: [{ quota_usage: 3 }] } },
      graphError(190),
    ]);
    expect(await adapter.publishingQuota!(baseTokens, '2000000000000001')).toEqual({ used: 12, total: 250, windowSeconds: 86400 });
    expect(requests[0]!.url.toString()).toBe('https://graph.threads.net/v1.0/2000000000000001/threads_publishing_limit?fields=quota_usage%2Cconfig');
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(await adapter.publishingQuota!(baseTokens, '2000000000000001')).toEqual({ used: 3, total: 250, windowSeconds: 86400 });
    await expect(adapter.publishingQuota!(baseTokens, '2000000000000001')).rejects.toBeInstanceOf(AuthExpired);
  });

  it('has no revoke endpoint: disconnecting calls nothing', async () => {
    const { adapter, requests } = adapterWith('threads', threadsAdapter);
    await adapter.revoke(baseTokens);
    expect(requests).toHaveLength(0);
  });

  it('maps Graph errors to our taxonomy, in our words', () => {
    const cases: Array<[ReturnType<typeof response>, new (...args: never[]) => Error, RegExp]> = [
      [response(400, graphError(190, { error_subcode: 463 }).body), AuthExpired, /reconnect/],
      [response(400, graphError(10).body), AuthExpired, /permission missing/],
      [response(400, graphError(4).body), RateLimited, /rate limit/],
      [response(500, graphError(1).body), Retryable, /unavailable/],
      [response(400, graphError(100, { error_user_msg: 'The image is too large.' }).body), Rejected, /^Threads refused the request: The image is too large\.$/],
      [response(400, graphError(100).body), Rejected, /^Threads refused the request \(its error code 100\)\.$/],
    ];
    for (const [answer, type, words] of cases) {
      const error = classifyThreadsError(answer, now);
      expect(error).toBeInstanceOf(type);
      expect(error.message).toMatch(words);
      expect(error.message).not.toContain('Graph says no');
    }
    expect((classifyThreadsError(response(400, graphError(4).body), now) as RateLimited).resetAt).toEqual(new Date(now.getTime() + 3600_000));
  });

  it('reads its Graph version from THREADS_GRAPH_VERSION, refusing a bad one by name', () => {
    expect(readThreadsOptions({})).toEqual({ graphVersion: 'v1.0' });
    expect(readThreadsOptions({ THREADS_GRAPH_VERSION: 'v2.0' })).toEqual({ graphVersion: 'v2.0' });
    expect(() => readThreadsOptions({ THREADS_GRAPH_VERSION: 'latest' })).toThrow(ConfigurationError);
    expect(() => readThreadsOptions({ THREADS_GRAPH_VERSION: 'latest' })).toThrow(/THREADS_GRAPH_VERSION/);
  });
});

describe('Threads metrics (media insights)', () => {
  function reader(responses: Parameters<typeof recordingFetch>[0] = []) {
    const { fetchImpl, requests } = recordingFetch(responses);
    return { reader: createThreadsMetricsReader({ credentials, hosts: { ...platformHosts.threads }, http: createPlatformHttp('Threads', fetchImpl), clock, options }), requests };
  }
  const insights = (values: Record<string, number>) => ({ body: { data: Object.entries(values).map(([name, value]) => ({ name, period: 'lifetime', values: [{ value }], id: `1/insights/${name}/lifetime` })) } });

  it('asks one post per call for views, likes, replies, reposts and quotes, and maps replies to comments and reposts + quotes to shares', async () => {
    const { reader: metrics, requests } = reader([insights({ views: 900, likes: 40, replies: 7, reposts: 3, quotes: 2 })]);
    const read = await metrics.read({ ...baseTokens, scopes: ['threads_basic', 'threads_manage_insights'] }, ['1801']);
    expect(requests[0]!.url.toString()).toBe('https://graph.threads.net/v1.0/1801/insights?metric=views%2Clikes%2Creplies%2Creposts%2Cquotes');
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(read).toEqual({ '1801': { views: 900, likes: 40, comments: 7, shares: 5 } });
    expect(metrics.batchSize).toBe(1);
  });

  it('leaves out what Threads does not report, never as 0', () => {
    expect(threadsMetrics([{ name: 'likes', values: [{ value: 4 }] }])).toEqual({ likes: 4 });
    expect(threadsMetrics([{ name: 'reposts', values: [{ value: 2 }] }])).toEqual({ shares: 2 });
    expect(threadsMetrics([{ name: 'views', values: [{ value: -1 }] }])).toEqual({});
  });

  it('skips a deleted post, needs reconnect on a dead token, and says so without the insights permission', async () => {
    const scopes = { ...baseTokens, scopes: ['threads_manage_insights'] };
    expect(await reader([graphError(100)]).reader.read(scopes, ['gone'])).toEqual({});
    await expect(reader([graphError(190)]).reader.read(scopes, ['1'])).rejects.toBeInstanceOf(AuthExpired);
    await expect(reader([graphError(4)]).reader.read(scopes, ['1'])).rejects.toBeInstanceOf(RateLimited);
    expect(reader().reader.availability({ ...baseTokens, scopes: ['threads_basic'] })).toEqual({ available: false, reason: expect.stringMatching(/reconnect/) });
    expect(reader().reader.availability(scopes)).toEqual({ available: true });
  });
});
