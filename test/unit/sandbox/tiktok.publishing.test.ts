import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { accessTokenFor, startFileServer, startTestSandbox, testBytes, type TestClock } from './harness';

const MIB = 1024 * 1024;

let sandbox: Sandbox;
let clock: TestClock;
let files: Awaited<ReturnType<typeof startFileServer>>;

beforeAll(async () => {
  ({ sandbox, clock } = await startTestSandbox());
  files = await startFileServer();
});
afterAll(async () => {
  await sandbox.stop();
  await files.stop();
});
beforeEach(() => sandbox.control.reset());

interface Envelope {
  data: Record<string, unknown>;
  error: { code: string; message: string; log_id: string };
}

function call(token: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${sandbox.hostUrl('tiktok', 'open')}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const postInfo = (privacy = 'PUBLIC_TO_EVERYONE', title = 'Dance #fyp') => ({ title, privacy_level: privacy, disable_duet: false, disable_comment: false, disable_stitch: false });

function fileSource(videoSize: number, chunkSize = videoSize, count = 1) {
  return { source: 'FILE_UPLOAD', video_size: videoSize, chunk_size: chunkSize, total_chunk_count: count };
}

function videoInit(token: string, source: unknown, info: unknown = postInfo()): Promise<Response> {
  return call(token, '/v2/post/publish/video/init/', { post_info: info, source_info: source });
}

async function init(token: string, source: unknown, info: unknown = postInfo()): Promise<{ publish_id: string; upload_url?: string }> {
  const response = await videoInit(token, source, info);
  const body = (await response.json()) as Envelope;
  expect(body.error.code).toBe('ok');
  return body.data as { publish_id: string; upload_url?: string };
}

function putChunk(uploadUrl: string, file: Buffer, first: number, last: number, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': 'video/mp4', 'content-range': `bytes ${first}-${last}/${file.length}`, ...headers },
    body: new Uint8Array(file.subarray(first, last + 1)),
  });
}

async function status(token: string, publishId: string): Promise<Envelope['data']> {
  const response = await call(token, '/v2/post/publish/status/fetch/', { publish_id: publishId });
  const body = (await response.json()) as Envelope;
  expect(body.error.code).toBe('ok');
  return body.data;
}

async function errorOf(response: Response): Promise<Envelope['error']> {
  return ((await response.json()) as Envelope).error;
}

describe('TikTok creator info', () => {
  it('answers the privacy options and limits in the envelope', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'dancer');

    const response = await call(token, '/v2/post/publish/creator_info/query/');
    const body = (await response.json()) as Envelope;

    expect(response.status).toBe(200);
    expect(body.error).toEqual({ code: 'ok', message: '', log_id: expect.stringMatching(/^\d{14}[0-9A-F]{20}$/) });
    expect(body.data).toMatchObject({
      creator_username: 'dancer',
      privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
      max_video_post_duration_sec: 600,
    });
  });

  it('offers a private account (name starting with "private") no PUBLIC_TO_EVERYONE, and refuses it at init', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'private-dancer');

    const info = (await (await call(token, '/v2/post/publish/creator_info/query/')).json()) as Envelope;
    const mismatch = await videoInit(token, fileSource(1000), postInfo('PUBLIC_TO_EVERYONE'));

    expect(info.data['privacy_level_options']).not.toContain('PUBLIC_TO_EVERYONE');
    expect(mismatch.status).toBe(400);
    expect(await errorOf(mismatch)).toMatchObject({ code: 'privacy_level_option_mismatch' });
  });

  it('refuses a token without video.publish with 401 scope_not_authorized', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'viewer', 'user.info.basic');

    const response = await call(token, '/v2/post/publish/creator_info/query/');

    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ code: 'scope_not_authorized' });
  });
});

