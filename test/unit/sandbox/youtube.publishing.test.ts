import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { accessTokenFor, DAY, HOUR, jsonOf, startTestSandbox, testBytes, type TestClock } from './harness';

const UNIT = 262_144;

let sandbox: Sandbox;
let clock: TestClock;

beforeAll(async () => ({ sandbox, clock } = await startTestSandbox()));
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.control.reset());

const video = { snippet: { title: 'Launch day', description: 'We shipped it.', categoryId: '22', tags: ['launch'] }, status: { privacyStatus: 'public', selfDeclaredMadeForKids: false } };

function insert(token: string, metadata: unknown = video, total?: number, query = 'uploadType=resumable&part=snippet,status'): Promise<Response> {
  return fetch(`${sandbox.hostUrl('youtube', 'googleapis')}/upload/youtube/v3/videos?${query}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json; charset=UTF-8',
      'x-upload-content-type': 'video/mp4',
      ...(total === undefined ? {} : { 'x-upload-content-length': String(total) }),
    },
    body: JSON.stringify(metadata),
  });
}

async function session(token: string, total: number, metadata: unknown = video): Promise<string> {
  const response = await insert(token, metadata, total);
  expect(response.status).toBe(200);
  return response.headers.get('location')!;
}

function put(location: string, bytes: Buffer, contentRange: string | undefined, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(location, { method: 'PUT', redirect: 'manual', headers: { 'content-type': 'video/mp4', ...(contentRange ? { 'content-range': contentRange } : {}), ...headers }, body: new Uint8Array(bytes) });
}

function chunk(location: string, file: Buffer, first: number, last: number): Promise<Response> {
  return put(location, file.subarray(first, last + 1), `bytes ${first}-${last}/${file.length}`);
}

function probe(location: string, total: number): Promise<Response> {
  return put(location, Buffer.alloc(0), `bytes */${total}`);
}

function videosList(token: string, id: string, part = 'status,processingDetails'): Promise<Response> {
  return fetch(`${sandbox.hostUrl('youtube', 'googleapis')}/youtube/v3/videos?part=${part}&id=${id}`, { headers: { authorization: `Bearer ${token}` } });
}

async function uploadWhole(token: string, file: Buffer, metadata: unknown = video): Promise<Record<string, unknown>> {
  const location = await session(token, file.length, metadata);
  const response = await put(location, file, `bytes 0-${file.length - 1}/${file.length}`);
  expect(response.status).toBe(201);
  return jsonOf(response);
}

async function reason(response: Response): Promise<string> {
  const body = (await response.json()) as { error: { errors: Array<{ reason: string }> } };
  return body.error.errors[0]!.reason;
}

describe('a YouTube resumable upload', () => {
  it('starts a session on the sandbox, takes 256 KiB-multiple chunks with 308 + Range, and answers 201 with the video at the last byte', async () => {
    const token = await accessTokenFor(sandbox, 'youtube', 'creator');
    const file = testBytes(2 * UNIT + 1000, 'mp4');

    const location = await session(token, file.length);
    const first = await chunk(location, file, 0, 2 * UNIT - 1);
    const last = await chunk(location, file, 2 * UNIT, file.length - 1);
    const created = await jsonOf(last);

    expect(new URL(location).origin).toBe(sandbox.url);
    expect(new URL(location).pathname).toBe('/youtube/googleapis/upload/youtube/v3/videos');
    expect(new URL(location).searchParams.get('upload_id')).toBeTruthy();
    expect(first.status).toBe(308);
    expect(first.headers.get('range')).toBe(`bytes=0-${2 * UNIT - 1}`);
    expect(last.status).toBe(201);
    expect(created).toMatchObject({
      kind: 'youtube#video',
      id: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
      snippet: { title: 'Launch day', description: 'We shipped it.', categoryId: '22', tags: ['launch'] },
      status: { uploadStatus: 'uploaded', privacyStatus: 'public', selfDeclaredMadeForKids: false },
    });
  });

  it('puts the video in the feed exactly once, with its bytes served back', async () => {
    const token = await accessTokenFor(sandbox, 'youtube', 'creator');
    const file = testBytes(UNIT + 10, 'mp4');
    const location = await session(token, file.length);
    await chunk(location, file, 0, UNIT - 1);
    const created = await jsonOf(await chunk(location, file, UNIT, file.length - 1));

    const again = await probe(location, file.length);
    const { posts } = await sandbox.control.feed('youtube', 'creator');
    const page = await (await fetch(`${sandbox.url}/youtube/_feed/creator`)).text();
    const source = /<video controls preload="metadata" src="([^"]+)"/.exec(page)![1]!;
    const served = Buffer.from(await (await fetch(`${sandbox.url}${source}`)).arrayBuffer());

    expect(again.status).toBe(200);
    expect(await jsonOf(again)).toMatchObject({ id: created['id'] });
    expect(posts).toEqual([
      {
        id: created['id'],
        url: `https://www.youtube.com/watch?v=${created['id'] as string}`,
        text: 'We shipped it.',
        title: 'Launch day',
        media: [{ contentType: 'video/mp4', size: file.length }],
        createdAt: clock.now(),
        // What videos.insert carried, as the feed shows it.
        settings: { privacyStatus: 'public', categoryId: '22', selfDeclaredMadeForKids: false, tags: ['launch'] },
      },
    ]);
    expect(page).toContain('<code>selfDeclaredMadeForKids: false</code>');
    expect(page).toContain('<h2>Launch day</h2>');
    expect(page).toContain(`https://www.youtube.com/watch?v=${created['id'] as string}`);
    expect(served.equals(file)).toBe(true);
  });

  it('accepts the whole file in one PUT without Content-Range, and a scheduled private video', async () => {
    const token = await accessTokenFor(sandbox, 'youtube');
    const file = testBytes(5000, 'mp4');
    const location = await session(token, file.length, { snippet: { title: 'Later' }, status: { privacyStatus: 'private', publishAt: '2026-12-01T10:00:00Z' } });

    const response = await put(location, file, undefined);

    expect(response.status).toBe(201);
    expect(await jsonOf(response)).toMatchObject({ status: { uploadStatus: 'uploaded', privacyStatus: 'private', publishAt: '2026-12-01T10:00:00Z' } });
  });

  it('answers the probe with 308 without Range before any byte, with Range after a chunk', async () => {
    const token = await accessTokenFor(sandbox, 'youtube');
    const file = testBytes(UNIT + 5);
    const location = await session(token, file.length);

    const before = await probe(location, file.length);
    await chunk(location, file, 0, UNIT - 1);
    const after = await probe(location, file.length);

    expect(before.status).toBe(308);
    expect(before.headers.get('range')).toBeNull();
    expect(after.status).toBe(308);
    expect(after.headers.get('range')).toBe(`bytes=0-${UNIT - 1}`);
  });

  it.each([
    ['a middle chunk that is not a multiple of 256 KiB', (location: string, file: Buffer) => chunk(location, file, 0, UNIT)],
    ['a chunk that does not start where the stored bytes end', (location: string, file: Buffer) => chunk(location, file, UNIT, 2 * UNIT - 1)],
    ['a malformed Content-Range', (location: string, file: Buffer) => put(location, file.subarray(0, UNIT), 'bytes=0-262143')],
    ['a Content-Range past the total', (location: string, file: Buffer) => put(location, file.subarray(0, UNIT), `bytes 0-${UNIT - 1}/100`)],
    ['a body shorter than its Content-Range', (location: string, file: Buffer) => put(location, file.subarray(0, 100), `bytes 0-${UNIT - 1}/${file.length}`)],
  ])('refuses %s with 400 and stores nothing', async (_case, send) => {
    const token = await accessTokenFor(sandbox, 'youtube');
    const file = testBytes(3 * UNIT);
    const location = await session(token, file.length);

    const refused = await send(location, file);
    const status = await probe(location, file.length);

    expect(refused.status).toBe(400);
    expect(status.status).toBe(308);
    expect(status.headers.get('range')).toBeNull();
  });

  it('answers 404 once the session has expired (7 days), and at once when setProcessing says expire', async () => {
    const token = await accessTokenFor(sandbox, 'youtube');
    const file = testBytes(UNIT * 2);
    const old = await session(token, file.length);
    await sandbox.control.setProcessing('youtube', { outcome: 'expire' });
    const doomed = await session(token, file.length);
    const fresh = await session(token, file.length);

    const expiredAtOnce = await chunk(doomed, file, 0, UNIT - 1);
    const stillAlive = await chunk(fresh, file, 0, UNIT - 1);
    clock.advance(7 * DAY);
    const expiredLater = await chunk(old, file, 0, UNIT - 1);

    expect(expiredAtOnce.status).toBe(404);
    expect(stillAlive.status).toBe(308);
    expect(expiredLater.status).toBe(404);
  });

  it('accepts an upload PUT without Authorization but refuses an expired token on it with 401', async () => {
    const token = await accessTokenFor(sandbox, 'youtube', 'tired');
    const file = testBytes(UNIT * 2);
    const location = await session(token, file.length);
    await sandbox.control.expireAccessTokens('youtube', 'tired');

    const withExpired = await put(location, file.subarray(0, UNIT), `bytes 0-${UNIT - 1}/${file.length}`, { authorization: `Bearer ${token}` });
    const without = await put(location, file.subarray(0, UNIT), `bytes 0-${UNIT - 1}/${file.length}`);

    expect(withExpired.status).toBe(401);
    expect(without.status).toBe(308);
  });
});

