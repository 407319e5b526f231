import { describe, expect, it } from 'vitest';
import { AuthExpired, RateLimited, Rejected, Retryable } from '../../../../functions/platforms/errors';
import { createTiktokPublisher, TIKTOK_CHUNK_BYTES, tiktokChunks } from '../../../../functions/platforms/tiktok/publisher';
import { armedTarget, jsonOf, memoryMedia, patternBytes, publisherWith, publishRequest as basePublishRequest } from './harness';
import type { PublishRequest } from '../../../../functions/platforms/publisher';

/** The user's choices: public, every interaction allowed (the creator's own "off" still wins), no disclosure. */
const allowEverything = { privacyLevel: 'PUBLIC_TO_EVERYONE', allowComment: true, allowDuet: true, allowStitch: true };
const publishRequest = (overrides: Partial<PublishRequest> = {}) => basePublishRequest({ options: allowEverything, ...overrides });

const MB = 1_000_000;
const MiB = 1024 * 1024;
const ok = { code: 'ok', message: '', log_id: 'log-1' };
const creatorInfo = (data: Record<string, unknown> = {}) => ({
  body: {
    data: {
      creator_username: 'creator',
      creator_nickname: 'Creator',
      privacy_level_options: ['SELF_ONLY', 'PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS'],
      comment_disabled: false,
      duet_disabled: true,
      stitch_disabled: false,
      max_video_post_duration_sec: 600,
      ...data,
    },
    error: ok,
  },
});
const uploadUrl = 'https://open-upload.tiktokapis.com/video/?upload_id=67890&upload_token=Xza123';
const initialized = { body: { data: { publish_id: 'v_pub_file~v2-1.123', upload_url: uploadUrl }, error: ok } };
const status = (data: Record<string, unknown>) => ({ body: { data, error: ok } });
const tiktokError = (httpStatus: number, code: string) => ({ status: httpStatus, body: { data: {}, error: { code, message: `${code} message`, log_id: 'l' } } });

describe('TikTok chunk rules', () => {
  it('sends a file under 5 MB (and any file under one chunk) as one chunk of its own size', () => {
    expect(tiktokChunks(3 * MB)).toEqual({ chunkSize: 3 * MB, chunkCount: 1 });
    expect(tiktokChunks(7 * MB)).toEqual({ chunkSize: 7 * MB, chunkCount: 1 });
  });

  it('counts floor(size / chunk) chunks, the last one absorbing the remainder, all within 5–64 MB and ≤ 128 MB', () => {
    for (const size of [10 * MB, 25 * MB + 17, 64 * MB, 300 * MB + 5, 4096 * MiB]) {
      const { chunkSize, chunkCount } = tiktokChunks(size);
      expect(chunkCount).toBe(Math.floor(size / chunkSize));
      expect(chunkSize).toBeGreaterThanOrEqual(5 * MiB);
      expect(chunkSize).toBeLessThanOrEqual(64 * MB);
      expect(size - (chunkCount - 1) * chunkSize).toBeLessThanOrEqual(128 * MB);
      expect(chunkCount).toBeLessThanOrEqual(1000);
    }
  });
});