describe('a TikTok FILE_UPLOAD direct post', () => {
  it('uploads sequential chunks (206, then 201) and reads PROCESSING_UPLOAD → PUBLISH_COMPLETE without, then with, the post id', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'dancer');
    const file = testBytes(2 * 5 * MIB + 1000, 'mp4');
    const { publish_id: publishId, upload_url: uploadUrl } = await init(token, fileSource(file.length, 5 * MIB, 2));

    const beforeUpload = await status(token, publishId);
    const first = await putChunk(uploadUrl!, file, 0, 5 * MIB - 1);
    const last = await putChunk(uploadUrl!, file, 5 * MIB, file.length - 1);
    const reads = [await status(token, publishId), await status(token, publishId), await status(token, publishId)];

    expect(publishId).toMatch(/^v_pub_file~v2-1\.\d+$/);
    expect(new URL(uploadUrl!).origin + new URL(uploadUrl!).pathname).toBe(`${sandbox.url}/tiktok/open-upload/video/`);
    expect(beforeUpload).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: 0, publicaly_available_post_id: [] });
    expect(first.status).toBe(206);
    expect(last.status).toBe(201);
    expect(reads.map((read) => read['status'])).toEqual(['PROCESSING_UPLOAD', 'PUBLISH_COMPLETE', 'PUBLISH_COMPLETE']);
    expect(reads[1]!['publicaly_available_post_id']).toEqual([]);
    expect(reads[2]!['publicaly_available_post_id']).toEqual([expect.stringMatching(/^7\d{18}$/)]);
  });

  it('puts the post in the feed exactly once, however often the status is read', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'dancer');
    const file = testBytes(3000, 'mp4');
    const { publish_id: publishId, upload_url: uploadUrl } = await init(token, fileSource(file.length));
    await putChunk(uploadUrl!, file, 0, file.length - 1);
    for (let read = 0; read < 5; read += 1) await status(token, publishId);

    const { posts } = await sandbox.control.feed('tiktok', 'dancer');
    const [postId] = (await status(token, publishId))['publicaly_available_post_id'] as string[];

    expect(posts).toEqual([
      {
        id: postId,
        url: `https://www.tiktok.com/@dancer/video/${postId!}`,
        text: 'Dance #fyp',
        media: [{ contentType: 'video/mp4', size: 3000 }],
        createdAt: clock.now(),
        settings: { privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: false, disable_duet: false, disable_stitch: false },
      },
    ]);
  });

  it('posts a direct video by itself when the last chunk arrives, before anyone reads the status', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'selfposter');
    const file = testBytes(3000, 'mp4');
    const { upload_url: uploadUrl } = await init(token, fileSource(file.length));
    expect((await sandbox.control.feed('tiktok', 'selfposter')).posts).toHaveLength(0);

    await putChunk(uploadUrl!, file, 0, file.length - 1);

    expect((await sandbox.control.feed('tiktok', 'selfposter')).posts).toMatchObject([{ text: 'Dance #fyp', media: [{ contentType: 'video/mp4', size: 3000 }] }]);
  });

  it('posts photos by itself when the pull finishes, before anyone reads the status', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'photoposter');
    files.put('/self.jpg', testBytes(1000, 'jpeg'), 'image/jpeg');
    const response = await call(token, '/v2/post/publish/content/init/', {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: { description: 'pulled', privacy_level: 'PUBLIC_TO_EVERYONE' },
      source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0, photo_images: [files.url('/self.jpg')] },
    });
    expect(((await response.json()) as Envelope).error.code).toBe('ok');

    await expect.poll(async () => (await sandbox.control.feed('tiktok', 'photoposter')).posts.length).toBe(1);
  });

  it.each([
    ['a count that is not floor(video_size / chunk_size)', fileSource(12 * MIB, 5 * MIB, 3)],
    ['chunks under 5 MB for a larger video', fileSource(12 * MIB, 4 * MIB, 3)],
    ['chunks over 64 MB', fileSource(200 * MIB, 65 * MIB, 3)],
    ['a video under 5 MB split into chunks', fileSource(4 * MIB, 2 * MIB, 2)],
    ['a video under 5 MB whose chunk_size is not its size', fileSource(4 * MIB, 5 * MIB, 1)],
    ['more than 1000 chunks', fileSource(1001 * 5 * MIB, 5 * MIB, 1001)],
    ['a missing video_size', { source: 'FILE_UPLOAD', chunk_size: 1000, total_chunk_count: 1 }],
    ['an unknown source', { source: 'CARRIER_PIGEON' }],
  ])('refuses %s with 400 invalid_params', async (_case, source) => {
    const token = await accessTokenFor(sandbox, 'tiktok');

    const response = await videoInit(token, source);

    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_params', log_id: expect.any(String) });
  });

  it('accepts the largest valid layout: 64 MB chunks with the remainder in the last', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok');

    const response = await videoInit(token, fileSource(64 * MIB * 3 + 63 * MIB, 64 * MIB, 3));

    expect((await errorOf(response)).code).toBe('ok');
  });

  it('tells which creators switched comments, duets and stitches off (a name starting with "quiet")', async () => {
    const quiet = (await (await call(await accessTokenFor(sandbox, 'tiktok', 'quiet-creator'), '/v2/post/publish/creator_info/query/')).json()) as Envelope;
    expect(quiet.data).toMatchObject({ comment_disabled: true, duet_disabled: true, stitch_disabled: true });
    const open = (await (await call(await accessTokenFor(sandbox, 'tiktok', 'open-creator'), '/v2/post/publish/creator_info/query/')).json()) as Envelope;
    expect(open.data).toMatchObject({ comment_disabled: false, duet_disabled: false, stitch_disabled: false });
  });

  it('refuses branded content that is private (SELF_ONLY), in words, and records the settings a post was made with', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'brand');
    const refused = await videoInit(token, fileSource(100), { ...postInfo('SELF_ONLY'), brand_content_toggle: true });
    expect(await errorOf(refused)).toMatchObject({ code: 'invalid_params', message: expect.stringMatching(/^Branded content visibility cannot be set to private/) });

    const file = testBytes(3000, 'mp4');
    const { upload_url: uploadUrl } = await init(token, fileSource(file.length), {
      ...postInfo('FOLLOWER_OF_CREATOR'),
      disable_comment: true,
      brand_content_toggle: true,
      brand_organic_toggle: false,
    });
    await putChunk(uploadUrl!, file, 0, file.length - 1);
    const [post] = (await sandbox.control.feed('tiktok', 'brand')).posts;
    expect(post!.settings).toEqual({
      privacy_level: 'FOLLOWER_OF_CREATOR',
      disable_comment: true,
      disable_duet: false,
      disable_stitch: false,
      brand_content_toggle: true,
      brand_organic_toggle: false,
    });
    expect(await (await fetch(`${sandbox.url}/tiktok/_feed/brand`)).text()).toContain('<code>privacy_level: FOLLOWER_OF_CREATOR</code>');
  });

  it('refuses an unknown privacy level, and a title over 2200 characters', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok');

    const unknown = await videoInit(token, fileSource(100), postInfo('EVERYONE'));
    const long = await videoInit(token, fileSource(100), postInfo('SELF_ONLY', 'x'.repeat(2201)));

    expect(await errorOf(unknown)).toMatchObject({ code: 'invalid_params' });
    expect(await errorOf(long)).toMatchObject({ code: 'invalid_params' });
  });

  it.each([
    ['a chunk out of order', async (url: string, file: Buffer) => putChunk(url, file, 5 * MIB, file.length - 1)],
    ['a Content-Type that is not a video', async (url: string, file: Buffer) => putChunk(url, file, 0, 5 * MIB - 1, { 'content-type': 'image/jpeg' })],
    ['a Content-Range that is not a chunk', async (url: string, file: Buffer) => putChunk(url, file, 0, 5 * MIB)],
    ['a body shorter than its Content-Range', async (url: string, file: Buffer) => fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4', 'content-range': `bytes 0-${5 * MIB - 1}/${file.length}` }, body: new Uint8Array(10) })],
  ])('refuses %s with 400 and keeps waiting for chunk 0', async (_case, send) => {
    const token = await accessTokenFor(sandbox, 'tiktok');
    const file = testBytes(2 * 5 * MIB + 10);
    const { publish_id: publishId, upload_url: uploadUrl } = await init(token, fileSource(file.length, 5 * MIB, 2));

    const refused = await send(uploadUrl!, file);
    const after = await status(token, publishId);

    expect(refused.status).toBe(400);
    expect(after).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: 0 });
  });
});