describe('YouTube video metadata', () => {
  it.each([
    ['a missing title', 'invalidTitle', { snippet: { description: 'x' } }],
    ['a title over 100 characters', 'invalidTitle', { snippet: { title: 'a'.repeat(101) } }],
    ['a title with <', 'invalidTitle', { snippet: { title: 'a <b> title' } }],
    ['a description over 5000 UTF-8 bytes', 'invalidDescription', { snippet: { title: 't', description: 'é'.repeat(2501) } }],
    ['tags over 500 characters', 'invalidTags', { snippet: { title: 't', tags: ['a'.repeat(300), 'b'.repeat(201)] } }],
    ['an unknown categoryId', 'invalidCategoryId', { snippet: { title: 't', categoryId: '999' } }],
    ['publishAt on a public video', 'invalidPublishAt', { snippet: { title: 't' }, status: { privacyStatus: 'public', publishAt: '2026-12-01T10:00:00Z' } }],
    ['a non-boolean selfDeclaredMadeForKids', 'invalidVideoMetadata', { snippet: { title: 't' }, status: { selfDeclaredMadeForKids: 'no' } }],
  ])('refuses %s with 400 %s', async (_case, expected, metadata) => {
    const token = await accessTokenFor(sandbox, 'youtube');

    const response = await insert(token, metadata, 100);

    expect(response.status).toBe(400);
    expect(await reason(response)).toBe(expected);
  });

  it('accepts exactly 100 characters of title and 5000 bytes of description', async () => {
    const token = await accessTokenFor(sandbox, 'youtube');

    const response = await insert(token, { snippet: { title: 'ü'.repeat(100), description: 'é'.repeat(2500) } }, 100);

    expect(response.status).toBe(200);
  });

  it('refuses a token without an upload scope with 403 and a missing token with 401', async () => {
    const readOnly = await accessTokenFor(sandbox, 'youtube', 'reader', 'https://www.googleapis.com/auth/youtube.readonly');

    const insufficient = await insert(readOnly);
    const missing = await insert('');

    expect(insufficient.status).toBe(403);
    expect(await reason(insufficient)).toBe('insufficientPermissions');
    expect(missing.status).toBe(401);
  });
});

