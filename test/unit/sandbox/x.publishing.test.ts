import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { xUserId } from '../../../infra/local/sandbox/x/identity';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { weightedLength } from '../../../infra/local/sandbox/x/publishing';
import { accessTokenFor, jsonOf, startTestSandbox, testBytes, type TestClock } from './harness';

const MIB = 1024 * 1024;

let sandbox: Sandbox;
let clock: TestClock;

beforeAll(async () => ({ sandbox, clock } = await startTestSandbox()));
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.control.reset());

function api(path: string): string {
  return `${sandbox.hostUrl('x', 'api')}${path}`;
}

function postJson(token: string, path: string, body: unknown): Promise<Response> {
  return fetch(api(path), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

function appendSegment(token: string, id: string, index: number | string, bytes: Buffer): Promise<Response> {
  const form = new FormData();
  form.set('segment_index', String(index));
  form.set('media', new Blob([new Uint8Array(bytes)]), 'blob');
  return fetch(api(`/2/media/upload/${id}/append`), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

function finalize(token: string, id: string): Promise<Response> {
  return fetch(api(`/2/media/upload/${id}/finalize`), { method: 'POST', headers: { authorization: `Bearer ${token}` } });
}

function mediaStatus(token: string, id: string): Promise<Response> {
  return fetch(api(`/2/media/upload?command=STATUS&media_id=${id}`), { headers: { authorization: `Bearer ${token}` } });
}

async function initialize(token: string, totalBytes: number, mediaType = 'video/mp4', category = 'tweet_video'): Promise<{ id: string; media_key: string; expires_after_secs: number }> {
  const response = await postJson(token, '/2/media/upload/initialize', { media_type: mediaType, total_bytes: totalBytes, media_category: category });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { id: string; media_key: string; expires_after_secs: number } }).data;
}

/** Uploads a video in 1 MiB segments and finalizes it; returns the media id. */
async function uploadVideo(token: string, file: Buffer): Promise<string> {
  const { id } = await initialize(token, file.length);
  for (let index = 0; index * MIB < file.length; index += 1) expect((await appendSegment(token, id, index, file.subarray(index * MIB, (index + 1) * MIB))).status).toBe(200);
  expect((await finalize(token, id)).status).toBe(200);
  return id;
}

async function processingState(token: string, id: string): Promise<{ state: string; check_after_secs?: number; error?: { message: string } }> {
  return ((await (await mediaStatus(token, id)).json()) as { data: { processing_info: { state: string; check_after_secs?: number; error?: { message: string } } } }).data.processing_info;
}

/** Polls STATUS as a client honouring check_after_secs would, moving the clock. */
async function processed(token: string, id: string): Promise<string> {
  for (let read = 0; read < 10; read += 1) {
    clock.advance(1000);
    const { state } = await processingState(token, id);
    if (state === 'succeeded' || state === 'failed') return state;
  }
  throw new Error('processing never ended');
}

async function uploadImage(token: string, bytes = testBytes(1500, 'jpeg')): Promise<string> {
  const form = new FormData();
  form.set('media', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  form.set('media_category', 'tweet_image');
  const response = await fetch(api('/2/media/upload'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await response.json()) as { data: { id: string; processing_info?: unknown } };
  expect(response.status).toBe(200);
  expect(body.data.processing_info).toBeUndefined();
  return body.data.id;
}

function tweet(token: string, body: unknown): Promise<Response> {
  return postJson(token, '/2/tweets', body);
}

async function problemOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return jsonOf(response);
}

describe('uploading an X video', () => {
  it('initializes, appends multipart segments, finalizes with processing_info, and processes honouring check_after_secs', async () => {
    const token = await accessTokenFor(sandbox, 'x');
    const file = testBytes(MIB + 500, 'mp4');
    const startedAt = clock.now();

    const init = await initialize(token, file.length);
    const first = await appendSegment(token, init.id, 0, file.subarray(0, MIB));
    await appendSegment(token, init.id, 1, file.subarray(MIB));
    const finalized = (await (await finalize(token, init.id)).json()) as { data: Record<string, unknown> };
    const tooEarly = await processingState(token, init.id);
    clock.advance(1000);
    const second = await processingState(token, init.id);
    clock.advance(1000);
    const third = await processingState(token, init.id);

    expect(init).toEqual({ id: expect.stringMatching(/^\d{19}$/), media_key: `7_${init.id}`, expires_after_secs: 86_400 });
    expect(await first.json()).toEqual({ data: { expires_at: Math.floor(startedAt / 1000) + 86_400 } });
    expect(finalized.data).toEqual({ id: init.id, media_key: `7_${init.id}`, size: file.length, expires_after_secs: 86_400, processing_info: { state: 'pending', check_after_secs: 1, progress_percent: 0 } });
    expect(tooEarly.state).toBe('pending');
    expect(second).toMatchObject({ state: 'in_progress', check_after_secs: 1 });
    expect(third).toEqual({ state: 'succeeded', progress_percent: 100 });
  });

  it('posts the processed video once, to the feed with its bytes', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'poster');
    const file = testBytes(3000, 'mp4');
    const id = await uploadVideo(token, file);
    await processed(token, id);

    const created = await tweet(token, { text: 'Watch this', media: { media_ids: [id] } });
    const body = (await created.json()) as { data: { id: string; text: string; edit_history_tweet_ids: string[] } };
    const { posts } = await sandbox.control.feed('x', 'poster');
    const page = await (await fetch(`${sandbox.url}/x/_feed/poster`)).text();
    const source = /<video[^>]* src="([^"]+)"/.exec(page)![1]!;

    expect(created.status).toBe(201);
    expect(body.data).toEqual({ id: expect.stringMatching(/^\d{19}$/), text: 'Watch this', edit_history_tweet_ids: [body.data.id] });
    expect(posts).toEqual([{ id: body.data.id, url: `https://x.com/poster/status/${body.data.id}`, text: 'Watch this', media: [{ contentType: 'video/mp4', size: 3000 }], createdAt: clock.now() }]);
    expect(Buffer.from(await (await fetch(`${sandbox.url}${source}`)).arrayBuffer()).equals(file)).toBe(true);
  });

  it('accepts JSON segments with base64 media', async () => {
    const token = await accessTokenFor(sandbox, 'x');
    const file = testBytes(2000);
    const { id } = await initialize(token, file.length);

    const appended = await postJson(token, `/2/media/upload/${id}/append`, { segment_index: 0, media: file.toString('base64') });

    expect(appended.status).toBe(200);
    expect((await finalize(token, id)).status).toBe(200);
  });

  it.each([
    ['a segment over 5 MB', (token: string, id: string) => appendSegment(token, id, 0, testBytes(5 * MIB + 1))],
    ['segment_index 1000', (token: string, id: string) => appendSegment(token, id, 1000, testBytes(10))],
    ['a negative segment_index', (token: string, id: string) => appendSegment(token, id, -1, testBytes(10))],
  ])('refuses %s with 400 invalid-request', async (_case, send) => {
    const token = await accessTokenFor(sandbox, 'x');
    const { id } = await initialize(token, 100);

    const response = await send(token, id);

    expect(response.status).toBe(400);
    expect(await problemOf(response)).toMatchObject({ type: 'https://api.x.com/2/problems/invalid-request' });
  });

  it('refuses to finalize with a gap in the segments or bytes that do not add up', async () => {
    const token = await accessTokenFor(sandbox, 'x');
    const gap = await initialize(token, 20);
    await appendSegment(token, gap.id, 0, testBytes(10));
    await appendSegment(token, gap.id, 2, testBytes(10));
    const short = await initialize(token, 20);
    await appendSegment(token, short.id, 0, testBytes(10));

    expect((await finalize(token, gap.id)).status).toBe(400);
    expect((await finalize(token, short.id)).status).toBe(400);
  });

  it('refuses initialize with an unknown media_type, a bad total_bytes or an image over 5 MB', async () => {
    const token = await accessTokenFor(sandbox, 'x');
    const init = (body: unknown) => postJson(token, '/2/media/upload/initialize', body);

    expect((await init({ media_type: 'video/avi', total_bytes: 10, media_category: 'tweet_video' })).status).toBe(400);
    expect((await init({ media_type: 'video/mp4', total_bytes: 0, media_category: 'tweet_video' })).status).toBe(400);
    expect((await init({ media_type: 'image/png', total_bytes: 5 * MIB + 1, media_category: 'tweet_image' })).status).toBe(400);
  });

  it('fails processing with the error setProcessing gives; the tweet refuses the media', async () => {
    const token = await accessTokenFor(sandbox, 'x');
    await sandbox.control.setProcessing('x', { outcome: 'fail', reads: 0, reason: 'Video too long' });
    const id = await uploadVideo(token, testBytes(100));

    clock.advance(1000);
    const info = await processingState(token, id);
    const refused = await tweet(token, { text: 'no', media: { media_ids: [id] } });

    expect(info).toMatchObject({ state: 'failed', error: { message: 'Video too long' } });
    expect(refused.status).toBe(400);
  });

  it('expire: the media id is expired from the start', async () => {
    const token = await accessTokenFor(sandbox, 'x');
    await sandbox.control.setProcessing('x', { outcome: 'expire' });
    const { id } = await initialize(token, 10);

    const appended = await appendSegment(token, id, 0, testBytes(10));

    expect(appended.status).toBe(400);
    expect(JSON.stringify(await appended.json())).toContain('expired');
  });
});