describe('TikTok PULL_FROM_URL and photos', () => {
  it('fetches a video URL itself: PROCESSING_DOWNLOAD, then PUBLISH_COMPLETE with downloaded_bytes', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'puller');
    files.put('/clip.mp4', testBytes(4096, 'mp4'), 'video/mp4');

    const { publish_id: publishId, upload_url: uploadUrl } = await init(token, { source: 'PULL_FROM_URL', video_url: files.url('/clip.mp4') });
    const first = await status(token, publishId);
    const second = await status(token, publishId);

    expect(publishId).toMatch(/^v_pub_url~/);
    expect(uploadUrl).toBeUndefined();
    expect(first).toMatchObject({ status: 'PROCESSING_DOWNLOAD', downloaded_bytes: 4096 });
    expect(second).toMatchObject({ status: 'PUBLISH_COMPLETE' });
    expect((await sandbox.control.feed('tiktok', 'puller')).posts).toEqual([expect.objectContaining({ media: [{ contentType: 'video/mp4', size: 4096 }] })]);
  });

  it('fails with video_pull_failed when the URL cannot be fetched', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok');

    const { publish_id: publishId } = await init(token, { source: 'PULL_FROM_URL', video_url: files.url('/missing.mp4') });

    expect(await status(token, publishId)).toMatchObject({ status: 'FAILED', fail_reason: 'video_pull_failed' });
  });

  it('posts photos pulled from URLs, in order, as one post', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'photographer');
    files.put('/a.jpg', testBytes(1000, 'jpeg'), 'image/jpeg');
    files.put('/b.jpg', testBytes(2000, 'jpeg'), 'image/jpeg');

    const response = await call(token, '/v2/post/publish/content/init/', {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: { title: 'Two shots', description: 'A day out', privacy_level: 'SELF_ONLY' },
      source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0, photo_images: [files.url('/a.jpg'), files.url('/b.jpg')] },
    });
    const { publish_id: publishId } = ((await response.json()) as Envelope).data as { publish_id: string };
    await status(token, publishId);
    await status(token, publishId);

    expect(publishId).toMatch(/^p_pub_url~/);
    expect((await sandbox.control.feed('tiktok', 'photographer')).posts).toEqual([
      expect.objectContaining({ title: 'Two shots', text: 'A day out', url: expect.stringContaining('/@photographer/photo/'), media: [{ contentType: 'image/jpeg', size: 1000 }, { contentType: 'image/jpeg', size: 2000 }] }),
    ]);
  });

  it('refuses photos by FILE_UPLOAD, and fails a PNG with file_format_check_failed', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok');
    files.put('/c.png', testBytes(1000, 'png'), 'image/png');
    const photo = (source: unknown) =>
      call(token, '/v2/post/publish/content/init/', { media_type: 'PHOTO', post_mode: 'DIRECT_POST', post_info: { title: 't', privacy_level: 'SELF_ONLY' }, source_info: source });

    const upload = await photo({ source: 'FILE_UPLOAD', photo_images: ['x'] });
    const png = (await (await photo({ source: 'PULL_FROM_URL', photo_images: [files.url('/c.png')] })).json()) as Envelope;

    expect(upload.status).toBe(400);
    expect(await errorOf(upload)).toMatchObject({ code: 'invalid_params' });
    expect(await status(token, png.data['publish_id'] as string)).toMatchObject({ status: 'FAILED', fail_reason: 'file_format_check_failed' });
  });
});