describe('YouTube processing', () => {
  it('reads uploaded, then processed after one status read by default', async () => {
    const token = await accessTokenFor(sandbox, 'youtube');
    const { id } = await uploadWhole(token, testBytes(1000));

    const first = await jsonOf(await videosList(token, id as string));
    const second = await jsonOf(await videosList(token, id as string));

    expect(first['items']).toEqual([expect.objectContaining({ id, status: expect.objectContaining({ uploadStatus: 'uploaded' }), processingDetails: expect.objectContaining({ processingStatus: 'processing' }) })]);
    expect(second['items']).toEqual([expect.objectContaining({ status: expect.objectContaining({ uploadStatus: 'processed' }), processingDetails: { processingStatus: 'succeeded' } })]);
  });

  it('takes the number of reads setProcessing gives', async () => {
    const token = await accessTokenFor(sandbox, 'youtube');
    await sandbox.control.setProcessing('youtube', { outcome: 'succeed', reads: 3 });
    const { id } = await uploadWhole(token, testBytes(1000));

    const states: string[] = [];
    for (let read = 0; read < 5; read += 1) {
      const body = (await jsonOf(await videosList(token, id as string))) as { items: Array<{ status: { uploadStatus: string } }> };
      states.push(body.items[0]!.status.uploadStatus);
    }

    expect(states).toEqual(['uploaded', 'uploaded', 'uploaded', 'processed', 'processed']);
  });

  it('ends in failed with the failure reason, or rejected for a rejection reason', async () => {
    const token = await accessTokenFor(sandbox, 'youtube');
    await sandbox.control.setProcessing('youtube', { outcome: 'fail', reads: 0, reason: 'codec' });
    await sandbox.control.setProcessing('youtube', { outcome: 'fail', reads: 0, reason: 'duplicate' });
    const failed = await uploadWhole(token, testBytes(1000));
    const rejected = await uploadWhole(token, testBytes(1000));

    const failedStatus = await jsonOf(await videosList(token, failed['id'] as string));
    const rejectedStatus = await jsonOf(await videosList(token, rejected['id'] as string));

    expect(failedStatus['items']).toEqual([expect.objectContaining({ status: expect.objectContaining({ uploadStatus: 'failed', failureReason: 'codec' }) })]);
    expect(rejectedStatus['items']).toEqual([expect.objectContaining({ status: expect.objectContaining({ uploadStatus: 'rejected', rejectionReason: 'duplicate' }) })]);
  });

  it("lists nothing for another channel's video", async () => {
    const owner = await accessTokenFor(sandbox, 'youtube', 'owner');
    const other = await accessTokenFor(sandbox, 'youtube', 'other');
    const { id } = await uploadWhole(owner, testBytes(100));

    expect((await jsonOf(await videosList(other, id as string)))['items']).toEqual([]);
  });
});

