import { describe, expect, it } from 'vitest';
import type { ClientRegistrations, PlatformCredentials, TokenSet } from '../../../../functions/platforms/adapter';
import { createPlatformHttp } from '../../../../functions/platforms/http';
import { AuthExpired, RateLimited } from '../../../../functions/platforms/errors';
import { OutcomeUnknown } from '../../../../functions/platforms/createOnce';
import { createMastodonAdapter } from '../../../../functions/platforms/mastodon/adapter';
import { createMastodonApi } from '../../../../functions/platforms/mastodon/api';
import { createMastodonPublisher, IDEMPOTENCY_KEY_TRUSTED_MS } from '../../../../functions/platforms/mastodon/publisher';
import { createMastodonMetricsReader } from '../../../../functions/platforms/mastodon/metrics';
import { mastodonLength } from '../../../../shared/platforms/mastodon';
import { capabilities } from '../../../../shared/platforms';
import { rulesFor } from '../../../../shared/platforms/accountLimits';
import { armedTarget, clock, credentials, jsonOf, memoryMedia, now, publishRequest, recordingFetch, type CannedResponse } from './harness';

const server = 'https://mastodon.example';
const tokens: TokenSet = { accessToken: 'token-1', accessTokenIssuedAt: now.toISOString(), scopes: ['read', 'write:statuses', 'write:media'], platformData: { server, clientId: 'app-id', clientSecret: 'app-secret' } };
const instance = (maxCharacters: number) => ({ body: { configuration: { statuses: { max_characters: maxCharacters, max_media_attachments: 4, characters_reserved_per_url: 23 } } } });

function memoryRegistrations(): ClientRegistrations & { kept: Map<string, PlatformCredentials> } {
  const kept = new Map<string, PlatformCredentials>();
  return { kept, get: async (at) => kept.get(at), keep: async (at, app) => (kept.has(at) ? kept.get(at)! : (kept.set(at, app), app)) };
}

function parts(responses: CannedResponse[], at = clock) {
  const { fetchImpl, requests } = recordingFetch(responses);
  const http = createPlatformHttp('mastodon', fetchImpl);
  const api = createMastodonApi(http, at);
  const registrations = memoryRegistrations();
  const deps = { credentials, hosts: {}, http, clock: at, clientRegistrations: registrations, options: {} };
  return { adapter: createMastodonAdapter(deps, api), publisher: createMastodonPublisher(deps, api), reader: createMastodonMetricsReader(api), requests, registrations };
}

