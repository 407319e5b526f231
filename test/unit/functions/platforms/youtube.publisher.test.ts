import { describe, expect, it } from 'vitest';
import { AuthExpired, RateLimited, Rejected, Retryable } from '../../../../functions/platforms/errors';
import { createYoutubePublisher, YOUTUBE_CHUNK_BYTES } from '../../../../functions/platforms/youtube/publisher';
import { armedTarget, baseTokens, jsonOf, memoryMedia, patternBytes, publisherWith, publishRequest as basePublishRequest, queryOf } from './harness';
import { OutcomeUnknown, sendDirectly } from '../../../../functions/platforms/createOnce';
import type { PublishRequest } from '../../../../functions/platforms/publisher';

/** The user's choices: public, not made for kids (the declaration YouTube requires). */
const publicNotForKids = { privacyStatus: 'public', madeForKids: false };
const publishRequest = (overrides: Partial<PublishRequest> = {}) => basePublishRequest({ options: publicNotForKids, ...overrides });

const CHUNK = YOUTUBE_CHUNK_BYTES;
const sessionUri = 'https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&upload_id=xa298sd_f';
const session = { status: 200, headers: { location: sessionUri } };
const stored = (bytes: number) => ({ status: 308, headers: { range: `bytes=0-${bytes - 1}` } });
const created = { status: 201, body: { id: 'vid-1', snippet: {}, status: { uploadStatus: 'uploaded', privacyStatus: 'public' } } };
const googleError = (code: number, reason: string) => ({ status: code, body: { error: { code, message: `${reason} message`, errors: [{ reason, domain: 'youtube' }] } } });

