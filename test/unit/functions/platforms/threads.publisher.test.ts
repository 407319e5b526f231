import { describe, expect, it } from 'vitest';
import { Rejected, RateLimited, Retryable } from '../../../../functions/platforms/errors';
import { OutcomeUnknown } from '../../../../functions/platforms/createOnce';
import { createThreadsPublisher } from '../../../../functions/platforms/threads/publisher';
import type { CommentRequest } from '../../../../functions/platforms/publisher';
import { account, armedTarget, baseTokens, formOf, memoryMedia, publisherWith, publishRequest, queryOf } from './harness';
import { sendDirectly } from '../../../../functions/platforms/createOnce';

const graph = 'https://graph.threads.net/v1.0';
const photo = (name = 'photo') => memoryMedia({ kind: 'image', url: `https://media.example/${name}.jpg` });
const video = (durationSeconds = 30) => memoryMedia({ size: 5000, durationSeconds, url: 'https://media.example/clip.mp4' });
const quota = (used: number, total = 250) => ({ body: { data: [{ quota_usage: used, config: { quota_total: total, quota_duration: 86400 } }] } });
const replyQuota = (used: number, total = 1000) => ({ body: { data: [{ reply_quota_usage: used, reply_config: { quota_total: total, quota_duration: 86400 } }] } });
const replyScopes = { ...baseTokens, scopes: ['threads_basic', 'threads_content_publish', 'threads_manage_replies', 'threads_read_replies'] };

function commentRequest(overrides: Partial<CommentRequest> = {}): CommentRequest {
  return { text: 'First!', post: { platformPostId: 'post-1', postUrl: 'https://www.threads.net/@someone/post/abc' }, account, tokens: replyScopes, progress: {}, createOnce: sendDirectly, ...overrides };
}

