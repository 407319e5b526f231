import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import type { PostMetricsView } from '../../../shared/api/analytics';
import { callApi, createUser, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { refreshMetricsNow } from '../../support/analytics';

/**
 * Threads end to end through the API, the PublishPost state machine and the sandbox's
 * graph.threads.net: connect (60-day token), publish with the post's options, a thread and a first
 * comment as replies, the publishing limit read before it is hit, a lost answer, and insights.
 */
const twin = inject('twin');
const sandbox = () => sandboxControl(twin);

async function connected(): Promise<{ user: TestUser; name: string; accountId: string }> {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const name = sandboxAccountName('th');
  await connectThroughOAuth(twin, user, 'threads', name);
  const { body } = await callApi(twin, '/connections', user.idToken);
  const connection = (body as unknown as ConnectionList).connections.find((item) => item.platform === 'threads')!;
  return { user, name, accountId: connection.platformUserId };
}

async function publish(user: TestUser, body: Record<string, unknown>): Promise<Post> {
  const created = await createPost(twin, user, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return waitForPost(twin, user, (created.body as unknown as Post).postId);
}

describe('Threads through the API (against the sandbox)', () => {
  it('publishes an image with a topic and who can reply, its thread as replies in order, and the first comment under the last', async () => {
    const { user, name, accountId } = await connected();
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const post = await publish(user, {
      description: 'Our trip, part one',
      threads: { threads: ['Our trip, part one 1/2', 'And part two 2/2'] },
      firstComment: 'Photos by Ana',
      media: [{ key }],
      targets: [{ platform: 'threads', accountId, options: { replyControl: 'accounts_you_follow', topicTag: 'Travel' } }],
    });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect(post.targets[0]!.postUrl).toMatch(/^https:\/\/www\.threads\.net\/@th_[a-z0-9_]+\/post\/[A-Za-z0-9_-]+$/);
    const posts = (await sandbox().feed('threads', name)).posts.sort((a, b) => a.createdAt - b.createdAt);
    expect(posts.map((item) => item.text)).toEqual(['Our trip, part one 1/2', 'And part two 2/2', 'Photos by Ana']);
    expect(posts[0]).toMatchObject({ settings: { reply_control: 'accounts_you_follow', topic_tag: 'Travel' }, media: [{ contentType: 'image/jpeg' }] });
    expect(posts[1]!.replyTo).toBe(posts[0]!.id);
    expect(posts[2]!.replyTo).toBe(posts[1]!.id);
  });

  it("shows how many of its 250 posts of 24 hours the account has used, and waits, sending nothing, while Threads says they are used up, then publishes once", async () => {
    const { user, name, accountId } = await connected();
    const quotaPath = `/connections/threads/${encodeURIComponent(accountId)}/publishing-quota`;
    expect((await callApi(twin, quotaPath, user.idToken)).body).toEqual({ used: 0, total: 250, windowSeconds: 86400 });
    const stranger = await createUser(twin);
    expect((await callApi(twin, quotaPath, stranger.idToken)).status).toBe(404);

    // Threads answers once that the 250 are used: the publisher reads it before threads_publish and waits.
    await sandbox().injectFault({ platform: 'threads', account: name, method: 'GET', route: '/{user}/threads_publishing_limit', status: 200, body: { data: [{ quota_usage: 250, config: { quota_total: 250, quota_duration: 86400 } }] } });
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const created = await createPost(twin, user, { description: `over the limit ${Date.now()}`, media: [{ key }], targets: [{ platform: 'threads', accountId }] });
    expect(created.status).toBe(200);
    const postId = (created.body as unknown as Post).postId;
    const seen = new Set<string>();
    await expect
      .poll(async () => {
        const post = (await callApi(twin, `/posts/${postId}`, user.idToken)).body as unknown as Post;
        if (post.targets[0]!.waiting) seen.add(post.targets[0]!.waiting.reason);
        return post.status;
      }, { timeout: 60_000 })
      .toBe('published');
    // It waited for the limit (its words, at the end of the waits, are the publisher's: threads.publisher.test.ts).
    expect([...seen]).toContain('rate_limited');
    const calls = (await sandbox().requests('threads')).filter((call) => call.account === name);
    expect(calls.filter((call) => call.route === '/{user}/threads_publishing_limit').length).toBeGreaterThan(1);
    expect(calls.filter((call) => call.route === '/{user}/threads_publish')).toHaveLength(1);
    expect((await sandbox().feed('threads', name)).posts).toHaveLength(1);
    expect((await callApi(twin, quotaPath, user.idToken)).body).toMatchObject({ used: 1, total: 250 });
  });

  it('a connection dropped after threads_publish acted still gives exactly one post', async () => {
    const { user, name, accountId } = await connected();
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    await sandbox().injectFault({ platform: 'threads', account: name, method: 'POST', hostKey: 'graph', route: '/{user}/threads_publish', dropConnection: 'after' });

    const post = await publish(user, { description: `dropped ${Date.now()}`, media: [{ key }], targets: [{ platform: 'threads', accountId }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect((await sandbox().feed('threads', name)).posts).toHaveLength(1);
    const calls = (await sandbox().requests('threads')).filter((call) => call.account === name);
    expect(calls.filter((call) => call.route === '/{user}/threads_publish')).toHaveLength(1);
  });

  it('reads views, likes, replies, reposts and quotes as its numbers; Threads reports no saves', async () => {
    const { user, accountId } = await connected();
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const post = await publish(user, { description: `numbers ${Date.now()}`, media: [{ key }], targets: [{ platform: 'threads', accountId }] });
    expect(post.status, JSON.stringify(post.targets)).toBe('published');

    await expect
      .poll(async () => {
        await refreshMetricsNow(twin, { onlyUser: user.userId });
        return ((await callApi(twin, `/analytics/posts/${post.postId}`, user.idToken)).body as unknown as PostMetricsView).targets[0];
      }, { timeout: 20_000 })
      .toMatchObject({ platform: 'threads', state: 'tracking', metrics: { views: expect.any(Number), likes: expect.any(Number), comments: expect.any(Number), shares: expect.any(Number), saves: null } });
  });
});