describe('TikTok processing outcomes', () => {
  it('fails with the reason setProcessing gives, and nothing enters the feed', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'unlucky');
    await sandbox.control.setProcessing('tiktok', { outcome: 'fail', reads: 0, reason: 'duration_check_failed' });
    const file = testBytes(500);
    const { publish_id: publishId, upload_url: uploadUrl } = await init(token, fileSource(file.length));
    await putChunk(uploadUrl!, file, 0, file.length - 1);

    expect(await status(token, publishId)).toMatchObject({ status: 'FAILED', fail_reason: 'duration_check_failed', publicaly_available_post_id: [] });
    expect((await sandbox.control.feed('tiktok', 'unlucky')).posts).toEqual([]);
  });

  it('expire: the upload_url refuses the chunk and the status reads FAILED', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok');
    await sandbox.control.setProcessing('tiktok', { outcome: 'expire' });
    const file = testBytes(500);
    const { publish_id: publishId, upload_url: uploadUrl } = await init(token, fileSource(file.length));

    const put = await putChunk(uploadUrl!, file, 0, file.length - 1);

    expect(put.status).toBe(404);
    expect(await status(token, publishId)).toMatchObject({ status: 'FAILED', fail_reason: 'upload_url_expired' });
  });

  it('sends an inbox upload to the user without publishing it', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'drafter');
    const file = testBytes(500);
    const response = await call(token, '/v2/post/publish/inbox/video/init/', { source_info: fileSource(file.length) });
    const { publish_id: publishId, upload_url: uploadUrl } = ((await response.json()) as Envelope).data as { publish_id: string; upload_url: string };
    await putChunk(uploadUrl, file, 0, file.length - 1);
    await status(token, publishId);

    expect(await status(token, publishId)).toMatchObject({ status: 'SEND_TO_USER_INBOX' });
    expect((await sandbox.control.feed('tiktok', 'drafter')).posts).toEqual([]);
  });
});