describe('X images', () => {
  it('uploads images in one shot, without processing, and posts up to four', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'photos');
    const ids = [await uploadImage(token), await uploadImage(token)];

    const created = await tweet(token, { text: 'Two pictures', media: { media_ids: ids } });

    expect(created.status).toBe(201);
    expect((await sandbox.control.feed('x', 'photos')).posts[0]!.media).toEqual([
      { contentType: 'image/jpeg', size: 1500 },
      { contentType: 'image/jpeg', size: 1500 },
    ]);
  });

  it('refuses a one-shot video', async () => {
    const token = await accessTokenFor(sandbox, 'x');
    const form = new FormData();
    form.set('media', new Blob([new Uint8Array(10)]));
    form.set('media_category', 'tweet_video');

    const response = await fetch(api('/2/media/upload'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });

    expect(response.status).toBe(400);
  });
});

describe('creating an X post', () => {
  it.each([
    ['281 characters', { text: 'a'.repeat(281) }, 400],
    ['141 CJK characters (weight 2 each)', { text: '字'.repeat(141) }, 400],
    ['neither text nor media', { text: '' }, 400],
    ['five media ids', { text: 'x', media: { media_ids: ['1', '2', '3', '4', '5'] } }, 400],
    ['an unknown media id', { text: 'x', media: { media_ids: ['123'] } }, 400],
  ])('refuses %s', async (_case, body, status) => {
    const token = await accessTokenFor(sandbox, 'x');

    const response = await tweet(token, body);

    expect(response.status).toBe(status);
    expect(await problemOf(response)).toMatchObject({ title: 'Invalid Request' });
  });

  it('accepts 280 characters, and a long URL counting 23', async () => {
    const token = await accessTokenFor(sandbox, 'x');

    const full = await tweet(token, { text: 'a'.repeat(280) });
    const withUrl = await tweet(token, { text: `${'b'.repeat(256)} https://example.com/${'c'.repeat(100)}` });

    expect(full.status).toBe(201);
    expect(withUrl.status).toBe(201);
  });

  it('takes the documented reply_settings, records them in the feed, and refuses others with 400', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'replies');
    const limited = await tweet(token, { text: 'Only people I follow', reply_settings: 'following' });
    const open = await tweet(token, { text: 'Anyone may reply' });
    const unknown = await tweet(token, { text: 'Nobody may reply', reply_settings: 'nobody' });

    expect(limited.status).toBe(201);
    expect(open.status).toBe(201);
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('reply_settings must be one of [following, mentionedUsers, subscribers, verified]');
    const { posts } = await sandbox.control.feed('x', 'replies');
    expect(Object.fromEntries(posts.map((post) => [post.text, post.settings]))).toEqual({
      'Only people I follow': { reply_settings: 'following' },
      'Anyone may reply': undefined,
    });
  });

  it('takes a reply to an existing tweet, refuses one to a tweet that is not there, and leaves replies out of a timeline that excludes them', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'threads');
    const parent = (await (await tweet(token, { text: 'The post' })).json()) as { data: { id: string } };
    const reply = await tweet(token, { text: 'The reply', reply: { in_reply_to_tweet_id: parent.data.id } });
    const orphan = await tweet(token, { text: 'An orphan', reply: { in_reply_to_tweet_id: '1' } });

    expect(reply.status).toBe(201);
    expect(orphan.status).toBe(403);
    expect(JSON.stringify(await orphan.json())).toContain('You attempted to reply to a Tweet that is deleted or not visible to you.');
    const { posts } = await sandbox.control.feed('x', 'threads');
    expect(posts.find((post) => post.text === 'The reply')?.replyTo).toBe(parent.data.id);
    const timeline = async (query: string) =>
      ((await (await fetch(api(`/2/users/${xUserId('threads')}/tweets?max_results=10${query}`), { headers: { authorization: `Bearer ${token}` } })).json()) as { data: Array<{ text: string; referenced_tweets?: unknown }> }).data;
    expect((await timeline('&exclude=replies,retweets')).map((post) => post.text)).toEqual(['The post']);
    expect((await timeline('&tweet.fields=referenced_tweets')).find((post) => post.text === 'The reply')?.referenced_tweets).toEqual([{ type: 'replied_to', id: parent.data.id }]);
  });

  it('refuses media that is still processing, and media of another account', async () => {
    const owner = await accessTokenFor(sandbox, 'x', 'owner');
    const other = await accessTokenFor(sandbox, 'x', 'other');
    const pending = await uploadVideo(owner, testBytes(100));
    const image = await uploadImage(owner);

    const notReady = await tweet(owner, { text: 'soon', media: { media_ids: [pending] } });
    const notYours = await tweet(other, { text: 'mine?', media: { media_ids: [image] } });

    expect(notReady.status).toBe(400);
    expect(JSON.stringify(await notReady.json())).toContain('not ready');
    expect(notYours.status).toBe(400);
  });

  it('answers duplicate text from the same account with 403, not from another account', async () => {
    const first = await accessTokenFor(sandbox, 'x', 'first');
    const second = await accessTokenFor(sandbox, 'x', 'second');
    await tweet(first, { text: 'Same words' });

    const duplicate = await tweet(first, { text: 'Same words' });
    const elsewhere = await tweet(second, { text: 'Same words' });

    expect(duplicate.status).toBe(403);
    expect(await problemOf(duplicate)).toMatchObject({ title: 'Forbidden', detail: 'You are not allowed to create a Tweet with duplicate content.' });
    expect(elsewhere.status).toBe(201);
    expect((await sandbox.control.feed('x', 'first')).posts).toHaveLength(1);
  });

  it('counts 100 per 15 min per user in x-rate-limit-* headers and answers 429 past it', async () => {
    const token = await accessTokenFor(sandbox, 'x');
    await sandbox.control.setLimit('x', 'tweetsPer15Min', 2);
    const windowStart = clock.now();

    const first = await tweet(token, { text: 'one' });
    clock.advance(60_000);
    const second = await tweet(token, { text: 'two' });
    const limited = await tweet(token, { text: 'three' });
    clock.advance(14 * 60_000);
    const later = await tweet(token, { text: 'four' });

    const reset = String(Math.ceil((windowStart + 15 * 60_000) / 1000));
    expect(first.headers.get('x-rate-limit-remaining')).toBe('1');
    expect(second.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-rate-limit-limit')).toBe('2');
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(limited.headers.get('x-rate-limit-reset')).toBe(reset);
    expect(await problemOf(limited)).toMatchObject({ title: 'Too Many Requests', status: 429 });
    expect(later.status).toBe(201);
  });

  it('answers a revoked token with a problem+json 401', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'gone');
    await sandbox.control.revokeAccess('x', 'gone');

    const response = await tweet(token, { text: 'hello' });

    expect(response.status).toBe(401);
    expect(await problemOf(response)).toEqual({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
  });
});

