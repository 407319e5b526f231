import { describe, expect, it } from 'vitest';
import { AuthExpired, RateLimited, Rejected, Retryable } from '../../../../functions/platforms/errors';
import { createInstagramPublisher, unsupportedFormatMessage } from '../../../../functions/platforms/instagram/publisher';
import { formOf, memoryMedia, now, publisherWith, publishRequest, queryOf, armedTarget, baseTokens } from './harness';
import { OutcomeUnknown, sendDirectly } from '../../../../functions/platforms/createOnce';

const graph = 'https://graph.instagram.com/v21.0';
const reel = (durationSeconds = 30) => memoryMedia({ size: 5000, durationSeconds, url: 'https://media.example/reel.mp4' });
const photo = () => memoryMedia({ kind: 'image', url: 'https://media.example/photo.jpg' });
const graphError = (status: number, code: number, subcode?: number, message = 'Graph says no') => ({
  status,
  body: { error: { message, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'f' } },
});
const quota = (usage: number, total = 50) => ({ body: { data: [{ quota_usage: usage, config: { quota_total: total, quota_duration: 86400 } }] } });
const ready = { containerId: 'c-1', mediaKind: 'video' };

describe('Instagram publisher (containers, media_publish)', () => {
  it('creates a REELS container from the public URL, shared to the feed', async () => {
    const video = reel();
    const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [{ body: { id: 'c-1' } }]);
    const result = await publisher.start(publishRequest({ text: 'My reel #fun', media: [video] }));

    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe(`${graph}/user-1/media`);
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(formOf(requests[0]!)).toEqual({ media_type: 'REELS', video_url: 'https://media.example/reel.mp4', caption: 'My reel #fun', share_to_feed: 'true' });
    expect(video.reads).toEqual([]);
    expect(result).toEqual({ state: 'processing', waitSeconds: 20, progress: ready });
  });

  it("creates a Reel for the Reels tab only when the user's options say so", async () => {
    const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [{ body: { id: 'c-3' } }]);
    await publisher.start(publishRequest({ text: 'Reels only', media: [reel()], options: { shareToFeed: false } }));
    expect(formOf(requests[0]!)).toMatchObject({ media_type: 'REELS', share_to_feed: 'false' });
  });

  it('creates an image container for a JPEG, and refuses other image types before calling', async () => {
    const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [{ body: { id: 'c-2' } }]);
    const result = await publisher.start(publishRequest({ text: 'A photo', media: [photo()] }));
    // share_to_feed is a Reels field: an image container does not carry it.
    expect(formOf(requests[0]!)).toEqual({ image_url: 'https://media.example/photo.jpg', caption: 'A photo' });
    expect(result).toEqual({ state: 'processing', waitSeconds: 5, progress: { containerId: 'c-2', mediaKind: 'image' } });

    const png = publisherWith('instagram', createInstagramPublisher);
    await expect(png.publisher.start(publishRequest({ media: [memoryMedia({ kind: 'image', contentType: 'image/png' })] }))).rejects.toBeInstanceOf(Rejected);
    expect(png.requests).toHaveLength(0);
  });

  it('checks a reel’s length (3–90 s) before calling, with the spec’s messages', async () => {
    const cases = [
      [2, 'Video süresi çok kısa: 2 saniye. Instagram, en az 3 saniye uzunluğunda video gerektirir.'],
      [2.5, 'Video süresi çok kısa: 2,5 saniye. Instagram, en az 3 saniye uzunluğunda video gerektirir.'],
      [91, 'Video süresi çok uzun: 91 saniye. Instagram, maksimum 90 saniye uzunluğunda video kabul eder.'],
    ] as const;
    for (const [seconds, message] of cases) {
      const { publisher, requests } = publisherWith('instagram', createInstagramPublisher);
      const error = await publisher.start(publishRequest({ media: [reel(seconds)] })).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Rejected);
      expect((error as Error).message).toBe(message);
      expect(requests).toHaveLength(0);
    }
    const edges = publisherWith('instagram', createInstagramPublisher, [{ body: { id: 'c-3' } }, { body: { id: 'c-4' } }]);
    await edges.publisher.start(publishRequest({ media: [reel(3)] }));
    await edges.publisher.start(publishRequest({ media: [reel(90)] }));
    expect(edges.requests).toHaveLength(2);
  });

  it('keeps the container it already made', async () => {
    const { publisher, requests } = publisherWith('instagram', createInstagramPublisher);
    expect(await publisher.start(publishRequest({ media: [reel()], progress: ready }))).toEqual({ state: 'processing', waitSeconds: 20, progress: ready });
    expect(requests).toHaveLength(0);
  });

  it('reads the container’s status_code with one call', async () => {
    const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [{ body: { status_code: 'IN_PROGRESS', id: 'c-1' } }, { body: { status_code: 'FINISHED', id: 'c-1' } }]);
    expect(await publisher.checkStatus(publishRequest({ progress: ready }))).toEqual({ state: 'processing', progress: ready, waitSeconds: 20 });
    expect(await publisher.checkStatus(publishRequest({ progress: ready }))).toEqual({ state: 'ready', progress: ready });
    expect(requests[0]!.method).toBe('GET');
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe(`${graph}/c-1`);
    expect(queryOf(requests[0]!.url)).toEqual({ fields: 'status_code,status' });
  });

  it('fails an ERROR container with the spec’s message and an EXPIRED one as expired', async () => {
    const cases = [
      [{ status_code: 'ERROR', status: 'Error: 2207026' }, 'Instagram video processing failed: Error: 2207026'],
      [{ status_code: 'ERROR' }, 'Instagram video processing failed: Format may not be supported'],
      [{ status_code: 'EXPIRED' }, 'Media container expired'],
    ] as const;
    for (const [body, message] of cases) {
      const { publisher } = publisherWith('instagram', createInstagramPublisher, [{ body }]);
      const error = await publisher.checkStatus(publishRequest({ progress: ready })).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Rejected);
      expect((error as Error).message).toBe(message);
    }
  });

  it('checks the publishing quota, publishes the container and looks up the permalink', async () => {
    const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [
      quota(3),
      { body: { id: 'm-1' } },
      { body: { permalink: 'https://www.instagram.com/reel/Cabc/', id: 'm-1' } },
    ]);
    const result = await publisher.publish(publishRequest({ progress: ready }));

    expect(requests[0]!.method).toBe('GET');
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe(`${graph}/user-1/content_publishing_limit`);
    expect(queryOf(requests[0]!.url)).toEqual({ fields: 'quota_usage,config' });
    expect(requests[1]!.method).toBe('POST');
    expect(requests[1]!.url.toString()).toBe(`${graph}/user-1/media_publish`);
    expect(formOf(requests[1]!)).toEqual({ creation_id: 'c-1' });
    expect(`${requests[2]!.url.origin}${requests[2]!.url.pathname}`).toBe(`${graph}/m-1`);
    expect(queryOf(requests[2]!.url)).toEqual({ fields: 'permalink' });
    expect(result).toEqual({
      state: 'published',
      platformPostId: 'm-1',
      postUrl: 'https://www.instagram.com/reel/Cabc/',
      progress: { ...ready, mediaId: 'm-1', platformPostId: 'm-1', postUrl: 'https://www.instagram.com/reel/Cabc/' },
    });
  });

  it('does not publish when the quota is used up', async () => {
    const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [quota(50)]);
    const error = await publisher.publish(publishRequest({ progress: ready })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).resetAt).toEqual(new Date(now.getTime() + 86400_000));
    expect(requests).toHaveLength(1);
  });

  it('still reports the post when the permalink lookup fails after media_publish', async () => {
    const { publisher } = publisherWith('instagram', createInstagramPublisher, [quota(0), { body: { id: 'm-2' } }, { status: 500, body: {} }]);
    expect(await publisher.publish(publishRequest({ progress: ready }))).toMatchObject({ state: 'published', platformPostId: 'm-2', postUrl: 'https://www.instagram.com/someone/' });
  });

  it('returns a recorded post without calling Instagram', async () => {
    const { publisher, requests } = publisherWith('instagram', createInstagramPublisher);
    const result = await publisher.publish(publishRequest({ progress: { ...ready, platformPostId: 'm-1', postUrl: 'https://www.instagram.com/p/x/' } }));
    expect(result).toMatchObject({ state: 'published', platformPostId: 'm-1' });
    expect(requests).toHaveLength(0);
  });

  it('maps the publishing error codes: 352/2207026 format, 9007 not ready, 9/2207042 limit, 190 token, others in Instagram’s words', async () => {
    const format = publisherWith('instagram', createInstagramPublisher, [quota(0), graphError(400, 352, 2207026)]);
    const formatError = await format.publisher.publish(publishRequest({ progress: ready })).catch((caught: unknown) => caught);
    expect(formatError).toBeInstanceOf(Rejected);
    expect((formatError as Error).message).toBe(unsupportedFormatMessage);
    expect(unsupportedFormatMessage).toMatch(/^Video formatı desteklenmiyor\. .*MP4 \(H\.264\).*4 GB.*1080x1920.*30 fps/);

    const notReady = publisherWith('instagram', createInstagramPublisher, [quota(0), graphError(400, 9007, 2207027)]);
    await expect(notReady.publisher.publish(publishRequest({ progress: ready }))).rejects.toBeInstanceOf(Retryable);
    const transient = publisherWith('instagram', createInstagramPublisher, [quota(0), graphError(500, 2, undefined, 'An unknown error occurred')]);
    const transientError = await transient.publisher.publish(publishRequest({ progress: ready })).catch((caught: unknown) => caught);
    expect(transientError).toBeInstanceOf(Retryable);
    // Our words and the code, never Meta's body.
    expect((transientError as Error).message).toBe('Instagram could not publish right now (its error code 2); OneClick tries again.');
    const limit = publisherWith('instagram', createInstagramPublisher, [quota(0), graphError(400, 9, 2207042)]);
    await expect(limit.publisher.publish(publishRequest({ progress: ready }))).rejects.toBeInstanceOf(RateLimited);
    const token = publisherWith('instagram', createInstagramPublisher, [graphError(401, 190, 463)]);
    await expect(token.publisher.start(publishRequest({ media: [reel()] }))).rejects.toBeInstanceOf(AuthExpired);
    const url = publisherWith('instagram', createInstagramPublisher, [graphError(400, 9004, 2207052, 'Media download has failed')]);
    const urlError = await url.publisher.start(publishRequest({ media: [reel()] })).catch((caught: unknown) => caught);
    expect(urlError).toBeInstanceOf(Rejected);
    expect((urlError as Error).message).toBe('Instagram API error: Media download has failed');
    const noId = publisherWith('instagram', createInstagramPublisher, [{ body: {} }]);
    await expect(noId.publisher.start(publishRequest({ media: [reel()] }))).rejects.toThrow('No container ID returned from Instagram');
  });

  it('reconciles a lost media_publish by the container before anything else: PUBLISHED is found among the latest media, FINISHED is published once (its quota read then)', async () => {
    const quota = { body: { data: [{ quota_usage: 1, config: { quota_total: 50, quota_duration: 86400 } }] } };
    const found = publisherWith('instagram', createInstagramPublisher, [
      { body: { status_code: 'PUBLISHED' } },
      { body: { data: [{ id: 'm-0', caption: 'older' }, { id: 'm-7', caption: 'Hello world' }] } },
      { body: { permalink: 'https://www.instagram.com/p/m7/' } },
    ]);
    const log: string[] = [];
    expect(await found.publisher.publish(publishRequest({ progress: ready, createOnce: armedTarget('Instagram', log) }))).toMatchObject({
      state: 'published',
      platformPostId: 'm-7',
      postUrl: 'https://www.instagram.com/p/m7/',
    });
    expect(log).toEqual(['reconcile']);

    const finished = publisherWith('instagram', createInstagramPublisher, [{ body: { status_code: 'FINISHED' } }, quota, { body: { id: 'm-8' } }, { body: { permalink: 'https://www.instagram.com/p/m8/' } }]);
    const again: string[] = [];
    expect(await finished.publisher.publish(publishRequest({ progress: ready, createOnce: armedTarget('Instagram', again) }))).toMatchObject({ platformPostId: 'm-8' });
    expect(again).toEqual(['reconcile', 'send']);

    const lost = publisherWith('instagram', createInstagramPublisher, [{ body: { status_code: 'PUBLISHED' } }, { body: { data: [] } }]);
    await expect(lost.publisher.publish(publishRequest({ progress: ready, createOnce: armedTarget('Instagram') }))).rejects.toThrow(/check your Instagram account/);
  });

  describe('carousels (several files in one post)', () => {
    const second = () => memoryMedia({ kind: 'image', url: 'https://media.example/second.jpg' });

    it('creates one item container per file in order (a video as media_type=VIDEO), saving each id as it comes', async () => {
      const saved: unknown[] = [];
      const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [{ body: { id: 'item-1' } }, { body: { id: 'item-2' } }]);
      const result = await publisher.start(publishRequest({ text: 'Both', media: [reel(), photo()], saveProgress: async (progress) => void saved.push(progress) }));

      expect(requests.map((request) => [request.method, request.url.toString()])).toEqual([
        ['POST', `${graph}/user-1/media`],
        ['POST', `${graph}/user-1/media`],
      ]);
      expect(formOf(requests[0]!)).toEqual({ media_type: 'VIDEO', video_url: 'https://media.example/reel.mp4', is_carousel_item: 'true' });
      expect(formOf(requests[1]!)).toEqual({ image_url: 'https://media.example/photo.jpg', is_carousel_item: 'true' });
      expect(saved).toEqual([
        { mediaKind: 'carousel', childIds: ['item-1'] },
        { mediaKind: 'carousel', childIds: ['item-1', 'item-2'] },
      ]);
      expect(result).toEqual({ state: 'processing', waitSeconds: 20, progress: { mediaKind: 'carousel', childIds: ['item-1', 'item-2'] } });
    });

    it('resumes after the items it already made, never making one twice', async () => {
      const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [{ body: { id: 'item-3' } }]);
      const result = await publisher.start(publishRequest({ media: [photo(), second(), photo()], progress: { mediaKind: 'carousel', childIds: ['item-1', 'item-2'] } }));
      expect(requests).toHaveLength(1);
      expect(formOf(requests[0]!)).toEqual({ image_url: 'https://media.example/photo.jpg', is_carousel_item: 'true' });
      expect(result.progress).toEqual({ mediaKind: 'carousel', childIds: ['item-1', 'item-2', 'item-3'] });
    });

    it('checks every file before making any item: JPEG images, reels of 3–90 s, 2 to 10 files', async () => {
      for (const media of [[photo(), memoryMedia({ kind: 'image', contentType: 'image/png' })], [reel(2), photo()], Array.from({ length: 11 }, () => photo())]) {
        const { publisher, requests } = publisherWith('instagram', createInstagramPublisher);
        await expect(publisher.start(publishRequest({ media }))).rejects.toBeInstanceOf(Rejected);
        expect(requests).toHaveLength(0);
      }
    });

    it('reads the items until every one is FINISHED, skipping those already seen finished', async () => {
      const progress = { mediaKind: 'carousel', childIds: ['item-1', 'item-2'] };
      const first = publisherWith('instagram', createInstagramPublisher, [{ body: { status_code: 'FINISHED' } }, { body: { status_code: 'IN_PROGRESS' } }]);
      const waiting = await first.publisher.checkStatus(publishRequest({ media: [reel(), photo()], progress }));
      expect(first.requests.map((request) => request.url.pathname)).toEqual(['/v21.0/item-1', '/v21.0/item-2']);
      expect(queryOf(first.requests[0]!.url)).toEqual({ fields: 'status_code,status' });
      expect(waiting).toEqual({ state: 'processing', waitSeconds: 20, progress: { ...progress, childrenFinished: 1 } });

      const next = publisherWith('instagram', createInstagramPublisher, [{ body: { status_code: 'FINISHED' } }]);
      const ready = await next.publisher.checkStatus(publishRequest({ media: [reel(), photo()], progress: waiting.progress }));
      expect(next.requests.map((request) => request.url.pathname)).toEqual(['/v21.0/item-2']);
      expect(ready).toEqual({ state: 'ready', progress: { ...progress, childrenFinished: 2 } });
    });

    it('fails with which file Instagram could not process', async () => {
      const { publisher } = publisherWith('instagram', createInstagramPublisher, [{ body: { status_code: 'FINISHED' } }, { body: { status_code: 'ERROR', status: 'Error: 2207026' } }]);
      const error = await publisher.checkStatus(publishRequest({ media: [photo(), reel()], progress: { mediaKind: 'carousel', childIds: ['item-1', 'item-2'] } })).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Rejected);
      expect((error as Error).message).toBe('Instagram could not process file 2 of 2 of the carousel: Error: 2207026');
    });

    it('then creates the CAROUSEL container with the items and the caption, saved at once, and reads it before media_publish', async () => {
      const saved: unknown[] = [];
      const itemsReady = { mediaKind: 'carousel', childIds: ['item-1', 'item-2'], childrenFinished: 2 };
      const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [
        { body: { id: 'carousel-1' } },
        { body: { status_code: 'FINISHED' } },
        quota(3),
        { body: { id: 'media-9' } },
        { body: { permalink: 'https://www.instagram.com/p/abc/' } },
      ]);
      const media = [reel(), photo()];
      const created = await publisher.publish(publishRequest({ text: 'Both', media, progress: itemsReady, saveProgress: async (progress) => void saved.push(progress) }));
      expect(formOf(requests[0]!)).toEqual({ media_type: 'CAROUSEL', children: 'item-1,item-2', caption: 'Both' });
      expect(created).toEqual({ state: 'processing', waitSeconds: 5, progress: { ...itemsReady, containerId: 'carousel-1' } });
      expect(saved).toEqual([{ ...itemsReady, containerId: 'carousel-1' }]);

      const ready = await publisher.checkStatus(publishRequest({ media, progress: created.progress }));
      expect(requests[1]!.url.pathname).toBe('/v21.0/carousel-1');
      expect(ready.state).toBe('ready');
      const published = await publisher.publish(publishRequest({ text: 'Both', media, progress: ready.progress }));
      expect(formOf(requests[3]!)).toEqual({ creation_id: 'carousel-1' });
      expect(published).toMatchObject({ state: 'published', platformPostId: 'media-9', postUrl: 'https://www.instagram.com/p/abc/' });
    });
  });

  describe('first comment (POST /{ig-media-id}/comments)', () => {
    const withComments = { ...baseTokens, scopes: ['instagram_business_basic', 'instagram_business_content_publish', 'instagram_business_manage_comments'] };
    const comment = (overrides: Record<string, unknown> = {}) => ({
      text: 'Link in bio #spring',
      post: { platformPostId: 'm-1', postUrl: 'https://www.instagram.com/p/abc/' },
      account: { platformUserId: 'user-1', username: 'someone' },
      tokens: withComments,
      progress: { platformPostId: 'm-1' },
      createOnce: sendDirectly,
      ...overrides,
    });

    it('comments on the media once with message, as Meta documents it; a recorded comment is not sent again', async () => {
      const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [{ body: { id: 'c-9' } }]);
      const made = await publisher.firstComment!(comment());

      expect(requests[0]!.method).toBe('POST');
      expect(requests[0]!.url.toString()).toBe(`${graph}/m-1/comments`);
      expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
      expect(formOf(requests[0]!)).toEqual({ message: 'Link in bio #spring' });
      // Instagram gives a comment no link of its own: the post's.
      expect(made).toEqual({ commentId: 'c-9', url: 'https://www.instagram.com/p/abc/', progress: { platformPostId: 'm-1', commentId: 'c-9' } });
      expect((await publisher.firstComment!(comment({ progress: made.progress }))).commentId).toBe('c-9');
      expect(requests).toHaveLength(1);
    });

    it('does not call without instagram_business_manage_comments: it says to reconnect', async () => {
      const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, []);
      const refused = await publisher.firstComment!(comment({ tokens: { ...baseTokens, scopes: ['instagram_business_basic', 'instagram_business_content_publish'] } })).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Rejected);
      expect((refused as Error).message).toMatch(/^reconnect your Instagram account to allow comments/);
      expect(requests).toHaveLength(0);
    });

    it('after a lost answer finds the comment among the media comments by account and text, and does not send it again', async () => {
      const log: string[] = [];
      const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [
        { body: { data: [
          { id: 'c-1', text: 'Link in bio #spring', username: 'a.fan', from: { id: 'fan-1', username: 'a.fan' } },
          { id: 'c-2', text: 'Link in bio #spring', username: 'someone', from: { id: 'user-1', username: 'someone' } },
        ] } },
      ]);
      const made = await publisher.firstComment!(comment({ createOnce: armedTarget('Instagram', log) }));

      expect(log).toEqual(['reconcile']);
      expect(requests[0]!.method).toBe('GET');
      expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe(`${graph}/m-1/comments`);
      expect(queryOf(requests[0]!.url)).toEqual({ fields: 'id,text,username,from,timestamp' });
      expect(made.commentId).toBe('c-2');
    });

    it('after a lost answer sends it when the media has no such comment of ours', async () => {
      const log: string[] = [];
      const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [
        { body: { data: [{ id: 'c-1', text: 'Link in bio #spring', username: 'a.fan', from: { id: 'fan-1' } }] } },
        { body: { id: 'c-3' } },
      ]);
      const made = await publisher.firstComment!(comment({ createOnce: armedTarget('Instagram', log) }));
      expect(log).toEqual(['reconcile', 'send']);
      expect(requests.map((request) => request.method)).toEqual(['GET', 'POST']);
      expect(made.commentId).toBe('c-3');
    });

    it('maps refusals: a 500 is retryable, an answer without an id cannot tell', async () => {
      const failing = publisherWith('instagram', createInstagramPublisher, [graphError(500, 1, undefined, 'An unknown error occurred')]);
      expect(await failing.publisher.firstComment!(comment()).catch((error: unknown) => error)).toBeInstanceOf(Retryable);
      const silent = publisherWith('instagram', createInstagramPublisher, [{ body: {} }]);
      const unknown = await silent.publisher.firstComment!(comment()).catch((error: unknown) => error);
      expect(unknown).toBeInstanceOf(OutcomeUnknown);
      expect((unknown as Error).message).toMatch(/^Instagram cannot tell whether the first comment was created/);
    });
  });

  describe('stories and trial Reels (the target\'s format)', () => {
    const story = (overrides: Record<string, unknown> = {}) => ({ media: [photo()], options: { format: 'story' }, ...overrides });

    it('makes a story container with the file and no caption, after reading the live stories it will not be confused with', async () => {
      const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [{ body: { data: [{ id: 's-old' }] } }, { body: { id: 'c-5' } }]);
      const result = await publisher.start(publishRequest({ text: 'Words a story does not show', ...story() }));

      expect(requests.map((request) => [request.method, `${request.url.origin}${request.url.pathname}`])).toEqual([
        ['GET', `${graph}/user-1/stories`],
        ['POST', `${graph}/user-1/media`],
      ]);
      expect(formOf(requests[1]!)).toEqual({ media_type: 'STORIES', image_url: 'https://media.example/photo.jpg' });
      expect(result).toEqual({ state: 'processing', waitSeconds: 5, progress: { containerId: 'c-5', mediaKind: 'image', format: 'story', storiesBefore: ['s-old'] } });

      const video = publisherWith('instagram', createInstagramPublisher, [{ body: { data: [] } }, { body: { id: 'c-6' } }]);
      await video.publisher.start(publishRequest(story({ media: [reel(45)] })));
      expect(formOf(video.requests[1]!)).toEqual({ media_type: 'STORIES', video_url: 'https://media.example/reel.mp4' });
    });

    it('refuses, before any call, what a story cannot be: two files, a video over 60 s or under 3 s, a trial', async () => {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [story({ media: [photo(), photo()] }), /one photo or one video/],
        [story({ media: [reel(61)] }), /at most 60 seconds/],
        [story({ media: [reel(2)] }), /at least 3 seconds/],
        [{ media: [reel()], options: { format: 'story', trialReel: 'MANUAL' } }, /Only a Reel can be an Instagram trial Reel/],
        [{ media: [photo()], options: { format: 'reel' } }, /Instagram Reel is one video/],
      ];
      for (const [request, message] of cases) {
        const { publisher, requests } = publisherWith('instagram', createInstagramPublisher);
        const error = await publisher.start(publishRequest(request as Parameters<typeof publishRequest>[0])).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(Rejected);
        expect((error as Error).message).toMatch(message);
        expect(requests).toHaveLength(0);
      }
    });

    it('sends a trial Reel with trial_params and its graduation strategy', async () => {
      const { publisher, requests } = publisherWith('instagram', createInstagramPublisher, [{ body: { id: 'c-7' } }]);
      await publisher.start(publishRequest({ text: 'Trial', media: [reel()], options: { trialReel: 'SS_PERFORMANCE' } }));
      expect(formOf(requests[0]!)).toEqual({
        media_type: 'REELS',
        video_url: 'https://media.example/reel.mp4',
        share_to_feed: 'true',
        trial_params: '{"graduation_strategy":"SS_PERFORMANCE"}',
        caption: 'Trial',
      });
    });

    it('after a lost media_publish answer finds the one story that was not live before; none or several cannot tell', async () => {
      const published = { containerId: 'c-5', mediaKind: 'image', format: 'story', storiesBefore: ['s-old'] };
      const found = publisherWith('instagram', createInstagramPublisher, [
        { body: { status_code: 'PUBLISHED' } },
        { body: { data: [{ id: 's-new' }, { id: 's-old' }] } },
        { body: { permalink: 'https://www.instagram.com/stories/someone/s-new/' } },
      ]);
      const log: string[] = [];
      expect(await found.publisher.publish(publishRequest({ progress: published, createOnce: armedTarget('Instagram', log) }))).toMatchObject({
        platformPostId: 's-new',
        postUrl: 'https://www.instagram.com/stories/someone/s-new/',
      });
      expect(log).toEqual(['reconcile']);
      expect(`${found.requests[1]!.url.pathname}`).toBe('/v21.0/user-1/stories');

      for (const live of [[{ id: 's-old' }], [{ id: 's-a' }, { id: 's-b' }, { id: 's-old' }]]) {
        const unclear = publisherWith('instagram', createInstagramPublisher, [{ body: { status_code: 'PUBLISHED' } }, { body: { data: live } }]);
        await expect(unclear.publisher.publish(publishRequest({ progress: published, createOnce: armedTarget('Instagram') }))).rejects.toThrow(/check your Instagram account/);
      }
    });

    it('posts no first comment on a story, and says why in our words', async () => {
      const { publisher, requests } = publisherWith('instagram', createInstagramPublisher);
      const request = {
        text: 'A comment',
        post: { platformPostId: 's-1', postUrl: 'https://www.instagram.com/stories/someone/s-1/' },
        account: { platformUserId: 'user-1', username: 'someone' },
        tokens: { ...baseTokens, scopes: ['instagram_business_manage_comments'] },
        progress: { platformPostId: 's-1', format: 'story' },
        createOnce: sendDirectly,
      };
      await expect(publisher.firstComment!(request)).rejects.toThrow(/an Instagram story takes no comments/);
      expect(requests).toHaveLength(0);
    });
  });
});