describe('YouTube quotas', () => {
  it('answers 403 quotaExceeded past the daily videos.insert allocation, until midnight Pacific', async () => {
    const token = await accessTokenFor(sandbox, 'youtube');
    await sandbox.control.setLimit('youtube', 'videosInsertPerDay', 2);

    await session(token, 10);
    await session(token, 10);
    const over = await insert(token, video, 10);
    // The test clock starts at 10:00 UTC = 02:00 PST: the quota day ends 22 h later.
    clock.advance(22 * HOUR);
    const nextDay = await insert(await accessTokenFor(sandbox, 'youtube'), video, 10);

    expect(over.status).toBe(403);
    expect(await jsonOf(over)).toMatchObject({ error: { errors: [{ domain: 'youtube.quota', reason: 'quotaExceeded' }] } });
    expect(nextDay.status).toBe(200);
  });

  it("answers 400 uploadLimitExceeded past the channel's 24 h cap, for that channel only", async () => {
    const busy = await accessTokenFor(sandbox, 'youtube', 'busy');
    const calm = await accessTokenFor(sandbox, 'youtube', 'calm');
    await sandbox.control.setLimit('youtube', 'channelUploadsPerDay', 1);

    await session(busy, 10);
    const capped = await insert(busy, video, 10);
    const otherChannel = await insert(calm, video, 10);

    expect(capped.status).toBe(400);
    expect(await reason(capped)).toBe('uploadLimitExceeded');
    expect(otherChannel.status).toBe(200);
  });
});

describe('faults on a YouTube upload', () => {
  it('drop after the final chunk: the client sees a network error, the probe finds the video, the feed has it once', async () => {
    const token = await accessTokenFor(sandbox, 'youtube', 'dropper');
    const file = testBytes(UNIT + 1);
    const location = await session(token, file.length);
    await chunk(location, file, 0, UNIT - 1);
    await sandbox.control.injectFault({ platform: 'youtube', method: 'PUT', path: '/upload/youtube/v3/videos', dropConnection: 'after' });

    await expect(chunk(location, file, UNIT, file.length - 1)).rejects.toThrow();
    const found = await probe(location, file.length);

    expect(found.status).toBe(200);
    expect(await jsonOf(found)).toMatchObject({ status: { uploadStatus: 'uploaded' } });
    expect((await sandbox.control.feed('youtube', 'dropper')).posts).toHaveLength(1);
  });

  it('drop before a chunk: nothing is stored', async () => {
    const token = await accessTokenFor(sandbox, 'youtube');
    const file = testBytes(UNIT * 2);
    const location = await session(token, file.length);
    await sandbox.control.injectFault({ platform: 'youtube', method: 'PUT', path: '/upload/youtube/v3/videos', dropConnection: 'before' });

    await expect(chunk(location, file, 0, UNIT - 1)).rejects.toThrow();
    const status = await probe(location, file.length);

    expect(status.headers.get('range')).toBeNull();
  });
});

