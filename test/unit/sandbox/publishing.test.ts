import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectSandboxControl } from '../../../infra/local/sandbox/controlClient';
import { xUserId } from '../../../infra/local/sandbox/x/identity';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { accessTokenFor, jsonOf, startTestSandbox, testBytes, testClock, type TestClock } from './harness';

/** What the sandbox's publishing side shares across platforms: the control API, faults, the feed, persistence. */

let sandbox: Sandbox;
let clock: TestClock;
let log: { lines: string[] };

beforeAll(async () => ({ sandbox, clock, log } = await startTestSandbox()));
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.control.reset());

function tweet(target: Sandbox, token: string, text: string, mediaIds?: string[]): Promise<Response> {
  return fetch(`${target.hostUrl('x', 'api')}/2/tweets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text, ...(mediaIds ? { media: { media_ids: mediaIds } } : {}) }),
  });
}

async function uploadImage(target: Sandbox, token: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.set('media', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  form.set('media_category', 'tweet_image');
  const response = await fetch(`${target.hostUrl('x', 'api')}/2/media/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return ((await response.json()) as { data: { id: string } }).data.id;
}

function timeline(token: string, account: string): Promise<Record<string, unknown>> {
  return fetch(`${sandbox.hostUrl('x', 'api')}/2/users/${xUserId(account)}/tweets`, { headers: { authorization: `Bearer ${token}` } }).then(jsonOf);
}

describe('the publishing control API over HTTP', () => {
  it('sets processing and limits, lists limits and reads the feed from another process', async () => {
    const remote = connectSandboxControl(sandbox.url);
    const token = await accessTokenFor(sandbox, 'x', 'remote');

    await remote.setLimit('x', 'tweetsPer15Min', 1);
    const limits = await remote.limits('x');
    await tweet(sandbox, token, 'first');
    const limited = await tweet(sandbox, token, 'second');
    await remote.setProcessing('youtube', { outcome: 'fail', reads: 2, reason: 'codec' });
    const feed = await remote.feed('x', 'remote');

    expect(limits).toEqual({ tweetsPer15Min: 1, tweetLookupsPer15Minutes: 900 });
    expect(limited.status).toBe(429);
    expect(feed).toEqual({ posts: [expect.objectContaining({ text: 'first', media: [] })] });
  });

  it('answers GET /_sandbox/feed with the posts as JSON, and GET /_sandbox/limits with every limit', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'json-reader');
    await tweet(sandbox, token, 'hello');

    const feed = await fetch(`${sandbox.url}/_sandbox/feed?platform=x&account=json-reader`);
    const limits = await jsonOf(await fetch(`${sandbox.url}/_sandbox/limits?platform=youtube`));

    expect(feed.status).toBe(200);
    expect(await feed.json()).toEqual({ posts: [{ id: expect.any(String), url: expect.stringMatching(/^https:\/\/x\.com\/json_reader\/status\/\d+$/), text: 'hello', media: [], createdAt: clock.now() }] });
    expect(limits).toEqual({ limits: { videosInsertPerDay: 100, channelUploadsPerDay: 50, dataApiUnitsPerDay: 10000 } });
  });

  it('refuses unknown limits, bad processing outcomes, unknown accounts and bad faults with their reason', async () => {
    const remote = connectSandboxControl(sandbox.url);

    await expect(remote.setLimit('x', 'postsPerHour', 3)).rejects.toThrow(/400: x has no limit "postsPerHour"; its limits are tweetsPer15Min/);
    await expect(remote.setLimit('x', 'tweetsPer15Min', -1)).rejects.toThrow(/400/);
    await expect(remote.setProcessing('x', { outcome: 'explode' as 'fail' })).rejects.toThrow(/400: outcome/);
    await expect(remote.feed('x', 'nobody')).rejects.toThrow(/404: no x sandbox account "nobody"/);
    await expect(remote.injectFault({ platform: 'x', method: 'POST', path: '/2/tweets', status: 500, dropConnection: 'after' })).rejects.toThrow(/not both/);
    await expect(remote.injectFault({ platform: 'x', method: 'POST', path: '/2/tweets' })).rejects.toThrow(/needs status, dropConnection or delayMs/);
  });

  it('forgets limits, processing plans, posts and media on reset', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'forgotten');
    await sandbox.control.setLimit('x', 'tweetsPer15Min', 0);
    await sandbox.control.setProcessing('x', { outcome: 'fail', reads: 0 });
    await tweet(sandbox, token, 'refused');

    await sandbox.control.reset();
    const fresh = await accessTokenFor(sandbox, 'x', 'forgotten');
    const accepted = await tweet(sandbox, fresh, 'accepted');

    expect(await sandbox.control.limits('x')).toEqual({ tweetsPer15Min: 100, tweetLookupsPer15Minutes: 900 });
    expect(accepted.status).toBe(201);
    expect((await sandbox.control.feed('x', 'forgotten')).posts.map((post) => post.text)).toEqual(['accepted']);
  });
});