describe('Mastodon (docs.joinmastodon.org): OAuth at the server the user names', () => {
  it('registers OneClick at a new server once, then sends the browser to its consent with PKCE', async () => {
    const { adapter, requests } = parts([{ body: { client_id: 'app-id', client_secret: 'app-secret' } }]);
    const first = await adapter.authorizeUrl({ state: 'mastodon_s1', redirectUri: 'https://app.oneclick.test/api/connections/mastodon/callback', codeChallenge: 'challenge', server });
    const second = await adapter.authorizeUrl({ state: 'mastodon_s2', redirectUri: 'https://app.oneclick.test/api/connections/mastodon/callback', codeChallenge: 'challenge', server });

    expect(requests.map((request) => `${request.method} ${request.url.toString()}`)).toEqual([`POST ${server}/api/v1/apps`]);
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ client_name: 'OneClick', redirect_uris: 'https://app.oneclick.test/api/connections/mastodon/callback', scopes: 'read write:statuses write:media profile', website: 'https://app.oneclick.test' });
    const url = new URL(first.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${server}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: 'app-id', code_challenge: 'challenge', code_challenge_method: 'S256', state: 'mastodon_s1' });
    expect(first.flowData).toEqual({ server, clientId: 'app-id', clientSecret: 'app-secret' });
    expect(new URL(second.url).searchParams.get('client_id')).toBe('app-id');
  });

  it('exchanges the code with the app and the verifier; keeps the server and app with the token, which never expires', async () => {
    const { adapter, requests } = parts([{ body: { access_token: 'token-1', token_type: 'Bearer', scope: 'read write:statuses write:media profile', created_at: 1 } }]);
    const exchanged = await adapter.exchangeCode({ code: 'code-1', redirectUri: 'https://app/cb', codeVerifier: 'verifier', flowData: { server, clientId: 'app-id', clientSecret: 'app-secret' } });

    expect(requests[0]!.url.toString()).toBe(`${server}/oauth/token`);
    expect(Object.fromEntries(requests[0]!.form)).toMatchObject({ grant_type: 'authorization_code', code: 'code-1', client_id: 'app-id', client_secret: 'app-secret', code_verifier: 'verifier' });
    expect(exchanged).toMatchObject({ accessToken: 'token-1', scopes: ['read', 'write:statuses', 'write:media', 'profile'], platformData: { server, clientId: 'app-id', clientSecret: 'app-secret' } });
    expect(exchanged.accessTokenExpiresAt).toBeUndefined();
    expect(adapter.canRefresh(exchanged)).toBe(false);
  });

  it('names the account by its id at its server, and its full handle, with the server\'s own limits kept with the connection', async () => {
    const large = { configuration: { statuses: { max_characters: 5000, max_media_attachments: 8, characters_reserved_per_url: 30 }, media_attachments: { image_size_limit: 33_554_432, video_size_limit: 209_715_200 }, polls: { max_options: 6, max_characters_per_option: 80, min_expiration: 600, max_expiration: 86_400 } } };
    const { adapter, requests } = parts([{ body: { id: '109', username: 'ada', display_name: 'Ada', avatar: 'https://files.example/ada.png' } }, { body: large }, { body: { configuration: {} } }]);
    expect(await adapter.fetchProfile(tokens)).toEqual({
      platformUserId: '109@mastodon.example',
      displayName: 'Ada',
      username: '@ada@mastodon.example',
      avatarUrl: 'https://files.example/ada.png',
      limits: { textMax: 5000, urlCharacters: 30, imageMaxCount: 8, imageMaxBytes: 33_554_432, videoMaxBytes: 209_715_200, pollMaxOptions: 6, pollMaxCharactersPerOption: 80, pollMinSeconds: 600, pollMaxSeconds: 86_400, readAt: now.toISOString() },
    });
    expect(requests.map((request) => `${request.method} ${request.url.toString()}`)).toEqual([`GET ${server}/api/v1/accounts/verify_credentials`, `GET ${server}/api/v2/instance`]);
    // The instance endpoint is public: no token is sent to it.
    expect(requests[1]!.headers['authorization']).toBeUndefined();
    // A server that leaves its limits out gets the default instance's (500 characters, 4 files).
    expect(await adapter.readLimits!(tokens)).toMatchObject({ textMax: 500, urlCharacters: 23, imageMaxCount: 4, pollMaxOptions: 4 });
  });

  it('counts a link as the server\'s own characters_reserved_per_url', () => {
    const text = 'see https://example.com/a/very/long/path/that/is/long';
    expect(capabilities.mastodon.text.count(text)).toBe(4 + 23);
    expect(rulesFor('mastodon', { urlCharacters: 30, readAt: now.toISOString() }).text.count(text)).toBe(4 + 30);
  });

  it('maps 429 to its X-RateLimit-Reset, 401 to reconnecting, 422 to the server\'s words', async () => {
    const reset = '2026-11-22T10:04:00.000Z';
    const limited = parts([{ status: 429, headers: { 'x-ratelimit-reset': reset }, body: { error: 'Too many requests' } }]);
    await expect(limited.adapter.fetchProfile(tokens)).rejects.toSatisfy((error) => error instanceof RateLimited && error.resetAt?.toISOString() === reset);
    await expect(parts([{ status: 401, body: { error: 'The access token is invalid' } }]).adapter.fetchProfile(tokens)).rejects.toBeInstanceOf(AuthExpired);
    const refused = parts([{ status: 422, body: { error: 'Validation failed: Text character limit of 500 exceeded' } }]);
    await expect(refused.publisher.publish(publishRequest({ tokens, media: [] }))).rejects.toThrow('Mastodon refused the request: Validation failed: Text character limit of 500 exceeded');
  });
});

