import { describe, expect, inject, it } from 'vitest';
import { capabilities, platforms, type Platform } from '../../../shared/platforms';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { callApi, createUser, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, sampleVideo, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { testOptions } from '../../support/postOptions';

const twin = inject('twin');

async function publisher(connect: readonly Platform[]) {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const names: Partial<Record<Platform, string>> = {};
  for (const platform of connect) {
    names[platform] = sandboxAccountName(platform);
    await connectThroughOAuth(twin, user, platform, names[platform]!);
  }
  const { body } = await callApi(twin, '/connections', user.idToken);
  const accounts = Object.fromEntries((body as unknown as ConnectionList).connections.map((connection) => [connection.platform, connection.platformUserId]));
  return { user, names: names as Record<Platform, string>, accounts: accounts as Record<Platform, string> };
}

async function feedOf(platform: Platform, account: string) {
  return (await sandboxControl(twin).feed(platform, account)).posts;
}

async function publish(user: TestUser, body: Record<string, unknown>): Promise<Post> {
  const created = await createPost(twin, user, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return waitForPost(twin, user, (created.body as unknown as Post).postId);
}

describe('publishing through the API and the PublishPost state machine (against the sandbox)', () => {
  it('publishes a video to every platform that takes videos: one post in each sandbox feed, each target linked', async () => {
    const videoPlatforms = platforms.filter((platform) => capabilities[platform].media.video);
    const { user, names, accounts } = await publisher(videoPlatforms);
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(15) });

    const post = await publish(user, {
      description: 'Our launch video #oneclick',
      title: 'Launch',
      media: [{ key }],
      targets: videoPlatforms.map((platform) => ({ platform, accountId: accounts[platform], ...testOptions(platform) })),
    });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect(post.publishedAt).not.toBeNull();
    for (const target of post.targets) {
      expect(target, target.platform).toMatchObject({ status: 'published', error: null });
      // A network on a server the user names links to that server: offline, the sandbox's (http).
      expect(target.postUrl, target.platform).toMatch(capabilities[target.platform].connectServer ? new RegExp(`^${twin.endpoints.sandbox}/`) : /^https:\/\//);
    }
    for (const platform of videoPlatforms) expect(await feedOf(platform, names[platform]), platform).toHaveLength(1);
  });

  it('publishes an image to every platform that takes images', async () => {
    const imagePlatforms = platforms.filter((platform) => capabilities[platform].media.image);
    const { user, names, accounts } = await publisher(imagePlatforms);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });

    const post = await publish(user, {
      description: 'A picture',
      media: [{ key }],
      targets: imagePlatforms.map((platform) => ({ platform, accountId: accounts[platform], ...testOptions(platform) })),
    });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    for (const platform of imagePlatforms) expect(await feedOf(platform, names[platform]), platform).toHaveLength(1);
  });

  it('publishes a post with a video and an image: Instagram gets both as one carousel, in the post\'s order; every other platform the video, or the image where it takes photos only', async () => {
    const { user, names, accounts } = await publisher(platforms);
    const video = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(20) });
    const image = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });

    const post = await publish(user, {
      description: 'Video and picture',
      title: 'Both',
      media: [{ key: image }, { key: video }],
      targets: platforms.map((platform) => ({ platform, accountId: accounts[platform], ...testOptions(platform) })),
    });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    for (const platform of platforms) {
      const feed = await feedOf(platform, names[platform]);
      expect(feed, platform).toHaveLength(1);
      // A network that takes photos only (a Business Profile) gets the image.
      expect(feed[0]!.media.map((item) => item.contentType), platform).toEqual(capabilities[platform].carousel ? ['image/jpeg', 'video/mp4'] : capabilities[platform].media.video ? ['video/mp4'] : ['image/jpeg']);
    }
  });

  it('lists published posts newest first, filters by platform, and pages with a cursor', async () => {
    const { user, accounts } = await publisher(['x', 'linkedin']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const first = await publish(user, { description: 'first', media: [{ key }], targets: [{ platform: 'x', accountId: accounts.x }] });
    const second = await publish(user, { description: 'second', media: [{ key }], targets: [{ platform: 'linkedin', accountId: accounts.linkedin }] });

    const all = (await callApi(twin, '/posts?status=published', user.idToken)).body as { posts: Post[] };
    expect(all.posts.map((post) => post.postId)).toEqual([second.postId, first.postId]);
    const onX = (await callApi(twin, '/posts?status=published&platform=x', user.idToken)).body as { posts: Post[] };
    expect(onX.posts.map((post) => post.postId)).toEqual([first.postId]);
    const page = (await callApi(twin, '/posts?status=published&limit=1', user.idToken)).body as { posts: Post[]; nextCursor: string };
    expect(page.posts.map((post) => post.postId)).toEqual([second.postId]);
    const next = (await callApi(twin, `/posts?status=published&limit=1&cursor=${page.nextCursor}`, user.idToken)).body as { posts: Post[] };
    expect(next.posts.map((post) => post.postId)).toEqual([first.postId]);

    const stranger = await createUser(twin);
    expect((await callApi(twin, `/posts/${first.postId}`, stranger.idToken)).status).toBe(404);
    expect((await callApi(twin, `/posts?status=published&cursor=${page.nextCursor}`, stranger.idToken)).status).toBe(400);
  });

  it("enforces the free plan's 3 posts a month", async () => {
    const user = await createUser(twin);
    const account = sandboxAccountName('free');
    await connectThroughOAuth(twin, user, 'x', account);
    const { body } = await callApi(twin, '/connections', user.idToken);
    const accountId = (body as unknown as ConnectionList).connections[0]!.platformUserId;
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    for (const text of ['one', 'two', 'three']) {
      await publish(user, { description: text, media: [{ key }], targets: [{ platform: 'x', accountId }] });
    }

    const fourth = await createPost(twin, user, { description: 'four', media: [{ key }], targets: [{ platform: 'x', accountId }] });

    expect(fourth.status).toBe(403);
    expect(String(fourth.body?.['message'])).toMatch(/3 posts a month/);
    expect(await feedOf('x', account)).toHaveLength(3);
  });
});