describe('reconciling X posts', () => {
  it("finds a post by id and in the user's timeline, newest first", async () => {
    const token = await accessTokenFor(sandbox, 'x', 'reader');
    const older = ((await (await tweet(token, { text: 'older' })).json()) as { data: { id: string } }).data.id;
    clock.advance(1000);
    const newer = ((await (await tweet(token, { text: 'newer' })).json()) as { data: { id: string } }).data.id;

    const byId = await jsonOf(await fetch(api(`/2/tweets/${older}?tweet.fields=created_at,author_id`), { headers: { authorization: `Bearer ${token}` } }));
    const missing = await jsonOf(await fetch(api('/2/tweets/1'), { headers: { authorization: `Bearer ${token}` } }));
    const timeline = await jsonOf(await fetch(api(`/2/users/${xUserId('reader')}/tweets?max_results=5`), { headers: { authorization: `Bearer ${token}` } }));

    expect(byId).toEqual({ data: { id: older, text: 'older', edit_history_tweet_ids: [older], created_at: new Date(clock.now() - 1000).toISOString(), author_id: xUserId('reader') } });
    expect(missing).toMatchObject({ errors: [{ title: 'Not Found Error', resource_id: '1' }] });
    expect(timeline).toMatchObject({ data: [{ id: newer }, { id: older }], meta: { result_count: 2, newest_id: newer, oldest_id: older } });
  });

  it('keeps the post when the connection drops after it was created, exactly once in the feed', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'dropped');
    await sandbox.control.injectFault({ platform: 'x', method: 'POST', path: '/2/tweets', dropConnection: 'after' });

    await expect(tweet(token, { text: 'Did it post?' })).rejects.toThrow();
    const timeline = await jsonOf(await fetch(api(`/2/users/${xUserId('dropped')}/tweets`), { headers: { authorization: `Bearer ${token}` } }));
    const retry = await tweet(token, { text: 'Did it post?' });

    expect(timeline).toMatchObject({ data: [{ text: 'Did it post?' }], meta: { result_count: 1 } });
    expect(retry.status).toBe(403);
    expect((await sandbox.control.feed('x', 'dropped')).posts).toHaveLength(1);
  });

  it('marks in the request log the call that made the post appear, and faults the look-up that follows a lost answer (afterFault)', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'looked-up');
    await sandbox.control.clearRequests();
    await sandbox.control.injectFault({ platform: 'x', method: 'POST', path: '/2/tweets', dropConnection: 'after' });
    await sandbox.control.injectFault({ platform: 'x', afterFault: true, status: 404, body: { title: 'Not Found Error' } });

    await expect(tweet(token, { text: 'Is it there?' })).rejects.toThrow();
    const lookUp = await fetch(api(`/2/users/${xUserId('looked-up')}/tweets`), { headers: { authorization: `Bearer ${token}` } });
    const again = await fetch(api(`/2/users/${xUserId('looked-up')}/tweets`), { headers: { authorization: `Bearer ${token}` } });

    expect(lookUp.status).toBe(404);
    expect(again.status).toBe(200);
    expect(await sandbox.control.requests('x')).toEqual([
      { platform: 'x', hostKey: 'api', method: 'POST', route: '/2/tweets', account: 'looked-up', posted: true },
      { platform: 'x', hostKey: 'api', method: 'GET', route: '/2/users/{id}/tweets', account: 'looked-up' },
      { platform: 'x', hostKey: 'api', method: 'GET', route: '/2/users/{id}/tweets', account: 'looked-up' },
    ]);
  });
});

describe('weighted length', () => {
  it.each([
    ['ascii', 'hello', 5],
    ['a URL', 'see https://example.com/a/very/long/path/that/goes/on', 27],
    ['CJK', '日本語', 6],
    ['an emoji', '👍', 2],
    ['a ZWJ family emoji', '👨‍👩‍👧', 2],
    ['curly quotes (light range)', '“hi”', 4],
  ])('counts %s', (_case, text, weight) => {
    expect(weightedLength(text)).toBe(weight);
  });
});