describe('TikTok publisher (Direct Post)', () => {
  it('asks creator_info first, with no body, then inits a FILE_UPLOAD direct post with the chunk plan', async () => {
    const video = memoryMedia({ size: 25 * MB + 17, durationSeconds: 30 });
    const { publisher, requests } = publisherWith('tiktok', createTiktokPublisher, [creatorInfo(), initialized, { status: 206 }, { status: 201 }]);
    await publisher.start(publishRequest({ text: 'My #video', media: [video] }));

    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://open.tiktokapis.com/v2/post/publish/creator_info/query/');
    expect(requests[0]!.headers).toMatchObject({ authorization: 'Bearer access-1', 'content-type': 'application/json; charset=UTF-8' });
    expect(requests[0]!.body).toBe('');
    expect(requests[1]!.url.toString()).toBe('https://open.tiktokapis.com/v2/post/publish/video/init/');
    expect(requests[1]!.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(jsonOf(requests[1]!)).toEqual({
      post_info: {
        title: 'My #video',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        disable_duet: true,
        disable_stitch: false,
        brand_content_toggle: false,
        brand_organic_toggle: false,
        is_aigc: false,
      },
      source_info: { source: 'FILE_UPLOAD', video_size: 25 * MB + 17, chunk_size: TIKTOK_CHUNK_BYTES, total_chunk_count: 2 },
    });
  });

  it('PUTs the chunks in order with Content-Range, the last one taking the remainder', async () => {
    const size = 25 * MB + 17;
    const video = memoryMedia({ size, contentType: 'video/quicktime' });
    const { publisher, requests } = publisherWith('tiktok', createTiktokPublisher, [creatorInfo(), initialized, { status: 206 }, { status: 201 }]);
    const result = await publisher.start(publishRequest({ media: [video] }));

    const puts = requests.slice(2);
    expect(puts.map((request) => [request.method, request.url.toString(), request.headers['content-type'], request.headers['content-range'], request.headers['content-length']])).toEqual([
      ['PUT', uploadUrl, 'video/quicktime', `bytes 0-${10 * MB - 1}/${size}`, String(10 * MB)],
      ['PUT', uploadUrl, 'video/quicktime', `bytes ${10 * MB}-${size - 1}/${size}`, String(15 * MB + 17)],
    ]);
    expect(puts[0]!.headers['authorization']).toBeUndefined();
    expect(Buffer.from(puts[1]!.bytes!).equals(Buffer.from(patternBytes(10 * MB, size - 1)))).toBe(true);
    expect(video.reads).toEqual([
      [0, 10 * MB - 1],
      [10 * MB, size - 1],
    ]);
    expect(video.largestRead()).toBeLessThan(2 * TIKTOK_CHUNK_BYTES);
    expect(result).toEqual({
      state: 'processing',
      waitSeconds: 10,
      progress: { postKind: 'video', username: 'creator', publishId: 'v_pub_file~v2-1.123', uploadUrl, chunkSize: 10 * MB, chunkCount: 2, nextChunk: 2 },
    });
  });

  it('sends a video under 5 MB as one chunk', async () => {
    const { publisher, requests } = publisherWith('tiktok', createTiktokPublisher, [creatorInfo(), initialized, { status: 201 }]);
    await publisher.start(publishRequest({ media: [memoryMedia({ size: 3 * MB })] }));
    expect(jsonOf(requests[1]!)).toMatchObject({ source_info: { video_size: 3 * MB, chunk_size: 3 * MB, total_chunk_count: 1 } });
    expect(requests[2]!.headers['content-range']).toBe(`bytes 0-${3 * MB - 1}/${3 * MB}`);
  });

  it('sends the privacy the user chose, never one of its own: a privacy the creator is no longer offered fails in words before init', async () => {
    const chosen = publisherWith('tiktok', createTiktokPublisher, [creatorInfo({ privacy_level_options: ['SELF_ONLY', 'FOLLOWER_OF_CREATOR'] }), initialized, { status: 201 }]);
    await chosen.publisher.start(publishRequest({ media: [memoryMedia({ size: 100 })], options: { privacyLevel: 'FOLLOWER_OF_CREATOR' } }));
    expect(jsonOf(chosen.requests[1]!)).toMatchObject({ post_info: { privacy_level: 'FOLLOWER_OF_CREATOR' } });

    const changed = publisherWith('tiktok', createTiktokPublisher, [creatorInfo({ privacy_level_options: ['SELF_ONLY', 'FOLLOWER_OF_CREATOR'] })]);
    const error = await changed.publisher.start(publishRequest({ media: [memoryMedia({ size: 100 })] })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe(
      'TikTok no longer offers the chosen privacy (PUBLIC_TO_EVERYONE) for this account: it now offers SELF_ONLY, FOLLOWER_OF_CREATOR. Publish it again with one of those',
    );
    expect(changed.requests).toHaveLength(1);
  });

  it('refuses a photo post whose privacy is no longer offered before its create call is armed: a plain failure, never "check your account"', async () => {
    const log: string[] = [];
    const { publisher } = publisherWith('tiktok', createTiktokPublisher, [creatorInfo({ privacy_level_options: ['SELF_ONLY'] })]);
    const error = await publisher.start(publishRequest({ media: [memoryMedia({ kind: 'image' })], createOnce: armedTarget('TikTok', log) })).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/^TikTok no longer offers the chosen privacy \(PUBLIC_TO_EVERYONE\)/);
    expect(log).toEqual([]);
  });

  it('refuses a post without a chosen privacy (stored before the choice existed) instead of choosing one, before any call', async () => {
    const { publisher, requests } = publisherWith('tiktok', createTiktokPublisher, [creatorInfo()]);
    const error = await publisher.start(basePublishRequest({ media: [memoryMedia({ size: 100 })] })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('Choose who can see the TikTok post: TikTok requires the creator to choose it.');
    expect(requests.filter((request) => request.url.toString().includes('/init/'))).toHaveLength(0);
  });

  it('keeps interactions off unless the user turned them on, and off when the creator switched them off', async () => {
    const { publisher, requests } = publisherWith('tiktok', createTiktokPublisher, [creatorInfo({ comment_disabled: true, duet_disabled: false }), initialized, { status: 201 }]);
    await publisher.start(publishRequest({ media: [memoryMedia({ size: 100 })], options: { privacyLevel: 'SELF_ONLY', allowComment: true, allowDuet: true } }));
    expect(jsonOf(requests[1]!)).toMatchObject({
      post_info: { privacy_level: 'SELF_ONLY', disable_comment: true, disable_duet: false, disable_stitch: true, brand_content_toggle: false, brand_organic_toggle: false },
    });
  });

  it('sends the commercial content disclosure: your brand → brand_organic_toggle, branded content → brand_content_toggle (videos and photos)', async () => {
    const video = publisherWith('tiktok', createTiktokPublisher, [creatorInfo(), initialized, { status: 201 }]);
    await video.publisher.start(
      publishRequest({ media: [memoryMedia({ size: 100 })], options: { privacyLevel: 'MUTUAL_FOLLOW_FRIENDS', commercialContent: { yourBrand: true, brandedContent: true } } }),
    );
    expect(jsonOf(video.requests[1]!)).toMatchObject({ post_info: { privacy_level: 'MUTUAL_FOLLOW_FRIENDS', brand_content_toggle: true, brand_organic_toggle: true } });

    const photo = publisherWith('tiktok', createTiktokPublisher, [creatorInfo(), { body: { data: { publish_id: 'p_pub_1' }, error: ok } }]);
    await photo.publisher.start(
      publishRequest({ media: [memoryMedia({ kind: 'image' })], options: { privacyLevel: 'PUBLIC_TO_EVERYONE', commercialContent: { yourBrand: true, brandedContent: false } } }),
    );
    const photoInfo = (jsonOf(photo.requests[1]!) as { post_info: Record<string, unknown> }).post_info;
    expect(photoInfo).toMatchObject({ disable_comment: true, brand_content_toggle: false, brand_organic_toggle: true });
    expect(photoInfo).not.toHaveProperty('disable_duet');
    expect(photoInfo).not.toHaveProperty('disable_stitch');
  });

  it('refuses branded content that is private, in TikTok\'s words, before init', async () => {
    const { publisher, requests } = publisherWith('tiktok', createTiktokPublisher, [creatorInfo()]);
    const error = await publisher
      .start(publishRequest({ media: [memoryMedia({ size: 100 })], options: { privacyLevel: 'SELF_ONLY', commercialContent: { yourBrand: false, brandedContent: true } } }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('Branded content visibility cannot be set to private.');
    expect(requests).toHaveLength(1);
  });

  it('refuses a video longer than the creator may post, before init', async () => {
    const { publisher, requests } = publisherWith('tiktok', createTiktokPublisher, [creatorInfo({ max_video_post_duration_sec: 60 })]);
    const error = await publisher.start(publishRequest({ media: [memoryMedia({ size: 100, durationSeconds: 61 })] })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('The video is 61 seconds long; TikTok allows this account at most 60 seconds');
    expect(requests).toHaveLength(1);
  });

  it('resumes the transfer at the next chunk without asking creator_info or initing again', async () => {
    const size = 35 * MB;
    const video = memoryMedia({ size });
    const progress = { postKind: 'video', username: 'creator', publishId: 'v_pub_1', uploadUrl, chunkSize: 10 * MB, chunkCount: 3, nextChunk: 1 };
    const { publisher, requests } = publisherWith('tiktok', createTiktokPublisher, [{ status: 206 }, { status: 201 }]);
    const result = await publisher.start(publishRequest({ media: [video], progress }));
    expect(requests.map((request) => request.headers['content-range'])).toEqual([`bytes ${10 * MB}-${20 * MB - 1}/${size}`, `bytes ${20 * MB}-${size - 1}/${size}`]);
    expect(result.progress['nextChunk']).toBe(3);

    const done = publisherWith('tiktok', createTiktokPublisher);
    await done.publisher.start(publishRequest({ media: [video], progress: { ...progress, nextChunk: 3 } }));
    expect(done.requests).toHaveLength(0);
  });

  it('posts photos with PULL_FROM_URL from their public URLs, as a DIRECT_POST', async () => {
    const images = [memoryMedia({ kind: 'image', url: 'https://media.example/1.jpg' }), memoryMedia({ kind: 'image', url: 'https://media.example/2.jpg' })];
    const { publisher, requests } = publisherWith('tiktok', createTiktokPublisher, [creatorInfo(), { body: { data: { publish_id: 'p_pub_1' }, error: ok } }]);
    const result = await publisher.start(publishRequest({ text: 'Two photos', media: images }));
    expect(requests[1]!.url.toString()).toBe('https://open.tiktokapis.com/v2/post/publish/content/init/');
    expect(jsonOf(requests[1]!)).toEqual({
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: {
        description: 'Two photos',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        auto_add_music: true,
        brand_content_toggle: false,
        brand_organic_toggle: false,
      },
      source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0, photo_images: ['https://media.example/1.jpg', 'https://media.example/2.jpg'] },
    });
    expect(images[0]!.reads).toEqual([]);
    expect(result).toEqual({ state: 'processing', waitSeconds: 10, progress: { postKind: 'photo', username: 'creator', publishId: 'p_pub_1' } });
  });

  it('reads status/fetch until PUBLISH_COMPLETE and the public post id', async () => {
    const progress = { postKind: 'video', username: 'creator', publishId: 'v_pub_1' };
    const { publisher, requests } = publisherWith('tiktok', createTiktokPublisher, [
      status({ status: 'PROCESSING_UPLOAD', uploaded_bytes: 100 }),
      status({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] }),
      status({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [7311234567890] }),
    ]);
    expect(await publisher.checkStatus(publishRequest({ progress }))).toEqual({ state: 'processing', progress, waitSeconds: 10 });
    expect(await publisher.checkStatus(publishRequest({ progress }))).toEqual({ state: 'processing', progress: { ...progress, idReads: 1 }, waitSeconds: 10 });
    expect(await publisher.checkStatus(publishRequest({ progress }))).toMatchObject({
      state: 'ready',
      progress: { platformPostId: '7311234567890', postUrl: 'https://www.tiktok.com/@creator/video/7311234567890' },
    });
    expect(requests[0]!.url.toString()).toBe('https://open.tiktokapis.com/v2/post/publish/status/fetch/');
    expect(jsonOf(requests[0]!)).toEqual({ publish_id: 'v_pub_1' });
  });

  it('fails with TikTok’s fail_reason, and refuses an inbox hand-off', async () => {
    const failed = publisherWith('tiktok', createTiktokPublisher, [status({ status: 'FAILED', fail_reason: 'duration_check_failed' })]);
    const error = await failed.publisher.checkStatus(publishRequest({ progress: { publishId: 'v_pub_1' } })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('TikTok could not publish the post: duration_check_failed');
    const inbox = publisherWith('tiktok', createTiktokPublisher, [status({ status: 'SEND_TO_USER_INBOX' })]);
    await expect(inbox.publisher.checkStatus(publishRequest({ progress: { publishId: 'v_pub_1' } }))).rejects.toBeInstanceOf(Rejected);
  });

  it('publishes by reporting the post: from progress without a call, else with one status call', async () => {
    const recorded = publisherWith('tiktok', createTiktokPublisher);
    const result = await recorded.publisher.publish(publishRequest({ progress: { publishId: 'v_pub_1', platformPostId: '73', postUrl: 'https://www.tiktok.com/@creator/video/73' } }));
    expect(result).toMatchObject({ state: 'published', platformPostId: '73', postUrl: 'https://www.tiktok.com/@creator/video/73' });
    expect(recorded.requests).toHaveLength(0);

    const unrecorded = publisherWith('tiktok', createTiktokPublisher, [status({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: ['74'] })]);
    const photo = await unrecorded.publisher.publish(publishRequest({ progress: { postKind: 'photo', username: 'creator', publishId: 'p_pub_1' } }));
    expect(photo).toMatchObject({ state: 'published', platformPostId: '74', postUrl: 'https://www.tiktok.com/@creator/photo/74' });
  });

  it('reconciles a lost final chunk with status/fetch: uploaded means posted, PROCESSING_UPLOAD means send it again', async () => {
    const progress = { postKind: 'video', username: 'creator', publishId: 'v_pub_1', uploadUrl: 'https://open-upload.tiktokapis.com/video/?upload_id=1', chunkSize: 100, chunkCount: 1, nextChunk: 0 };
    const media = [memoryMedia({ size: 100 })];
    const posted = publisherWith('tiktok', createTiktokPublisher, [status({ status: 'PROCESSING_DOWNLOAD' })]);
    const log: string[] = [];
    expect(await posted.publisher.start(publishRequest({ media, progress, createOnce: armedTarget('TikTok', log) }))).toMatchObject({ state: 'processing', progress: { nextChunk: 1 } });
    expect(log).toEqual(['reconcile']);

    const missing = publisherWith('tiktok', createTiktokPublisher, [status({ status: 'PROCESSING_UPLOAD' }), { status: 201, body: { data: {}, error: { code: 'ok' } } }]);
    const again: string[] = [];
    await missing.publisher.start(publishRequest({ media, progress, createOnce: armedTarget('TikTok', again) }));
    expect(again).toEqual(['reconcile', 'send']);
    expect(missing.requests[1]!.method).toBe('PUT');
  });

  it('cannot tell whether a photo post was made when the init answer was lost', async () => {
    const photos = publisherWith('tiktok', createTiktokPublisher, [{ body: { data: { creator_username: 'creator', privacy_level_options: ['PUBLIC_TO_EVERYONE'] }, error: { code: 'ok' } } }]);
    const error = await photos.publisher.start(publishRequest({ media: [memoryMedia({ kind: 'image' })], createOnce: armedTarget('TikTok') })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toMatch(/check your TikTok account/);
    expect(photos.requests).toHaveLength(1);
  });

  it('keeps reading the status until the public post id appears, and says so if it never does', async () => {
    const progress = { postKind: 'video', username: 'creator', publishId: 'v_pub_1' };
    const waiting = publisherWith('tiktok', createTiktokPublisher, [status({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] })]);
    expect(await waiting.publisher.checkStatus(publishRequest({ progress }))).toMatchObject({ state: 'processing', progress: { idReads: 1 } });
    const never = publisherWith('tiktok', createTiktokPublisher, [status({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] })]);
    expect(await never.publisher.checkStatus(publishRequest({ progress: { ...progress, idReads: 29 } }))).toMatchObject({
      state: 'ready',
      progress: { platformPostId: 'v_pub_1', postUrl: 'https://www.tiktok.com/@creator', notice: expect.stringMatching(/has not shown its public id/) },
    });
  });

  it('classifies envelope errors', async () => {
    const media = [memoryMedia({ size: 100 })];
    const mismatch = publisherWith('tiktok', createTiktokPublisher, [creatorInfo(), tiktokError(400, 'privacy_level_option_mismatch')]);
    const error = await mismatch.publisher.start(publishRequest({ media })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('TikTok API error: privacy_level_option_mismatch privacy_level_option_mismatch message');
    const limited = publisherWith('tiktok', createTiktokPublisher, [tiktokError(429, 'rate_limit_exceeded')]);
    await expect(limited.publisher.start(publishRequest({ media }))).rejects.toBeInstanceOf(RateLimited);
    const token = publisherWith('tiktok', createTiktokPublisher, [tiktokError(401, 'access_token_invalid')]);
    await expect(token.publisher.start(publishRequest({ media }))).rejects.toBeInstanceOf(AuthExpired);
    const okStatusWithError = publisherWith('tiktok', createTiktokPublisher, [tiktokError(200, 'spam_risk_too_many_posts')]);
    await expect(okStatusWithError.publisher.start(publishRequest({ media }))).rejects.toBeInstanceOf(RateLimited);
    const upload = publisherWith('tiktok', createTiktokPublisher, [creatorInfo(), initialized, { status: 500 }]);
    await expect(upload.publisher.start(publishRequest({ media }))).rejects.toBeInstanceOf(Retryable);
  });
});