describe('Threads publisher (containers, threads_publish)', () => {
  it('creates an IMAGE container from the public URL with the text, alt text and the user’s choices', async () => {
    const image = { ...photo(), altText: 'A cat on a mat' };
    const { publisher, requests } = publisherWith('threads', createThreadsPublisher, [{ body: { id: 'c-1' } }]);
    const result = await publisher.start(publishRequest({ text: 'Hello #cats', media: [image], options: { replyControl: 'accounts_you_follow', topicTag: 'Cats' } }));
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url.toString()).toBe(`${graph}/user-1/threads`);
    expect(requests[0]!.headers['authorization']).toBe('Bearer access-1');
    expect(formOf(requests[0]!)).toEqual({
      media_type: 'IMAGE',
      image_url: 'https://media.example/photo.jpg',
      alt_text: 'A cat on a mat',
      text: 'Hello #cats',
      reply_control: 'accounts_you_follow',
      topic_tag: 'Cats',
    });
    expect(result).toEqual({ state: 'processing', waitSeconds: 5, progress: { containerId: 'c-1', mediaKind: 'image' } });
  });

  it('creates a VIDEO container, leaving out the defaults (everyone may reply, no topic)', async () => {
    const { publisher, requests } = publisherWith('threads', createThreadsPublisher, [{ body: { id: 'c-2' } }]);
    const result = await publisher.start(publishRequest({ text: 'Watch', media: [video()] }));
    expect(formOf(requests[0]!)).toEqual({ media_type: 'VIDEO', video_url: 'https://media.example/clip.mp4', text: 'Watch' });
    expect(result).toMatchObject({ state: 'processing', waitSeconds: 30 });
  });

  it('refuses before any call a text over 500 (an emoji counting its bytes), a GIF and a video over 5 minutes', async () => {
    for (const request of [
      publishRequest({ text: 'a'.repeat(497) + '😀', media: [photo()] }),
      publishRequest({ media: [memoryMedia({ kind: 'image', contentType: 'image/gif' })] }),
      publishRequest({ media: [video(301)] }),
    ]) {
      const { publisher, requests } = publisherWith('threads', createThreadsPublisher);
      await expect(publisher.start(request)).rejects.toBeInstanceOf(Rejected);
      expect(requests).toHaveLength(0);
    }
    const { publisher } = publisherWith('threads', createThreadsPublisher, [{ body: { id: 'c' } }]);
    await expect(publisher.start(publishRequest({ text: 'a'.repeat(496) + '😀', media: [photo()] }))).resolves.toMatchObject({ state: 'processing' });
  });

  it('reads the container status, and says in our words what an ERROR was', async () => {
    const progress = { containerId: 'c-1', mediaKind: 'video' };
    const { publisher, requests } = publisherWith('threads', createThreadsPublisher, [
      { body: { id: 'c-1', status: 'IN_PROGRESS' } },
      { body: { id: 'c-1', status: 'FINISHED' } },
      { body: { id: 'c-1', status: 'ERROR', error_message: 'INVALID_DURATION' } },
      { body: { id: 'c-1', status: 'EXPIRED' } },
    ]);
    expect(await publisher.checkStatus(publishRequest({ progress }))).toEqual({ state: 'processing', progress, waitSeconds: 30 });
    expect(requests[0]!.url.toString()).toBe(`${graph}/c-1?fields=status%2Cerror_message`);
    expect(await publisher.checkStatus(publishRequest({ progress }))).toEqual({ state: 'ready', progress });
    await expect(publisher.checkStatus(publishRequest({ progress }))).rejects.toThrow('Threads could not process the video: the video is too long or too short (at most 5 minutes).');
    await expect(publisher.checkStatus(publishRequest({ progress }))).rejects.toThrow(/expired/);
  });

  it('reads the publishing limit, then publishes the container once, and links the post', async () => {
    const { publisher, requests } = publisherWith('threads', createThreadsPublisher, [quota(12), { body: { id: 'm-1' } }, { body: { permalink: 'https://www.threads.net/@someone/post/Cabc', id: 'm-1' } }]);
    const result = await publisher.publish(publishRequest({ progress: { containerId: 'c-1', mediaKind: 'image' } }));
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual(['GET /v1.0/user-1/threads_publishing_limit', 'POST /v1.0/user-1/threads_publish', 'GET /v1.0/m-1']);
    expect(queryOf(requests[0]!.url)).toEqual({ fields: 'quota_usage,config' });
    expect(formOf(requests[1]!)).toEqual({ creation_id: 'c-1' });
    expect(result).toEqual({
      state: 'published',
      platformPostId: 'm-1',
      postUrl: 'https://www.threads.net/@someone/post/Cabc',
      progress: { containerId: 'c-1', mediaKind: 'image', mediaId: 'm-1', platformPostId: 'm-1', postUrl: 'https://www.threads.net/@someone/post/Cabc' },
    });
  });

  it('refuses in words, and sends nothing, when the 250 posts of 24 hours are used', async () => {
    const { publisher, requests } = publisherWith('threads', createThreadsPublisher, [quota(250)]);
    const error = await publisher.publish(publishRequest({ progress: { containerId: 'c-1', mediaKind: 'image' } })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).message).toBe('The Threads account has used its 250 posts in 24 hours: OneClick publishes when the oldest frees up.');
    expect((error as RateLimited).resetAt).toEqual(new Date('2026-11-23T10:00:00.000Z'));
    expect(requests).toHaveLength(1);
  });

  it('after a lost answer asks the container first: PUBLISHED is found among the latest posts by its text, never sent again', async () => {
    const log: string[] = [];
    const { publisher, requests } = publisherWith('threads', createThreadsPublisher, [
      { body: { id: 'c-1', status: 'PUBLISHED' } },
      { body: { data: [{ id: 'm-0', text: 'Older' }, { id: 'm-9', text: 'Hello world' }] } },
      { body: { permalink: 'https://www.threads.net/@someone/post/C9' } },
    ]);
    const result = await publisher.publish(publishRequest({ progress: { containerId: 'c-1', mediaKind: 'image' }, createOnce: armedTarget('Threads', log) }));
    expect(log).toEqual(['reconcile']);
    expect(queryOf(requests[1]!.url)).toEqual({ fields: 'id,text,timestamp', limit: '25' });
    expect(result).toMatchObject({ state: 'published', platformPostId: 'm-9' });
  });

  it('after a lost answer sends once the container says FINISHED (never published), and cannot tell on a published one it cannot find', async () => {
    const log: string[] = [];
    const sent = publisherWith('threads', createThreadsPublisher, [{ body: { status: 'FINISHED' } }, quota(0), { body: { id: 'm-2' } }, { body: {} }]);
    expect(await sent.publisher.publish(publishRequest({ progress: { containerId: 'c-1', mediaKind: 'image' }, createOnce: armedTarget('Threads', log) }))).toMatchObject({
      platformPostId: 'm-2',
      postUrl: 'https://www.threads.net/@someone',
    });
    expect(log).toEqual(['reconcile', 'send']);

    const lost = publisherWith('threads', createThreadsPublisher, [{ body: { status: 'PUBLISHED' } }, { body: { data: [{ id: 'm-0', text: 'Something else' }] } }]);
    const error = await lost.publisher.publish(publishRequest({ progress: { containerId: 'c-1', mediaKind: 'image' }, createOnce: armedTarget('Threads') })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect((error as Error).message).toMatch(/^Threads cannot tell whether the Threads post was created/);
  });

  it('makes a carousel: one item container per file, saved as each comes, their statuses, then the CAROUSEL container', async () => {
    const saved: unknown[] = [];
    const media = [photo('one'), video()];
    const { publisher, requests } = publisherWith('threads', createThreadsPublisher, [
      { body: { id: 'i-1' } },
      { body: { id: 'i-2' } },
      { body: { status: 'FINISHED' } },
      { body: { status: 'IN_PROGRESS' } },
      { body: { status: 'FINISHED' } },
      { body: { id: 'c-9' } },
    ]);
    const started = await publisher.start(publishRequest({ text: 'Two', media, saveProgress: async (progress) => void saved.push(progress), options: { topicTag: 'Trips' } }));
    expect(formOf(requests[0]!)).toEqual({ media_type: 'IMAGE', image_url: 'https://media.example/one.jpg', is_carousel_item: 'true' });
    expect(formOf(requests[1]!)).toEqual({ media_type: 'VIDEO', video_url: 'https://media.example/clip.mp4', is_carousel_item: 'true' });
    expect(saved).toEqual([{ mediaKind: 'carousel', childIds: ['i-1'] }, { mediaKind: 'carousel', childIds: ['i-1', 'i-2'] }]);
    const waiting = await publisher.checkStatus(publishRequest({ media, progress: started.progress }));
    expect(waiting).toMatchObject({ state: 'processing', progress: { childrenFinished: 1 } });
    const ready = await publisher.checkStatus(publishRequest({ media, progress: waiting.progress }));
    expect(ready).toMatchObject({ state: 'ready', progress: { childrenFinished: 2 } });
    const carousel = await publisher.publish(publishRequest({ text: 'Two', media, progress: ready.progress, options: { topicTag: 'Trips' } }));
    expect(formOf(requests[5]!)).toEqual({ media_type: 'CAROUSEL', children: 'i-1,i-2', text: 'Two', topic_tag: 'Trips' });
    expect(carousel).toMatchObject({ state: 'processing', progress: { containerId: 'c-9' } });
  });

  it('refuses a carousel item that failed, naming which', async () => {
    const { publisher } = publisherWith('threads', createThreadsPublisher, [{ body: { status: 'ERROR', error_message: 'FAILED_DOWNLOADING_VIDEO' } }]);
    await expect(publisher.checkStatus(publishRequest({ media: [photo(), video()], progress: { mediaKind: 'carousel', childIds: ['i-1', 'i-2'] } }))).rejects.toThrow(
      'Threads could not process file 1 of 2 of the carousel: it could not download the video.',
    );
  });
});

