import { describe, expect, it } from 'vitest';
import { createOnceWith, sendDirectly } from '../../../../functions/platforms/createOnce';
import { AuthExpired, RateLimited, Rejected } from '../../../../functions/platforms/errors';
import { comparableText, createXPublisher, X_SEGMENT_BYTES } from '../../../../functions/platforms/x/publisher';
import { armedTarget, jsonOf, memoryMedia, multipartOf, patternBytes, publisherWith, publishRequest, queryOf } from './harness';

const SEGMENT = X_SEGMENT_BYTES;
const initialized = { body: { data: { id: '1880028106020515840', media_key: '13_1880028106020515840', expires_after_secs: 86400 } } };
const appended = { body: { data: { expires_at: 1795000000 } } };
const finalized = (processing?: Record<string, unknown>) => ({
  body: { data: { id: '1880028106020515840', media_key: '13_1', size: 100, expires_after_secs: 86400, ...(processing ? { processing_info: processing } : {}) } },
});
const mediaId = '1880028106020515840';
const created = { status: 201, body: { data: { id: '1445880548472328192', text: 'Hello world', edit_history_tweet_ids: ['1445880548472328192'] } } };

describe('X publisher (v2 media upload, POST /2/tweets)', () => {
  it('initializes, appends 4 MiB multipart segments in order, and finalizes', async () => {
    const size = 2 * SEGMENT + 100;
    const video = memoryMedia({ size });
    const { publisher, requests } = publisherWith('x', createXPublisher, [initialized, appended, appended, appended, finalized({ state: 'pending', check_after_secs: 3 })]);
    const result = await publisher.start(publishRequest({ media: [video] }));

    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://api.x.com/2/media/upload/initialize');
    expect(requests[0]!.headers).toMatchObject({ authorization: 'Bearer access-1', 'content-type': 'application/json' });
    expect(jsonOf(requests[0]!)).toEqual({ media_type: 'video/mp4', total_bytes: size, media_category: 'tweet_video' });

    const appends = requests.slice(1, 4);
    expect(appends.map((request) => [request.method, request.url.toString(), request.headers['content-type']])).toEqual([
      ['POST', `https://api.x.com/2/media/upload/${mediaId}/append`, undefined],
      ['POST', `https://api.x.com/2/media/upload/${mediaId}/append`, undefined],
      ['POST', `https://api.x.com/2/media/upload/${mediaId}/append`, undefined],
    ]);
    const parts = await Promise.all(appends.map(multipartOf));
    expect(parts.map((part) => part['segment_index'])).toEqual(['0', '1', '2']);
    const sizes = parts.map((part) => (part['media'] as { bytes: Uint8Array }).bytes.length);
    expect(sizes).toEqual([SEGMENT, SEGMENT, 100]);
    expect(Buffer.from((parts[1]!['media'] as { bytes: Uint8Array }).bytes).equals(Buffer.from(patternBytes(SEGMENT, 2 * SEGMENT - 1)))).toBe(true);
    expect((parts[0]!['media'] as { type: string }).type).toBe('application/octet-stream');
    expect(video.largestRead()).toBe(SEGMENT);

    expect(requests[4]!.url.toString()).toBe(`https://api.x.com/2/media/upload/${mediaId}/finalize`);
    expect(requests[4]!.body).toBe('');
    expect(requests[4]!.bytes).toBeUndefined();
    expect(result).toEqual({ state: 'processing', waitSeconds: 3, progress: { mediaId, nextSegment: 3, finalized: true } });
  });

  it('is ready at once when finalize has no processing_info', async () => {
    const { publisher } = publisherWith('x', createXPublisher, [initialized, appended, finalized()]);
    expect(await publisher.start(publishRequest({ media: [memoryMedia({ size: 100 })] }))).toEqual({
      state: 'ready',
      progress: { mediaId, nextSegment: 1, finalized: true },
    });
  });

  it('resumes appending at the next segment of the saved media id', async () => {
    const size = 3 * SEGMENT;
    const { publisher, requests } = publisherWith('x', createXPublisher, [appended, finalized()]);
    await publisher.start(publishRequest({ media: [memoryMedia({ size })], progress: { mediaId, nextSegment: 2 } }));
    expect(requests.map((request) => request.url.pathname)).toEqual([`/2/media/upload/${mediaId}/append`, `/2/media/upload/${mediaId}/finalize`]);
    expect((await multipartOf(requests[0]!))['segment_index']).toBe('2');

    const afterFinalize = publisherWith('x', createXPublisher);
    expect(await afterFinalize.publisher.start(publishRequest({ media: [memoryMedia({ size })], progress: { mediaId, nextSegment: 3, finalized: true } }))).toMatchObject({
      state: 'processing',
    });
    expect(afterFinalize.requests).toHaveLength(0);
  });

  it('checks processing with STATUS, honouring check_after_secs', async () => {
    const progress = { mediaId, nextSegment: 1, finalized: true };
    const { publisher, requests } = publisherWith('x', createXPublisher, [
      finalized({ state: 'in_progress', check_after_secs: 7, progress_percent: 40 }),
      finalized({ state: 'succeeded', progress_percent: 100 }),
      finalized({ state: 'failed', error: { code: 1, name: 'InvalidMedia', message: 'Unsupported video codec' } }),
    ]);
    expect(await publisher.checkStatus(publishRequest({ progress }))).toEqual({ state: 'processing', progress, waitSeconds: 7 });
    expect(await publisher.checkStatus(publishRequest({ progress }))).toEqual({ state: 'ready', progress });
    const error = await publisher.checkStatus(publishRequest({ progress })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('Twitter video processing failed: Unsupported video codec');
    expect(requests[0]!.method).toBe('GET');
    expect(`${requests[0]!.url.origin}${requests[0]!.url.pathname}`).toBe('https://api.x.com/2/media/upload');
    expect(queryOf(requests[0]!.url)).toEqual({ command: 'STATUS', media_id: mediaId });
  });

  it('uploads images one shot each (multipart, tweet_image) and resumes after those already uploaded', async () => {
    const images = [
      memoryMedia({ kind: 'image', contentType: 'image/png', size: 300 }),
      memoryMedia({ kind: 'image', contentType: 'image/jpeg', size: 200 }),
      memoryMedia({ kind: 'image', contentType: 'image/bmp', size: 100 }),
    ];
    const { publisher, requests } = publisherWith('x', createXPublisher, [{ body: { data: { id: 'i-2' } } }, { body: { data: { id: 'i-3' } } }]);
    const result = await publisher.start(publishRequest({ media: images, progress: { mediaIds: ['i-1'] } }));
    expect(requests.map((request) => [request.method, request.url.toString()])).toEqual([
      ['POST', 'https://api.x.com/2/media/upload'],
      ['POST', 'https://api.x.com/2/media/upload'],
    ]);
    const first = await multipartOf(requests[0]!);
    expect(first).toEqual({ media: { bytes: patternBytes(0, 199), type: 'image/jpeg', name: 'media' }, media_category: 'tweet_image', media_type: 'image/jpeg' });
    expect((await multipartOf(requests[1]!))['media_type']).toBe('image/jpeg');
    expect(images[0]!.reads).toEqual([]);
    expect(result).toEqual({ state: 'ready', progress: { mediaIds: ['i-1', 'i-2', 'i-3'] } });
  });

  it('creates the post with the media ids and builds the URL from the username without @', async () => {
    const { publisher, requests } = publisherWith('x', createXPublisher, [created]);
    const result = await publisher.publish(
      publishRequest({ account: { platformUserId: '42', username: '@someone' }, progress: { mediaId, nextSegment: 1, finalized: true } }),
    );
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://api.x.com/2/tweets');
    expect(requests[0]!.headers).toMatchObject({ authorization: 'Bearer access-1', 'content-type': 'application/json' });
    expect(jsonOf(requests[0]!)).toEqual({ text: 'Hello world', media: { media_ids: [mediaId] } });
    expect(result).toEqual({
      state: 'published',
      platformPostId: '1445880548472328192',
      postUrl: 'https://x.com/someone/status/1445880548472328192',
      progress: { mediaId, nextSegment: 1, finalized: true, platformPostId: '1445880548472328192', postUrl: 'https://x.com/someone/status/1445880548472328192' },
    });
  });

  it("sends the user's reply setting as reply_settings, and no field for everyone (X's default)", async () => {
    const ready = { mediaId, nextSegment: 1, finalized: true };
    const following = publisherWith('x', createXPublisher, [created]);
    await following.publisher.publish(publishRequest({ progress: ready, options: { replySettings: 'following' } }));
    expect(jsonOf(following.requests[0]!)).toEqual({ text: 'Hello world', media: { media_ids: [mediaId] }, reply_settings: 'following' });
    const mentioned = publisherWith('x', createXPublisher, [created]);
    await mentioned.publisher.publish(publishRequest({ progress: ready, options: { replySettings: 'mentionedUsers' } }));
    expect(jsonOf(mentioned.requests[0]!)).toMatchObject({ reply_settings: 'mentionedUsers' });
    const everyone = publisherWith('x', createXPublisher, [created]);
    await everyone.publisher.publish(publishRequest({ progress: ready, options: { replySettings: 'everyone' } }));
    expect(jsonOf(everyone.requests[0]!)).not.toHaveProperty('reply_settings');
  });

  it('posts images by their ids, and returns a recorded post without calling X', async () => {
    const images = [memoryMedia({ kind: 'image' }), memoryMedia({ kind: 'image' })];
    const { publisher, requests } = publisherWith('x', createXPublisher, [created]);
    await publisher.publish(publishRequest({ media: images, progress: { mediaIds: ['i-1', 'i-2'] } }));
    expect(jsonOf(requests[0]!)).toEqual({ text: 'Hello world', media: { media_ids: ['i-1', 'i-2'] } });
    const recorded = await publisher.publish(publishRequest({ progress: { platformPostId: '9', postUrl: 'https://x.com/someone/status/9' } }));
    expect(recorded).toMatchObject({ state: 'published', platformPostId: '9' });
    expect(requests).toHaveLength(1);
    await expect(publisher.publish(publishRequest({ media: images, progress: { mediaIds: ['i-1'] } }))).rejects.toBeInstanceOf(Rejected);
  });

  it('uploads a video of any size (no link fallback: a link would expose a presigned URL)', async () => {
    const { publisher, requests } = publisherWith('x', createXPublisher, [initialized, appended, finalized()]);
    await publisher.start(publishRequest({ media: [memoryMedia({ size: 100 })] }));
    expect(requests[0]!.url.pathname).toBe('/2/media/upload/initialize');
  });

  it('classifies X’s refusals: duplicate content, rate limit with its reset, dead token', async () => {
    const progress = { mediaIds: ['i-1'] };
    const media = [memoryMedia({ kind: 'image' })];
    const duplicate = publisherWith('x', createXPublisher, [
      { status: 403, body: { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'You are not allowed to create a Tweet with duplicate content.' } },
    ]);
    const error = await duplicate.publisher.publish(publishRequest({ media, progress })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe('Twitter API error: You are not allowed to create a Tweet with duplicate content.');
    const limited = publisherWith('x', createXPublisher, [{ status: 429, headers: { 'x-rate-limit-reset': '1795000000' }, body: { title: 'Too Many Requests', status: 429 } }]);
    const limitError = await limited.publisher.publish(publishRequest({ media, progress })).catch((caught: unknown) => caught);
    expect(limitError).toBeInstanceOf(RateLimited);
    expect((limitError as RateLimited).resetAt?.getTime()).toBe(1795000000_000);
    const token = publisherWith('x', createXPublisher, [{ status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } }]);
    await expect(token.publisher.start(publishRequest({ media: [memoryMedia({ size: 10 })] }))).rejects.toBeInstanceOf(AuthExpired);
    const partial = publisherWith('x', createXPublisher, [{ status: 200, body: { errors: [{ message: 'media id invalid' }] } }]);
    await expect(partial.publisher.publish(publishRequest({ media, progress }))).rejects.toThrow('Twitter API error: media id invalid');
  });

  it('reconciles by looking for the same text among the user’s latest posts', async () => {
    const text = 'Tom & Jerry <3 https://example.com/page';
    const found = publisherWith('x', createXPublisher, [
      { body: { data: [{ id: '1', text: 'older post' }, { id: '2', text: 'Tom &amp; Jerry &lt;3 https://t.co/abc https://t.co/media' }] } },
    ]);
    const result = await found.publisher.publish(publishRequest({ text, media: [memoryMedia({ kind: 'image' })], progress: { mediaIds: ['i-1'] }, account: { platformUserId: '42', username: 'someone' }, createOnce: armedTarget('X') }));
    expect(result).toMatchObject({ state: 'published', platformPostId: '2', postUrl: 'https://x.com/someone/status/2' });
    expect(found.requests[0]!.method).toBe('GET');
    expect(`${found.requests[0]!.url.origin}${found.requests[0]!.url.pathname}`).toBe('https://api.x.com/2/users/42/tweets');
    expect(queryOf(found.requests[0]!.url)).toEqual({ max_results: '20', exclude: 'replies,retweets' });

    const missing = publisherWith('x', createXPublisher, [{ body: { data: [{ id: '1', text: 'something else' }] } }, created]);
    const log: string[] = [];
    await missing.publisher.publish(publishRequest({ text, media: [memoryMedia({ kind: 'image' })], progress: { mediaIds: ['i-1'] }, createOnce: armedTarget('X', log) }));
    expect(log).toEqual(['reconcile', 'send']);
  });

  it('cannot reconcile a post without text, or when X will not list the posts', async () => {
    const noText = publisherWith('x', createXPublisher);
    const imageProgress = { media: [memoryMedia({ kind: 'image' })], progress: { mediaIds: ['i-1'] }, createOnce: armedTarget('X') };
    await expect(noText.publisher.publish(publishRequest({ text: ' https://example.com ', ...imageProgress }))).rejects.toThrow(/check your X account/);
    expect(noText.requests).toHaveLength(0);
    const forbidden = publisherWith('x', createXPublisher, [{ status: 403, body: { title: 'Client Forbidden', type: 'https://api.x.com/2/problems/client-not-enrolled', detail: 'not enrolled' } }]);
    const error = await forbidden.publisher.publish(publishRequest(imageProgress)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toMatch(/check your X account/);
  });

  it('compares text the way X echoes it back', () => {
    expect(comparableText('  a &amp; b\n\nhttps://t.co/x  ')).toBe('a & b');
    expect(comparableText('café')).toBe(comparableText('cafe\u0301'));
  });
  it('posts the first comment as a reply to the post, once; a lost answer is found among the latest posts by its text and parent', async () => {
    const parent = '1445880548472328192';
    const request = { text: 'More at https://example.com', post: { platformPostId: parent, postUrl: `https://x.com/someone/status/${parent}` }, account: { platformUserId: '42', username: 'someone' }, tokens: publishRequest().tokens, progress: { platformPostId: parent } };
    const reply = { status: 201, body: { data: { id: '1445880548472328200', text: 'More at https://t.co/abc' } } };
    const { publisher, requests } = publisherWith('x', createXPublisher, [reply]);
    const made = await publisher.firstComment!({ ...request, createOnce: sendDirectly });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe('https://api.x.com/2/tweets');
    expect(jsonOf(requests[0]!)).toEqual({ text: 'More at https://example.com', reply: { in_reply_to_tweet_id: parent } });
    expect(made).toEqual({ commentId: '1445880548472328200', url: 'https://x.com/someone/status/1445880548472328200', progress: { platformPostId: parent, commentId: '1445880548472328200' } });

    const recorded = await publisher.firstComment!({ ...request, progress: made.progress, createOnce: sendDirectly });
    expect(recorded.commentId).toBe('1445880548472328200');
    expect(requests).toHaveLength(1);

    // An earlier attempt was armed and its answer lost: the reply with this text under this post is found, not sent again.
    const latest = {
      body: {
        data: [
          { id: '7', text: 'More at https://t.co/xyz', referenced_tweets: [{ type: 'replied_to', id: 'another-post' }] },
          { id: '8', text: 'More at https://t.co/abc', referenced_tweets: [{ type: 'replied_to', id: parent }] },
        ],
      },
    };
    const found = publisherWith('x', createXPublisher, [latest]);
    const armedAlready = createOnceWith({ arm: async () => false, disarm: async () => {} }, 'X');
    const reconciled = await found.publisher.firstComment!({ ...request, createOnce: armedAlready });
    expect(reconciled.commentId).toBe('8');
    expect(found.requests).toHaveLength(1);
    expect(found.requests[0]!.url.pathname).toBe('/2/users/42/tweets');
    expect(found.requests[0]!.url.searchParams.get('tweet.fields')).toBe('referenced_tweets');
    expect(found.requests[0]!.url.searchParams.get('exclude')).toBeNull();
  });
});