describe('YouTube publisher (resumable upload, videos.list status)', () => {
  it('opens a resumable session with the video resource the spec asks for', async () => {
    const video = memoryMedia({ size: 1000 });
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [session, created]);
    await publisher.start(publishRequest({ title: 'My clip', text: 'About my clip', media: [video] }));

    expect(requests[0]!.method).toBe('POST');
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://www.googleapis.com/upload/youtube/v3/videos');
    expect(queryOf(requests[0]!.url)).toEqual({ uploadType: 'resumable', part: 'snippet,status' });
    expect(requests[0]!.headers).toMatchObject({
      authorization: 'Bearer access-1',
      'content-type': 'application/json; charset=UTF-8',
      'x-upload-content-length': '1000',
      'x-upload-content-type': 'video/mp4',
    });
    expect(jsonOf(requests[0]!)).toEqual({
      snippet: { title: 'My clip', description: 'About my clip', categoryId: '22' },
      status: { privacyStatus: 'public', selfDeclaredMadeForKids: false, embeddable: true },
    });
  });

  it("puts the user's privacy, made-for-kids declaration, tags and category into videos.insert's snippet and status", async () => {
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [session, created]);
    await publisher.start(
      publishRequest({
        title: 'Lesson 1',
        media: [memoryMedia({ size: 10 })],
        options: { privacyStatus: 'unlisted', madeForKids: true, tags: ['maths', 'for kids'], categoryId: '27' },
      }),
    );
    expect(jsonOf(requests[0]!)).toEqual({
      snippet: { title: 'Lesson 1', description: 'Hello world', tags: ['maths', 'for kids'], categoryId: '27' },
      status: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: true, embeddable: true },
    });
  });

  it('refuses, before any call, a video without the made-for-kids declaration, and YouTube scheduling of a video not meant to be public', async () => {
    const undeclared = publisherWith('youtube', createYoutubePublisher, [session, created]);
    await expect(undeclared.publisher.start(basePublishRequest({ media: [memoryMedia({ size: 10 })] }))).rejects.toThrow(
      new Rejected('Say whether the YouTube video is made for kids: YouTube requires this declaration.'),
    );
    const privateScheduled = publisherWith('youtube', createYoutubePublisher, [session, created]);
    await expect(
      privateScheduled.publisher.start(publishRequest({ publishAt: '2026-12-01T10:00:00Z', media: [memoryMedia({ size: 10 })], options: { privacyStatus: 'private', madeForKids: false } })),
    ).rejects.toBeInstanceOf(Rejected);
    expect([...undeclared.requests, ...privateScheduled.requests]).toHaveLength(0);
  });

  it('schedules on YouTube as a private video with publishAt, and falls back to "Untitled Video"', async () => {
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [session, created]);
    await publisher.start(publishRequest({ title: '  ', publishAt: '2026-12-01T10:00:00Z', media: [memoryMedia({ size: 10 })] }));
    expect(jsonOf(requests[0]!)).toMatchObject({
      snippet: { title: 'Untitled Video' },
      status: { privacyStatus: 'private', publishAt: '2026-12-01T10:00:00Z', selfDeclaredMadeForKids: false, embeddable: true },
    });
  });

  it('uploads in 8 MiB chunks (multiples of 256 KiB) with Content-Range, reading no more than a chunk at a time', async () => {
    const size = 2 * CHUNK + 12_345;
    const video = memoryMedia({ size });
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [session, stored(CHUNK), stored(2 * CHUNK), created]);
    const result = await publisher.start(publishRequest({ media: [video] }));

    const puts = requests.slice(1);
    expect(puts.map((request) => [request.method, request.url.toString(), request.headers['content-range'], request.headers['content-length']])).toEqual([
      ['PUT', sessionUri, `bytes 0-${CHUNK - 1}/${size}`, String(CHUNK)],
      ['PUT', sessionUri, `bytes ${CHUNK}-${2 * CHUNK - 1}/${size}`, String(CHUNK)],
      ['PUT', sessionUri, `bytes ${2 * CHUNK}-${size - 1}/${size}`, '12345'],
    ]);
    expect(CHUNK % (256 * 1024)).toBe(0);
    expect(CHUNK).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    expect(puts[0]!.headers['content-type']).toBe('video/mp4');
    expect(puts[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(Buffer.from(puts[1]!.bytes!).equals(Buffer.from(patternBytes(CHUNK, 2 * CHUNK - 1)))).toBe(true);
    expect(video.largestRead()).toBe(CHUNK);
    expect(result).toEqual({ state: 'processing', waitSeconds: 30, progress: { sessionUri, uploadedBytes: size, videoId: 'vid-1' } });
  });

  it('saves the session and each confirmed offset as it goes, so an interrupted upload resumes there', async () => {
    const video = memoryMedia({ size: 2 * CHUNK + 10 });
    const saved: unknown[] = [];
    const { publisher } = publisherWith('youtube', createYoutubePublisher, [session, stored(CHUNK), { status: 503, body: {} }]);

    await expect(publisher.start(publishRequest({ media: [video], saveProgress: async (progress) => void saved.push(progress) }))).rejects.toBeInstanceOf(Retryable);

    expect(saved).toEqual([
      { sessionUri, uploadedBytes: 0 },
      { sessionUri, uploadedBytes: CHUNK },
    ]);
  });

  it('resumes where YouTube says it stored bytes up to, which may be less than was sent', async () => {
    const size = 2 * CHUNK;
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [session, stored(CHUNK - 1000), stored(2 * CHUNK - 1000), created]);
    await publisher.start(publishRequest({ media: [memoryMedia({ size })] }));
    expect(requests.slice(1).map((request) => request.headers['content-range'])).toEqual([
      `bytes 0-${CHUNK - 1}/${size}`,
      `bytes ${CHUNK - 1000}-${2 * CHUNK - 1001}/${size}`,
      `bytes ${2 * CHUNK - 1000}-${2 * CHUNK - 1}/${size}`,
    ]);
  });

  it('probes a saved session with "bytes */total" and an empty body before resuming from the confirmed offset', async () => {
    const size = CHUNK + 500;
    const video = memoryMedia({ size });
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [stored(CHUNK), created]);
    const result = await publisher.start(publishRequest({ media: [video], progress: { sessionUri, uploadedBytes: 0 } }));

    expect(requests[0]!.method).toBe('PUT');
    expect(requests[0]!.url.toString()).toBe(sessionUri);
    expect(requests[0]!.headers['content-range']).toBe(`bytes */${size}`);
    expect(requests[0]!.headers['content-length']).toBe('0');
    expect(requests[0]!.bytes!.length).toBe(0);
    expect(requests[1]!.headers['content-range']).toBe(`bytes ${CHUNK}-${size - 1}/${size}`);
    expect(video.reads).toEqual([[CHUNK, size - 1]]);
    expect(result.progress).toMatchObject({ sessionUri, videoId: 'vid-1' });
  });

  it('treats a probe answered without Range as nothing stored', async () => {
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [{ status: 308 }, created]);
    await publisher.start(publishRequest({ media: [memoryMedia({ size: 100 })], progress: { sessionUri } }));
    expect(requests[1]!.headers['content-range']).toBe('bytes 0-99/100');
  });

  it('opens a new session when the saved one has expired (404 or 410)', async () => {
    for (const expired of [404, 410]) {
      const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [{ status: expired }, { status: 200, headers: { location: `${sessionUri}-2` } }, created]);
      const result = await publisher.start(publishRequest({ media: [memoryMedia({ size: 100 })], progress: { sessionUri, uploadedBytes: 50 } }));
      expect(requests.map((request) => request.method)).toEqual(['PUT', 'POST', 'PUT']);
      expect(requests[2]!.url.toString()).toBe(`${sessionUri}-2`);
      expect(requests[2]!.headers['content-range']).toBe('bytes 0-99/100');
      expect(result.progress['sessionUri']).toBe(`${sessionUri}-2`);
    }
  });

  it('opens one new session when the session expires mid-upload, and gives up on a second expiry', async () => {
    const size = CHUNK + 10;
    const recovered = publisherWith('youtube', createYoutubePublisher, [session, stored(CHUNK), { status: 410 }, { status: 200, headers: { location: `${sessionUri}-2` } }, stored(CHUNK), created]);
    await recovered.publisher.start(publishRequest({ media: [memoryMedia({ size })] }));
    expect(recovered.requests.map((request) => `${request.method} ${request.headers['content-range'] ?? ''}`)).toEqual([
      'POST ',
      `PUT bytes 0-${CHUNK - 1}/${size}`,
      `PUT bytes ${CHUNK}-${size - 1}/${size}`,
      'POST ',
      `PUT bytes 0-${CHUNK - 1}/${size}`,
      `PUT bytes ${CHUNK}-${size - 1}/${size}`,
    ]);
    const twice = publisherWith('youtube', createYoutubePublisher, [session, { status: 404 }, session, { status: 404 }]);
    await expect(twice.publisher.start(publishRequest({ media: [memoryMedia({ size })] }))).rejects.toBeInstanceOf(Retryable);
  });

  it('stops with Retryable when YouTube stores none of a chunk, instead of looping', async () => {
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [session, { status: 308 }]);
    await expect(publisher.start(publishRequest({ media: [memoryMedia({ size: CHUNK + 1 })] }))).rejects.toBeInstanceOf(Retryable);
    expect(requests).toHaveLength(2);
  });

  it('asks the session for the video when YouTube has stored every byte without answering with it', async () => {
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [session, stored(100), created]);
    const result = await publisher.start(publishRequest({ media: [memoryMedia({ size: 100 })] }));
    expect(requests.map((request) => request.headers['content-range'])).toEqual([undefined, 'bytes 0-99/100', 'bytes */100']);
    expect(result.progress['videoId']).toBe('vid-1');
  });

  it('finishes without sending bytes when the probe says the upload is complete', async () => {
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [created]);
    const result = await publisher.start(publishRequest({ media: [memoryMedia({ size: 100 })], progress: { sessionUri, uploadedBytes: 100 } }));
    expect(requests).toHaveLength(1);
    expect(result).toMatchObject({ state: 'processing', progress: { videoId: 'vid-1', uploadedBytes: 100 } });
  });

  it('does nothing again once the video is uploaded', async () => {
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher);
    const result = await publisher.start(publishRequest({ progress: { sessionUri, videoId: 'vid-1' } }));
    expect(requests).toHaveLength(0);
    expect(result).toMatchObject({ state: 'processing', progress: { videoId: 'vid-1' } });
  });

  it('refuses images with a clear message and calls nothing', async () => {
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher);
    const error = await publisher.start(publishRequest({ media: [memoryMedia({ kind: 'image' })] })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('YouTube publishes videos only: images cannot be posted to YouTube');
    expect(requests).toHaveLength(0);
  });

  it('checks processing with one videos.list call for status and processingDetails', async () => {
    const progress = { sessionUri, uploadedBytes: 100, videoId: 'vid-1' };
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [
      { body: { items: [{ id: 'vid-1', status: { uploadStatus: 'uploaded' }, processingDetails: { processingStatus: 'processing' } }] } },
      { body: { items: [{ id: 'vid-1', status: { uploadStatus: 'uploaded' }, processingDetails: { processingStatus: 'processing', processingProgress: { timeLeftMs: '45000' } } }] } },
      { body: { items: [{ id: 'vid-1', status: { uploadStatus: 'processed' }, processingDetails: { processingStatus: 'succeeded' } }] } },
    ]);
    expect(await publisher.checkStatus(publishRequest({ progress }))).toEqual({ state: 'processing', progress, waitSeconds: 30 });
    expect(await publisher.checkStatus(publishRequest({ progress }))).toMatchObject({ state: 'processing', waitSeconds: 45 });
    expect(await publisher.checkStatus(publishRequest({ progress }))).toEqual({
      state: 'ready',
      progress: { ...progress, platformPostId: 'vid-1', postUrl: 'https://www.youtube.com/watch?v=vid-1' },
    });
    expect(requests).toHaveLength(3);
    expect(requests[0]!.method).toBe('GET');
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://www.googleapis.com/youtube/v3/videos');
    expect(queryOf(requests[0]!.url)).toEqual({ part: 'status,processingDetails', id: 'vid-1' });
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
  });

  it('reports failed, rejected and deleted videos in YouTube’s words', async () => {
    const progress = { videoId: 'vid-1' };
    const cases = [
      [{ status: { uploadStatus: 'failed', failureReason: 'codec' } }, 'YouTube upload failed: codec'],
      [{ status: { uploadStatus: 'rejected', rejectionReason: 'duplicate' } }, 'YouTube rejected the video: duplicate'],
      [{ status: { uploadStatus: 'deleted' } }, 'YouTube no longer has the uploaded video (it was deleted)'],
      [{ status: { uploadStatus: 'uploaded' }, processingDetails: { processingStatus: 'failed', processingFailureReason: 'transcodeFailed' } }, 'YouTube could not process the video: transcodeFailed'],
    ] as const;
    for (const [item, message] of cases) {
      const { publisher } = publisherWith('youtube', createYoutubePublisher, [{ body: { items: [{ id: 'vid-1', ...item }] } }]);
      const error = await publisher.checkStatus(publishRequest({ progress })).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Rejected);
      expect((error as Error).message).toBe(message);
    }
  });

  it('publishes by reporting the uploaded video, without calling YouTube', async () => {
    const { publisher, requests } = publisherWith('youtube', createYoutubePublisher);
    const recorded = await publisher.publish(publishRequest({ progress: { videoId: 'vid-1', platformPostId: 'vid-1', postUrl: 'https://www.youtube.com/watch?v=vid-1' } }));
    const fromVideo = await publisher.publish(publishRequest({ progress: { videoId: 'vid-2' } }));
    expect(recorded).toMatchObject({ state: 'published', platformPostId: 'vid-1', postUrl: 'https://www.youtube.com/watch?v=vid-1' });
    expect(fromVideo).toMatchObject({ state: 'published', platformPostId: 'vid-2', postUrl: 'https://www.youtube.com/watch?v=vid-2' });
    expect(requests).toHaveLength(0);
    await expect(publisher.publish(publishRequest())).rejects.toBeInstanceOf(Rejected);
  });

  it('reconciles a lost final chunk by probing the upload session', async () => {
    const media = [memoryMedia({ size: 100 })];
    const complete = publisherWith('youtube', createYoutubePublisher, [stored(0), created]);
    const log: string[] = [];
    expect(await complete.publisher.start(publishRequest({ media, progress: { sessionUri }, createOnce: armedTarget('YouTube', log) }))).toMatchObject({
      state: 'processing',
      progress: { videoId: 'vid-1' },
    });
    expect(log).toEqual(['reconcile']);
    expect(complete.requests[1]!.headers['content-range']).toBe('bytes */100');

    const incomplete = publisherWith('youtube', createYoutubePublisher, [stored(0), stored(0), created]);
    const again: string[] = [];
    await incomplete.publisher.start(publishRequest({ media, progress: { sessionUri }, createOnce: armedTarget('YouTube', again) }));
    expect(again).toEqual(['reconcile', 'send']);

    const expired = publisherWith('youtube', createYoutubePublisher, [stored(0), { status: 404 }]);
    const error = await expired.publisher.start(publishRequest({ media, progress: { sessionUri }, createOnce: armedTarget('YouTube') })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toMatch(/check your YouTube account/);
  });

  it('classifies quota, channel limit, token, server and metadata errors', async () => {
    const media = [memoryMedia({ size: 100 })];
    const quota = publisherWith('youtube', createYoutubePublisher, [googleError(403, 'quotaExceeded')]);
    await expect(quota.publisher.start(publishRequest({ media }))).rejects.toBeInstanceOf(RateLimited);
    const channelLimit = publisherWith('youtube', createYoutubePublisher, [googleError(400, 'uploadLimitExceeded')]);
    await expect(channelLimit.publisher.start(publishRequest({ media }))).rejects.toBeInstanceOf(RateLimited);
    const token = publisherWith('youtube', createYoutubePublisher, [session, googleError(401, 'authError')]);
    await expect(token.publisher.start(publishRequest({ media }))).rejects.toBeInstanceOf(AuthExpired);
    const server = publisherWith('youtube', createYoutubePublisher, [session, { status: 503 }]);
    await expect(server.publisher.start(publishRequest({ media }))).rejects.toBeInstanceOf(Retryable);
    const title = publisherWith('youtube', createYoutubePublisher, [googleError(400, 'invalidTitle')]);
    const error = await title.publisher.start(publishRequest({ media })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('YouTube API error: invalidTitle message');
    const noLocation = publisherWith('youtube', createYoutubePublisher, [{ status: 200 }]);
    await expect(noLocation.publisher.start(publishRequest({ media }))).rejects.toBeInstanceOf(Retryable);
  });

  describe('first comment (commentThreads.insert)', () => {
    const forceSsl = 'https://www.googleapis.com/auth/youtube.force-ssl';
    const withComments = { ...baseTokens, scopes: ['https://www.googleapis.com/auth/youtube.upload', forceSsl] };
    const thread = (id: string, author: string, text: string) => ({ kind: 'youtube#commentThread', id, snippet: { videoId: 'vid-1', topLevelComment: { id, snippet: { authorChannelId: { value: author }, textOriginal: text } } } });
    const comment = (overrides: Record<string, unknown> = {}) => ({
      text: 'Chapters: 0:00 intro <3',
      post: { platformPostId: 'vid-1', postUrl: 'https://www.youtube.com/watch?v=vid-1' },
      account: { platformUserId: 'UC-channel' },
      tokens: withComments,
      progress: { platformPostId: 'vid-1' },
      createOnce: sendDirectly,
      ...overrides,
    });

    it('inserts a top-level comment once, as the reference documents it; a recorded comment is not sent again', async () => {
      const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [{ body: thread('Ugx1', 'UC-channel', 'Chapters: 0:00 intro <3') }]);
      const made = await publisher.firstComment!(comment());

      expect(requests[0]!.method).toBe('POST');
      expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://www.googleapis.com/youtube/v3/commentThreads');
      expect(queryOf(requests[0]!.url)).toEqual({ part: 'snippet' });
      expect(jsonOf(requests[0]!)).toEqual({ snippet: { channelId: 'UC-channel', videoId: 'vid-1', topLevelComment: { snippet: { textOriginal: 'Chapters: 0:00 intro <3' } } } });
      expect(made).toEqual({ commentId: 'Ugx1', url: 'https://www.youtube.com/watch?v=vid-1&lc=Ugx1', progress: { platformPostId: 'vid-1', commentId: 'Ugx1' } });
      expect((await publisher.firstComment!(comment({ progress: made.progress }))).commentId).toBe('Ugx1');
      expect(requests).toHaveLength(1);
    });

    it('records at upload that a video made for kids, private or natively scheduled takes no comment, and then does not try', async () => {
      const cases = [
        [{ privacyStatus: 'public', madeForKids: true }, undefined, 'madeForKids', 'YouTube turns comments off on videos made for kids.'],
        [{ privacyStatus: 'private', madeForKids: false }, undefined, 'private', 'YouTube takes no comments on a private video.'],
        [{ privacyStatus: 'public', madeForKids: false }, '2026-12-01T10:00:00Z', 'scheduled', 'YouTube keeps the video private until its scheduled time, and takes no comments on a private video.'],
      ] as const;
      for (const [options, publishAt, off, message] of cases) {
        const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, [session, created]);
        const started = await publisher.start(publishRequest({ options, ...(publishAt ? { publishAt } : {}), media: [memoryMedia({ size: 1000 })] }));
        expect(started.progress['commentsOff'], off).toBe(off);
        const refused = await publisher.firstComment!(comment({ progress: started.progress })).catch((error: unknown) => error);
        expect(refused, off).toBeInstanceOf(Rejected);
        expect((refused as Error).message).toBe(message);
        expect(requests, off).toHaveLength(2);
      }
    });

    it('does not call without youtube.force-ssl: it says to reconnect', async () => {
      const { publisher, requests } = publisherWith('youtube', createYoutubePublisher, []);
      const refused = await publisher.firstComment!(comment({ tokens: { ...baseTokens, scopes: ['https://www.googleapis.com/auth/youtube.upload'] } })).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Rejected);
      expect((refused as Error).message).toMatch(/^reconnect your YouTube account to allow comments/);
      expect(requests).toHaveLength(0);
    });

    it("after a lost answer finds the comment in the video's latest threads by channel and text, else sends it", async () => {
      const log: string[] = [];
      const found = publisherWith('youtube', createYoutubePublisher, [
        { body: { items: [thread('Ugx-other', 'UC-fan', 'Chapters: 0:00 intro <3'), thread('Ugx-ours', 'UC-channel', 'Chapters: 0:00 intro <3')] } },
      ]);
      expect((await found.publisher.firstComment!(comment({ createOnce: armedTarget('YouTube', log) }))).commentId).toBe('Ugx-ours');
      expect(log).toEqual(['reconcile']);
      expect(found.requests[0]!.method).toBe('GET');
      expect(queryOf(found.requests[0]!.url)).toEqual({ part: 'snippet', videoId: 'vid-1', order: 'time', maxResults: '20' });

      const sendLog: string[] = [];
      const missing = publisherWith('youtube', createYoutubePublisher, [{ body: { items: [] } }, { body: thread('Ugx-new', 'UC-channel', 'x') }]);
      expect((await missing.publisher.firstComment!(comment({ createOnce: armedTarget('YouTube', sendLog) }))).commentId).toBe('Ugx-new');
      expect(sendLog).toEqual(['reconcile', 'send']);
    });

    it('maps refusals: comments turned off and too long in words, a 500 retryable, no id cannot tell', async () => {
      const disabled = publisherWith('youtube', createYoutubePublisher, [googleError(403, 'commentsDisabled')]);
      const off = await disabled.publisher.firstComment!(comment()).catch((error: unknown) => error);
      expect(off).toBeInstanceOf(Rejected);
      expect((off as Error).message).toBe('the video has comments turned off on YouTube.');
      const long = publisherWith('youtube', createYoutubePublisher, [googleError(400, 'commentTextTooLong')]);
      expect(((await long.publisher.firstComment!(comment()).catch((error: unknown) => error)) as Error).message).toBe('the comment is too long for YouTube (at most 10000 characters).');
      const down = publisherWith('youtube', createYoutubePublisher, [googleError(500, 'backendError')]);
      expect(await down.publisher.firstComment!(comment()).catch((error: unknown) => error)).toBeInstanceOf(Retryable);
      const silent = publisherWith('youtube', createYoutubePublisher, [{ body: {} }]);
      expect(await silent.publisher.firstComment!(comment()).catch((error: unknown) => error)).toBeInstanceOf(OutcomeUnknown);
    });
  });
});