describe('faults on publishing calls', () => {
  it('delayMs alone: the platform answers late, and the effect happened at once', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'slow');
    await sandbox.control.injectFault({ platform: 'x', method: 'POST', path: '/2/tweets', delayMs: 300 });

    const started = performance.now();
    const pending = tweet(sandbox, token, 'slow post');
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    const duringDelay = (await sandbox.control.feed('x', 'slow')).posts.length;
    const response = await pending;

    expect(duringDelay).toBe(1);
    expect(response.status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('delayMs with status: the fault answers late, without effect', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'slow-fail');
    await sandbox.control.injectFault({ platform: 'x', method: 'POST', path: '/2/tweets', status: 503, body: { title: 'Service Unavailable' }, delayMs: 200 });

    const started = performance.now();
    const response = await tweet(sandbox, token, 'not posted');

    expect(response.status).toBe(503);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect((await sandbox.control.feed('x', 'slow-fail')).posts).toEqual([]);
  });

  it('logs a request whose client gave up while its answer was delayed, and one the sandbox dropped', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'impatient');
    await sandbox.control.injectFault({ platform: 'x', method: 'POST', path: '/2/tweets', delayMs: 2000 });
    await sandbox.control.injectFault({ platform: 'x', method: 'GET', path: '/2/users/me', dropConnection: 'before' });
    log.lines.length = 0;

    await expect(fetch(`${sandbox.hostUrl('x', 'api')}/2/tweets`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"text":"hi"}', signal: AbortSignal.timeout(100) })).rejects.toThrow();
    await expect(fetch(`${sandbox.hostUrl('x', 'api')}/2/users/me`, { headers: { authorization: `Bearer ${token}` } })).rejects.toThrow();

    await expect.poll(() => log.lines).toContain('sandbox POST /x/api/2/tweets closed by the client before the answer');
    expect(log.lines).toContain('sandbox GET /x/api/2/users/me dropped the connection');
    expect(log.lines.filter((line) => line.includes('/2/users/me'))).toHaveLength(1);
  });

  it("dropConnection 'before': a network error and no post", async () => {
    const token = await accessTokenFor(sandbox, 'x', 'cut');
    await sandbox.control.injectFault({ platform: 'x', method: 'POST', path: '/2/tweets', dropConnection: 'before' });

    await expect(tweet(sandbox, token, 'lost')).rejects.toThrow();

    expect((await sandbox.control.feed('x', 'cut')).posts).toEqual([]);
    expect(await timeline(token, 'cut')).toEqual({ meta: { result_count: 0 } });
  });

  it("dropConnection 'after': a network error, yet the post exists once", async () => {
    const token = await accessTokenFor(sandbox, 'x', 'ghost');
    await sandbox.control.injectFault({ platform: 'x', method: 'POST', path: '/2/tweets', dropConnection: 'after', delayMs: 50 });

    await expect(tweet(sandbox, token, 'posted anyway')).rejects.toThrow();

    expect((await sandbox.control.feed('x', 'ghost')).posts.map((post) => post.text)).toEqual(['posted anyway']);
    expect(await timeline(token, 'ghost')).toMatchObject({ meta: { result_count: 1 } });
  });

  it('faults an upload host the platform hands out (TikTok open-upload)', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok');
    const init = await fetch(`${sandbox.hostUrl('tiktok', 'open')}/v2/post/publish/video/init/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ post_info: { title: 't', privacy_level: 'SELF_ONLY' }, source_info: { source: 'FILE_UPLOAD', video_size: 10, chunk_size: 10, total_chunk_count: 1 } }),
    });
    const { upload_url: uploadUrl } = ((await init.json()) as { data: { upload_url: string } }).data;
    await sandbox.control.injectFault({ platform: 'tiktok', hostKey: 'open-upload', method: 'PUT', path: '/video/', status: 502 });
    const put = () => fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'video/mp4', 'content-range': 'bytes 0-9/10' }, body: new Uint8Array(10) });

    expect((await put()).status).toBe(502);
    expect((await put()).status).toBe(201);
  });
});

describe('the feed page', () => {
  it('lists posts newest first with text, time, id, URL and the media as <img>', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'author');
    const image = await uploadImage(sandbox, token, testBytes(700, 'jpeg'));
    await tweet(sandbox, token, 'older <b>post</b>', [image]);
    clock.advance(60_000);
    await tweet(sandbox, token, 'newer post');

    const response = await fetch(`${sandbox.url}/x/_feed/author`);
    const page = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page).toContain('<h1>Author on X (sandbox)</h1>');
    expect(page.indexOf('newer post')).toBeLessThan(page.indexOf('older &#60;b&#62;post&#60;/b&#62;'));
    expect(page).not.toContain('<b>post</b>');
    expect(page).toMatch(/<img src="\/x\/_media\/[0-9a-f]{32}" alt="[^"]+"/);
    expect(page).toContain(`<time datetime="${new Date(clock.now()).toISOString()}">`);
    expect(page).toMatch(/<a href="https:\/\/x\.com\/author\/status\/\d+">/);
  });

  it('serves media with byte ranges, and nothing that is not in a post', async () => {
    const token = await accessTokenFor(sandbox, 'x', 'ranger');
    const bytes = testBytes(1000, 'jpeg');
    const image = await uploadImage(sandbox, token, bytes);
    const unposted = await uploadImage(sandbox, token, bytes);
    await tweet(sandbox, token, 'ranged', [image]);
    const page = await (await fetch(`${sandbox.url}/x/_feed/ranger`)).text();
    const source = /<img src="([^"]+)"/.exec(page)![1]!;

    const whole = await fetch(`${sandbox.url}${source}`);
    const range = await fetch(`${sandbox.url}${source}`, { headers: { range: 'bytes=100-199' } });
    const unsatisfiable = await fetch(`${sandbox.url}${source}`, { headers: { range: 'bytes=5000-' } });
    const otherPlatform = await fetch(`${sandbox.url}${source.replace('/x/', '/linkedin/')}`);

    expect(whole.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    expect(unsatisfiable.status).toBe(416);
    expect(otherPlatform.status).toBe(404);
    expect(unposted).not.toBe(image);
  });

  it('says so for an account without posts, and answers 404 for an unknown account', async () => {
    await accessTokenFor(sandbox, 'linkedin', 'quiet');

    const quiet = await fetch(`${sandbox.url}/linkedin/_feed/quiet`);
    const unknown = await fetch(`${sandbox.url}/linkedin/_feed/nobody`);

    expect(await quiet.text()).toContain('Nothing published yet.');
    expect(unknown.status).toBe(404);
  });
});

describe('publishing with a data folder', () => {
  let dataDir: string;
  beforeEach(() => void (dataDir = mkdtempSync(join(tmpdir(), 'oneclick-sandbox-media-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes uploads to <dataDir>/media and keeps the feed and its media across a restart, dropping unposted uploads', async () => {
    const persistentClock = testClock();
    const first = await startTestSandbox({ dataDir, clock: persistentClock });
    const bytes = testBytes(1200, 'jpeg');
    let source: string;
    try {
      const token = await accessTokenFor(first.sandbox, 'x', 'keeper');
      const image = await uploadImage(first.sandbox, token, bytes);
      await uploadImage(first.sandbox, token, testBytes(10, 'jpeg'));
      await tweet(first.sandbox, token, 'kept', [image]);
      expect(readdirSync(join(dataDir, 'media'))).toHaveLength(2);
      source = /<img src="([^"]+)"/.exec(await (await fetch(`${first.sandbox.url}/x/_feed/keeper`)).text())![1]!;
    } finally {
      await first.sandbox.stop();
    }

    const second = await startTestSandbox({ dataDir, clock: persistentClock });
    try {
      const { posts } = await second.sandbox.control.feed('x', 'keeper');
      const served = await fetch(`${second.sandbox.url}${source}`);

      expect(posts).toEqual([expect.objectContaining({ text: 'kept', media: [{ contentType: 'image/jpeg', size: 1200 }] })]);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      expect(readdirSync(join(dataDir, 'media'))).toHaveLength(1);
      expect(existsSync(join(dataDir, 'feed.json'))).toBe(true);
    } finally {
      await second.sandbox.stop();
    }
  });

  it('streams a chunked upload to disk, chunk by chunk', async () => {
    const { sandbox: persistent } = await startTestSandbox({ dataDir });
    try {
      const token = await accessTokenFor(persistent, 'youtube', 'streamer');
      const file = testBytes(3 * 262_144 + 17, 'mp4');
      const session = await fetch(`${persistent.hostUrl('youtube', 'googleapis')}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-upload-content-length': String(file.length) },
        body: JSON.stringify({ snippet: { title: 'On disk' } }),
      });
      const location = session.headers.get('location')!;
      const put = (first: number, last: number) =>
        fetch(location, { method: 'PUT', redirect: 'manual', headers: { 'content-range': `bytes ${first}-${last}/${file.length}` }, body: new Uint8Array(file.subarray(first, last + 1)) });

      await put(0, 262_143);
      const blobs = readdirSync(join(dataDir, 'media'));
      const sizeAfterFirst = statSync(join(dataDir, 'media', blobs[0]!)).size;
      const done = await put(262_144, file.length - 1);

      expect(blobs).toHaveLength(1);
      expect(sizeAfterFirst).toBe(262_144);
      expect(done.status).toBe(201);
      expect(readFileSync(join(dataDir, 'media', blobs[0]!)).equals(file)).toBe(true);
    } finally {
      await persistent.stop();
    }
  });
});