describe('TikTok limits', () => {
  it('answers the 7th init within a minute with 429 rate_limit_exceeded, and accepts again a minute later', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok');
    for (let call = 0; call < 6; call += 1) await init(token, fileSource(100));

    const limited = await videoInit(token, fileSource(100));
    clock.advance(60_000);
    const later = await videoInit(token, fileSource(100));

    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toMatchObject({ code: 'rate_limit_exceeded' });
    expect(later.status).toBe(200);
  });

  it('answers spam_risk_too_many_posts past the daily per-creator cap', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok');
    await sandbox.control.setLimit('tiktok', 'postsPerCreatorPerDay', 1);
    await init(token, fileSource(100));

    const capped = await videoInit(token, fileSource(100));

    expect(capped.status).toBe(403);
    expect(await errorOf(capped)).toMatchObject({ code: 'spam_risk_too_many_posts' });
  });

  it('as an unaudited client: SELF_ONLY only, private accounts only, and a cap on posting creators', async () => {
    await sandbox.control.setLimit('tiktok', 'unauditedCreatorsPer24h', 1);
    const publicAccount = await accessTokenFor(sandbox, 'tiktok', 'open-book');
    const first = await accessTokenFor(sandbox, 'tiktok', 'private-one');
    const second = await accessTokenFor(sandbox, 'tiktok', 'private-two');

    const fromPublic = await videoInit(publicAccount, fileSource(100), postInfo('SELF_ONLY'));
    const notSelfOnly = await videoInit(first, fileSource(100), postInfo('FOLLOWER_OF_CREATOR'));
    const allowed = await videoInit(first, fileSource(100), postInfo('SELF_ONLY'));
    const capped = await videoInit(second, fileSource(100), postInfo('SELF_ONLY'));

    expect(await errorOf(fromPublic)).toMatchObject({ code: 'unaudited_client_can_only_post_to_private_accounts' });
    expect(await errorOf(notSelfOnly)).toMatchObject({ code: 'privacy_level_option_mismatch' });
    expect(await errorOf(allowed)).toMatchObject({ code: 'ok' });
    expect(await errorOf(capped)).toMatchObject({ code: 'reached_active_user_cap' });
  });

  it('refuses a revoked token with 401 access_token_invalid', async () => {
    const token = await accessTokenFor(sandbox, 'tiktok', 'gone');
    await sandbox.control.revokeAccess('tiktok', 'gone');

    const response = await videoInit(token, fileSource(100));

    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ code: 'access_token_invalid' });
  });
});