describe('Mastodon publishing: the server\'s own limits, async media, and one Idempotency-Key per status', () => {
  it('refuses a post over the server\'s own limit, its content warning counted, before uploading anything', async () => {
    const { publisher, requests } = parts([instance(100)]);
    const request = publishRequest({ tokens, text: 'a'.repeat(90), options: { spoilerText: 'Twelve chars' } });
    await expect(publisher.start(request)).rejects.toThrow('This Mastodon server takes at most 100 characters per post; this one has 102, its content warning included.');
    expect(requests.map((request) => request.url.pathname)).toEqual(['/api/v2/instance']);
  });

  it('uploads each file, waits for one still processing (202, then 206, then its url), then posts with its id', async () => {
    const { publisher, requests } = parts([instance(500), { status: 202, body: { id: 'm1', url: null } }, { status: 206, body: { id: 'm1', url: null } }, { body: { id: 'm1', url: 'https://files/m1' } }]);
    const request = publishRequest({ tokens, media: [memoryMedia({ kind: 'video', contentType: 'video/mp4', extension: 'mp4' })] });
    const started = await publisher.start(request);
    expect(started).toMatchObject({ state: 'processing', progress: { mediaIds: ['m1'], pendingMediaIds: ['m1'] } });
    expect(await publisher.checkStatus({ ...request, progress: started.progress })).toMatchObject({ state: 'processing' });
    const ready = await publisher.checkStatus({ ...request, progress: started.progress });
    expect(ready).toMatchObject({ state: 'ready', progress: { pendingMediaIds: [] } });
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual(['GET /api/v2/instance', 'POST /api/v2/media', 'GET /api/v1/media/m1', 'GET /api/v1/media/m1']);
  });

  it('with a poll, uploads none of the post\'s files (a poll takes their place) and sends the poll', async () => {
    const { publisher, requests } = parts([instance(500), { body: { id: '201', url: `${server}/@ada/201` } }]);
    const options = { visibility: 'public', poll: { options: ['Yes', 'No'], expiresInSeconds: 86_400, multiple: true } };
    const started = await publisher.start!(publishRequest({ tokens, options }));
    expect(started).toMatchObject({ state: 'ready' });
    const published = await publisher.publish(publishRequest({ tokens, options, progress: started.progress }));
    expect(published).toMatchObject({ state: 'published', platformPostId: '201' });
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual(['GET /api/v2/instance', 'POST /api/v1/statuses']);
    expect(jsonOf(requests[1]!)).toEqual({ status: 'Hello world', visibility: 'public', poll: { options: ['Yes', 'No'], expires_in: 86_400, multiple: true } });
  });

  it('sends the status with its choices and an Idempotency-Key, and after a lost answer sends the same key again', async () => {
    const { publisher, requests } = parts([{ body: { id: '200', url: `${server}/@ada/200` } }, { body: { id: '200', url: `${server}/@ada/200` } }]);
    const options = { visibility: 'unlisted', spoilerText: 'CW', language: 'en', poll: { options: ['Yes', 'No'], expiresInSeconds: 3600 } };
    const published = await publisher.publish(publishRequest({ tokens, media: [], options }));
    expect(published).toMatchObject({ state: 'published', platformPostId: '200', postUrl: `${server}/@ada/200` });
    const key = requests[0]!.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(jsonOf(requests[0]!)).toEqual({ status: 'Hello world', visibility: 'unlisted', spoiler_text: 'CW', sensitive: true, language: 'en', poll: { options: ['Yes', 'No'], expires_in: 3600, multiple: false } });

    const log: string[] = [];
    const { idempotencyKey, keyIssuedAt } = published.progress as { idempotencyKey: string; keyIssuedAt: string };
    const again = await publisher.publish(publishRequest({ tokens, media: [], options, progress: { idempotencyKey, keyIssuedAt }, createOnce: armedTarget('Mastodon', log) }));
    expect(log).toEqual(['reconcile']);
    expect(requests[1]!.headers['idempotency-key']).toBe(key);
    expect(again).toMatchObject({ platformPostId: '200' });
  });

  it('cannot tell after the key\'s hour: the target ends "check your account", nothing sent', async () => {
    const later = { now: () => new Date(now.getTime() + IDEMPOTENCY_KEY_TRUSTED_MS + 1) };
    const { publisher, requests } = parts([], later);
    const request = publishRequest({ tokens, media: [], progress: { idempotencyKey: 'k', keyIssuedAt: now.toISOString() }, createOnce: armedTarget('Mastodon') });
    await expect(publisher.publish(request)).rejects.toBeInstanceOf(OutcomeUnknown);
    expect(requests).toEqual([]);
  });

  it('posts a thread\'s next post and the first comment as replies, each with its own key, in the post\'s visibility', async () => {
    const { publisher, requests } = parts([{ body: { id: '201', url: `${server}/@ada/201` } }]);
    const progress = { platformPostId: '200', postUrl: `${server}/@ada/200`, visibility: 'private', limits: JSON.stringify({ statuses: { max_characters: 500 } }) };
    const reply = await publisher.threadPart!({ ...publishRequest({ tokens, progress }), text: 'Part 2', part: 2, post: { platformPostId: '200', postUrl: '' }, root: { platformPostId: '200', postUrl: '' } });
    expect(jsonOf(requests[0]!)).toEqual({ status: 'Part 2', in_reply_to_id: '200', visibility: 'private' });
    expect(reply).toMatchObject({ commentId: '201', progress: { thread2Id: '201', thread2IdempotencyKey: requests[0]!.headers['idempotency-key'] } });
  });

  it('reads favourites, boosts and replies; a deleted status is left out', async () => {
    const { reader } = parts([{ body: { id: '200', favourites_count: 3, reblogs_count: 2, replies_count: 1 } }, { status: 404, body: { error: 'Record not found' } }]);
    expect(await reader.read(tokens, ['200', '201'])).toEqual({ '200': { likes: 3, shares: 2, comments: 1 } });
  });

  it('counts text as Mastodon does: graphemes, a URL as 23, a remote mention by its local part', () => {
    expect(mastodonLength('hello 👋🏽')).toBe(7);
    expect(mastodonLength(`see https://example.com/${'x'.repeat(100)}`)).toBe(4 + 23);
    expect(mastodonLength('hi @ada@mastodon.example')).toBe('hi @ada'.length);
  });
});