describe('Threads replies (a thread’s next post, the first comment)', () => {
  it('makes a TEXT container answering the post, saves it, reads the reply limit, then publishes it once', async () => {
    const saved: unknown[] = [];
    const { publisher, requests } = publisherWith('threads', createThreadsPublisher, [
      { body: { id: 'rc-1' } },
      { body: { status: 'FINISHED' } },
      replyQuota(3),
      { body: { id: 'r-1' } },
      { body: { permalink: 'https://www.threads.net/@someone/post/R1' } },
    ]);
    const result = await publisher.firstComment!(commentRequest({ saveProgress: async (progress) => void saved.push(progress) }));
    expect(formOf(requests[0]!)).toEqual({ media_type: 'TEXT', text: 'First!', reply_to_id: 'post-1' });
    expect(saved).toEqual([{ commentContainerId: 'rc-1' }]);
    expect(queryOf(requests[2]!.url)).toEqual({ fields: 'reply_quota_usage,reply_config' });
    expect(formOf(requests[3]!)).toEqual({ creation_id: 'rc-1' });
    expect(result).toEqual({ commentId: 'r-1', url: 'https://www.threads.net/@someone/post/R1', progress: { commentContainerId: 'rc-1', commentId: 'r-1', commentUrl: 'https://www.threads.net/@someone/post/R1' } });
  });

  it('answers a recorded reply without calling, and keeps each thread post under its own key', async () => {
    const { publisher, requests } = publisherWith('threads', createThreadsPublisher, [{ body: { id: 'rc-2' } }, { body: { status: 'FINISHED' } }, replyQuota(0), { body: { id: 'r-2' } }, { body: {} }]);
    const recorded = { thread2Id: 'r-1', thread2Url: 'https://www.threads.net/@someone/post/R1' };
    expect(await publisher.threadPart!({ ...commentRequest(), part: 2, root: commentRequest().post, progress: recorded })).toMatchObject({ commentId: 'r-1' });
    expect(requests).toHaveLength(0);
    const third = await publisher.threadPart!({ ...commentRequest({ text: 'Part 3' }), part: 3, root: commentRequest().post, progress: recorded });
    expect(third.progress).toMatchObject({ thread3ContainerId: 'rc-2', thread3Id: 'r-2', thread3Url: 'https://www.threads.net/@someone' });
  });

  it('is Retryable while the reply container is still in progress, and refused in words when the replies of 24 hours are used', async () => {
    const busy = publisherWith('threads', createThreadsPublisher, [{ body: { status: 'IN_PROGRESS' } }]);
    await expect(busy.publisher.firstComment!(commentRequest({ progress: { commentContainerId: 'rc-1' } }))).rejects.toBeInstanceOf(Retryable);
    const full = publisherWith('threads', createThreadsPublisher, [{ body: { status: 'FINISHED' } }, replyQuota(1000)]);
    await expect(full.publisher.firstComment!(commentRequest({ progress: { commentContainerId: 'rc-1' } }))).rejects.toThrow('The Threads account has used its 1000 replies in 24 hours');
  });

  it('after a lost answer finds a published reply by its text and the post it answers', async () => {
    const log: string[] = [];
    const { publisher, requests } = publisherWith('threads', createThreadsPublisher, [
      { body: { status: 'PUBLISHED' } },
      { body: { data: [{ id: 'r-0', text: 'First!', replied_to: { id: 'other-post' } }, { id: 'r-7', text: 'First!', replied_to: { id: 'post-1' } }] } },
      { body: { permalink: 'https://www.threads.net/@someone/post/R7' } },
    ]);
    const result = await publisher.firstComment!(commentRequest({ progress: { commentContainerId: 'rc-1' }, createOnce: armedTarget('Threads', log) }));
    expect(log).toEqual(['reconcile']);
    expect(requests[1]!.url.pathname).toBe('/v1.0/user-1/replies');
    expect(result.commentId).toBe('r-7');
  });

  it('does not try without the reply permission, and says to reconnect', async () => {
    const { publisher, requests } = publisherWith('threads', createThreadsPublisher);
    await expect(publisher.firstComment!(commentRequest({ tokens: { ...baseTokens, scopes: ['threads_basic'] } }))).rejects.toThrow(/reconnect your Threads account to allow replies/);
    expect(requests).toHaveLength(0);
  });
});