describe('YouTube comment threads (commentThreads.insert / list)', () => {
  const forceSsl = 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/youtube.force-ssl';
  const commentOn = (token: string, videoId: string, text: string, channelId?: string) =>
    fetch(`${sandbox.hostUrl('youtube', 'googleapis')}/youtube/v3/commentThreads?part=snippet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ snippet: { ...(channelId ? { channelId } : {}), videoId, topLevelComment: { snippet: { textOriginal: text } } } }),
    });
  const threadsOf = (token: string, videoId: string) =>
    fetch(`${sandbox.hostUrl('youtube', 'googleapis')}/youtube/v3/commentThreads?part=snippet&videoId=${videoId}&order=time`, { headers: { authorization: `Bearer ${token}` } });

  it('takes a top-level comment by the channel on its own video with youtube.force-ssl, lists it and shows it in the feed under the video', async () => {
    const token = await accessTokenFor(sandbox, 'youtube', 'creator', forceSsl);
    const uploaded = await uploadWhole(token, testBytes(1000, 'mp4'));
    const videoId = uploaded['id'] as string;
    const channelId = ((uploaded['snippet'] as Record<string, unknown>)['channelId']) as string;

    const made = await commentOn(token, videoId, 'Chapters below', channelId);
    expect(made.status).toBe(200);
    const thread = await jsonOf(made);
    const top = (thread['snippet'] as { topLevelComment: { id: string; snippet: { authorChannelId: { value: string }; textOriginal: string; videoId: string } } }).topLevelComment;
    expect(top.snippet).toMatchObject({ authorChannelId: { value: channelId }, textOriginal: 'Chapters below', videoId });

    const listed = await jsonOf(await threadsOf(token, videoId));
    expect((listed['items'] as Array<{ id: string }>).map((item) => item.id)).toEqual([top.id]);
    const { posts } = await sandbox.control.feed('youtube', 'creator');
    expect(posts.filter((entry) => entry.replyTo === videoId).map((entry) => [entry.text, entry.url])).toEqual([['Chapters below', `https://www.youtube.com/watch?v=${videoId}&lc=${top.id}`]]);
  });

  it('refuses without youtube.force-ssl, on an unknown video, an empty or over-10,000-character text, a video made for kids and a private video', async () => {
    const uploadOnly = await accessTokenFor(sandbox, 'youtube', 'creator');
    const token = await accessTokenFor(sandbox, 'youtube', 'creator', forceSsl);
    const videoId = (await uploadWhole(token, testBytes(1000, 'mp4')))['id'] as string;
    const forKids = (await uploadWhole(token, testBytes(1000, 'mp4'), { ...video, status: { privacyStatus: 'public', selfDeclaredMadeForKids: true } }))['id'] as string;
    const privateVideo = (await uploadWhole(token, testBytes(1000, 'mp4'), { ...video, status: { privacyStatus: 'private', selfDeclaredMadeForKids: false } }))['id'] as string;
    const other = await accessTokenFor(sandbox, 'youtube', 'someone-else', forceSsl);

    const scopeless = await commentOn(uploadOnly, videoId, 'x');
    expect([scopeless.status, await reason(scopeless)]).toEqual([403, 'insufficientPermissions']);
    const unknown = await commentOn(token, 'nope', 'x');
    expect([unknown.status, await reason(unknown)]).toEqual([404, 'videoNotFound']);
    const notTheirs = await commentOn(other, videoId, 'x');
    expect(notTheirs.status).toBe(404);
    const empty = await commentOn(token, videoId, ' ');
    expect([empty.status, await reason(empty)]).toEqual([400, 'commentTextRequired']);
    const long = await commentOn(token, videoId, 'é'.repeat(10_001));
    expect([long.status, await reason(long)]).toEqual([400, 'commentTextTooLong']);
    expect((await commentOn(token, videoId, 'é'.repeat(10_000))).status).toBe(200);
    const kids = await commentOn(token, forKids, 'x');
    expect([kids.status, await reason(kids)]).toEqual([403, 'commentsDisabled']);
    const hidden = await commentOn(token, privateVideo, 'x');
    expect([hidden.status, await reason(hidden)]).toEqual([403, 'forbidden']);
    expect((await threadsOf(token, forKids)).status).toBe(403);
  });
});
