import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { allow, formPost, HOUR, jsonOf, mastodonApp, pkcePair, publishingScopes, redirectUri, startTestSandbox, testBytes, urlWith, type TestClock } from './harness';
import { mastodonTokens } from './mastodon.harness';

describe('the Mastodon sandbox: two instances with their own limits, apps, PKCE and idempotent creates', () => {
  let sandbox: Sandbox | undefined;
  let clock: TestClock;
  afterEach(async () => sandbox?.stop());

  const api = (instance: string, path: string) => `${sandbox!.hostUrl('mastodon', instance)}${path}`;
  const post = (token: string, body: unknown, key?: string) =>
    fetch(api('social', '/api/v1/statuses'), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify(body) });

  it('describes each instance with its own limits in /api/v2/instance', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const social = (await jsonOf(await fetch(api('social', '/api/v2/instance')))) as { configuration: { statuses: Record<string, number> } };
    const large = (await jsonOf(await fetch(api('large', '/api/v2/instance')))) as { configuration: { statuses: Record<string, number> } };
    expect(social.configuration.statuses).toEqual({ max_characters: 500, max_media_attachments: 4, characters_reserved_per_url: 23 });
    expect(large.configuration.statuses).toEqual({ max_characters: 5000, max_media_attachments: 8, characters_reserved_per_url: 23 });
  });

  it('registers an app per instance and checks PKCE at the token endpoint; an app of one instance is unknown at the other', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const app = await mastodonApp(sandbox, 'social');
    const pkce = pkcePair();
    const authorize = (instance: string) =>
      urlWith(api(instance, '/oauth/authorize'), { client_id: app.clientId, redirect_uri: redirectUri, response_type: 'code', scope: publishingScopes.mastodon, state: 's', code_challenge: pkce.challenge, code_challenge_method: 'S256' });
    const exchange = (instance: string, code: string, verifier: string) =>
      fetch(api(instance, '/oauth/token'), formPost({ grant_type: 'authorization_code', code, client_id: app.clientId, client_secret: app.clientSecret, redirect_uri: redirectUri, code_verifier: verifier }));

    const { code } = await allow(sandbox, 'mastodon', authorize('social'), 'ada');
    expect(await jsonOf(await exchange('social', code, pkcePair().verifier))).toMatchObject({ error: 'invalid_grant' });
    const second = await allow(sandbox, 'mastodon', authorize('social'), 'ada');
    expect((await exchange('large', second.code, pkce.verifier)).status).toBe(401);
    const third = await allow(sandbox, 'mastodon', authorize('social'), 'ada');
    const granted = await jsonOf(await exchange('social', third.code, pkce.verifier));
    expect(granted).toMatchObject({ token_type: 'Bearer', scope: publishingScopes.mastodon });
    const me = await fetch(api('social', '/api/v1/accounts/verify_credentials'), { headers: { authorization: `Bearer ${String(granted['access_token'])}` } });
    expect(await jsonOf(me)).toMatchObject({ username: 'ada' });
    expect(me.headers.get('x-ratelimit-limit')).toBe('300');
    expect((await fetch(api('large', '/api/v1/accounts/verify_credentials'), { headers: { authorization: `Bearer ${String(granted['access_token'])}` } })).status).toBe(401);
  });

  it('answers a create with an Idempotency-Key it saw within the hour with the same status, and makes a new one after it', async () => {
    ({ sandbox, clock } = await startTestSandbox());
    const { accessToken } = await mastodonTokens(sandbox, 'ada');

    const first = await jsonOf(await post(accessToken, { status: 'Hello once' }, 'key-1'));
    const again = await jsonOf(await post(accessToken, { status: 'Hello once' }, 'key-1'));
    expect(again['id']).toBe(first['id']);
    expect((await sandbox.control.feed('mastodon', 'ada')).posts).toHaveLength(1);
    clock.advance(HOUR + 1);
    const later = await jsonOf(await post(accessToken, { status: 'Hello once' }, 'key-1'));
    expect(later['id']).not.toBe(first['id']);
    expect((await sandbox.control.feed('mastodon', 'ada')).posts).toHaveLength(2);
  });

  it('counts a status as Mastodon does against the instance\'s limit: the content warning in, a URL as 23', async () => {
    ({ sandbox } = await startTestSandbox());
    const { accessToken } = await mastodonTokens(sandbox, 'ada');
    const long = `${'a'.repeat(470)} https://example.com/${'x'.repeat(200)}`;
    expect((await post(accessToken, { status: long })).status).toBe(200);
    const refused = await post(accessToken, { status: 'a'.repeat(490), spoiler_text: 'Spoilers ahead' });
    expect(refused.status).toBe(422);
    expect(await jsonOf(refused)).toEqual({ error: 'Validation failed: Text character limit of 500 exceeded' });
  });

  it('processes a video after a 202: 206 while processing, then 200 with its url, and refuses to attach it before', async () => {
    ({ sandbox } = await startTestSandbox());
    const { accessToken } = await mastodonTokens(sandbox, 'ada');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(testBytes(5000, 'mp4'))], { type: 'video/mp4' }), 'clip.mp4');
    const uploaded = await fetch(api('social', '/api/v2/media'), { method: 'POST', headers: { authorization: `Bearer ${accessToken}` }, body: form });
    expect(uploaded.status).toBe(202);
    const media = await jsonOf(uploaded);
    expect(media['url']).toBeNull();
    expect((await post(accessToken, { status: 'Too soon', media_ids: [media['id']] })).status).toBe(422);
    const read = () => fetch(api('social', `/api/v1/media/${String(media['id'])}`), { headers: { authorization: `Bearer ${accessToken}` } });
    expect((await read()).status).toBe(206);
    const done = await read();
    expect(done.status).toBe(200);
    expect((await jsonOf(done))['url']).toEqual(expect.any(String));
    expect((await post(accessToken, { status: 'Now', media_ids: [media['id']] })).status).toBe(200);
  });
});
