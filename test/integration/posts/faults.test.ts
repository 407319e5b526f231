import { describe, expect, inject, it } from 'vitest';
import type { Platform } from '../../../shared/platforms';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { callApi, createUser, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, sampleVideo, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { testOptions } from '../../support/postOptions';

const twin = inject('twin');
const sandbox = () => sandboxControl(twin);

/** Other test files publish beside these: each fault and processing outcome is scoped to this test's sandbox account. */
async function publisher(connect: readonly Platform[]) {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const names = {} as Record<Platform, string>;
  for (const platform of connect) {
    names[platform] = sandboxAccountName(platform);
    await connectThroughOAuth(twin, user, platform, names[platform]);
  }
  const { body } = await callApi(twin, '/connections', user.idToken);
  const accounts = Object.fromEntries((body as unknown as ConnectionList).connections.map((connection) => [connection.platform, connection.platformUserId])) as Record<Platform, string>;
  return { user, names, accounts };
}

async function publish(user: TestUser, body: Record<string, unknown>): Promise<Post> {
  const created = await createPost(twin, user, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return waitForPost(twin, user, (created.body as unknown as Post).postId);
}

const target = (post: Post, platform: Platform) => post.targets.find((item) => item.platform === platform)!;

describe('publishing through faults: every post ends in a terminal status with a reason, never twice', () => {
  it('a 500 then success on the create call gives exactly one post', async () => {
    const { user, names, accounts } = await publisher(['linkedin']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    await sandbox().injectFault({ platform: 'linkedin', account: names.linkedin, method: 'POST', path: '/rest/posts', status: 500, body: { message: 'Internal error' }, times: 1 });

    const post = await publish(user, { description: 'after a 500', media: [{ key }], targets: [{ platform: 'linkedin', accountId: accounts.linkedin }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect((await sandbox().feed('linkedin', names.linkedin)).posts).toHaveLength(1);
  });

  it('a 429 with a reset time waits, then gives exactly one post', async () => {
    const { user, names, accounts } = await publisher(['x']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    await sandbox().injectFault({
      platform: 'x',
      account: names.x,
      method: 'POST',
      path: '/2/tweets',
      status: 429,
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      headers: { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 2) },
    });

    const post = await publish(user, { description: `rate limited ${Date.now()}`, media: [{ key }], targets: [{ platform: 'x', accountId: accounts.x }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect((await sandbox().feed('x', names.x)).posts).toHaveLength(1);
  });

  it('a connection dropped after the platform accepted the post still gives exactly one post', async () => {
    const { user, names, accounts } = await publisher(['x']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    await sandbox().injectFault({ platform: 'x', account: names.x, method: 'POST', path: '/2/tweets', dropConnection: 'after' });

    const post = await publish(user, { description: `dropped ${Date.now()}`, media: [{ key }], targets: [{ platform: 'x', accountId: accounts.x }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect((await sandbox().feed('x', names.x)).posts).toHaveLength(1);
  });

  it('a processing failure fails that target with the reason; the others publish', async () => {
    const { user, names, accounts } = await publisher(['instagram', 'tiktok']);
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(10) });
    await sandbox().setProcessing('instagram', { outcome: 'fail', reason: 'The video format is not supported', account: names.instagram });

    const post = await publish(user, {
      description: 'one fails',
      media: [{ key }],
      targets: [
        { platform: 'instagram', accountId: accounts.instagram },
        { platform: 'tiktok', accountId: accounts.tiktok, ...testOptions('tiktok') },
      ],
    });

    expect(post.status).toBe('partially_published');
    expect(target(post, 'instagram')).toMatchObject({ status: 'failed', error: expect.stringMatching(/Instagram/) });
    expect(target(post, 'tiktok').status).toBe('published');
    expect((await sandbox().feed('tiktok', names.tiktok)).posts).toHaveLength(1);
    expect((await sandbox().feed('instagram', names.instagram)).posts).toHaveLength(0);
  });

  it('an expired container fails that target with "Media container expired"', async () => {
    const { user, names, accounts } = await publisher(['instagram']);
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(10) });
    await sandbox().setProcessing('instagram', { outcome: 'expire', account: names.instagram });

    const post = await publish(user, { description: 'expires', media: [{ key }], targets: [{ platform: 'instagram', accountId: accounts.instagram }] });

    expect(post.status).toBe('failed');
    expect(target(post, 'instagram').error).toBe('Media container expired');
  });

  it('a revoked grant marks the connection needs_reconnect and says to reconnect', async () => {
    const { user, names, accounts } = await publisher(['youtube']);
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(10) });
    await sandbox().revokeAccess('youtube', names.youtube);

    const post = await publish(user, { description: 'revoked', title: 'Revoked', media: [{ key }], targets: [{ platform: 'youtube', accountId: accounts.youtube, ...testOptions('youtube') }] });

    expect(post.status).toBe('failed');
    expect(target(post, 'youtube').error).toMatch(/^Reconnect your YouTube account/);
    const connections = (await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList;
    expect(connections.connections[0]!.status).toBe('needs_reconnect');
  });

  it('retries only the failed targets', async () => {
    const { user, names, accounts } = await publisher(['linkedin', 'tiktok']);
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    await sandbox().injectFault({ platform: 'linkedin', account: names.linkedin, method: 'POST', path: '/rest/posts', status: 422, body: { status: 422, message: 'Content is invalid' } });
    const failed = await publish(user, {
      description: 'retry me',
      media: [{ key }],
      targets: [
        { platform: 'linkedin', accountId: accounts.linkedin },
        { platform: 'tiktok', accountId: accounts.tiktok, ...testOptions('tiktok') },
      ],
    });
    expect(failed.status).toBe('partially_published');

    const retried = await callApi(twin, `/posts/${failed.postId}/retry`, user.idToken, { method: 'POST' });
    expect(retried.status).toBe(200);
    const done = await waitForPost(twin, user, failed.postId);

    expect(done.status).toBe('published');
    expect((await sandbox().feed('linkedin', names.linkedin)).posts).toHaveLength(1);
    expect((await sandbox().feed('tiktok', names.tiktok)).posts).toHaveLength(1);
  });
});
