import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { callApi, createUser, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, sampleVideo, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { refreshMetricsNow } from '../../support/analytics';
import type { PostMetricsView } from '../../../shared/api/analytics';

/**
 * Bluesky end to end through the API, the PublishPost state machine and the sandbox's
 * authorization server, PDS and video service: connect (PAR, DPoP, PKCE), publish, faults on
 * the create call, and the grapheme limit.
 */
const twin = inject('twin');
const sandbox = () => sandboxControl(twin);

async function connected(): Promise<{ user: TestUser; name: string; accountId: string }> {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const name = sandboxAccountName('sky');
  await connectThroughOAuth(twin, user, 'bluesky', name);
  const { body } = await callApi(twin, '/connections', user.idToken);
  const connection = (body as unknown as ConnectionList).connections.find((item) => item.platform === 'bluesky')!;
  return { user, name, accountId: connection.platformUserId };
}

async function publish(user: TestUser, body: Record<string, unknown>): Promise<Post> {
  const created = await createPost(twin, user, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return waitForPost(twin, user, (created.body as unknown as Post).postId);
}

describe('Bluesky through the API (against the sandbox)', () => {
  it('serves the client metadata document without a token; platforms without one answer 404', async () => {
    const response = await fetch(`${twin.apiUrl}/connections/bluesky/client-metadata.json`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ application_type: 'web', dpop_bound_access_tokens: true, token_endpoint_auth_method: 'private_key_jwt', scope: 'atproto transition:generic' });
    expect(metadata['redirect_uris']).toEqual([`${twin.apiUrl}/connections/bluesky/callback`]);
    expect(JSON.stringify(metadata['jwks'])).not.toContain('"d"');
    expect((await fetch(`${twin.apiUrl}/connections/x/client-metadata.json`)).status).toBe(404);
  });

  it('connects with the account\'s DID and handle, and publishes two images with a link and a hashtag', async () => {
    const { user, name, accountId } = await connected();
    expect(accountId).toMatch(/^did:plc:[a-z2-7]{24}$/);
    const first = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const second = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });

    const post = await publish(user, { description: 'Launch day: oneclick.example/launch #oneclick', media: [{ key: first }, { key: second }], targets: [{ platform: 'bluesky', accountId }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect(post.targets[0]!.postUrl).toMatch(new RegExp(`^https://bsky\\.app/profile/${name.toLowerCase()}\\.bsky\\.social/post/[2-7a-z]{13}$`));
    const posts = (await sandbox().feed('bluesky', name)).posts;
    expect(posts).toHaveLength(1);
    expect(posts[0]!.media).toHaveLength(2);
  });

  it('a connection dropped after the PDS created the record still gives exactly one post', async () => {
    const { user, name, accountId } = await connected();
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    await sandbox().injectFault({ platform: 'bluesky', account: name, method: 'POST', hostKey: 'pds', path: '/xrpc/com.atproto.repo.createRecord', dropConnection: 'after' });

    const post = await publish(user, { description: `dropped ${Date.now()}`, media: [{ key }], targets: [{ platform: 'bluesky', accountId }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect((await sandbox().feed('bluesky', name)).posts).toHaveLength(1);
    // The answer was lost once: the next attempt asked for the record by its key instead of creating it again.
    const calls = (await sandbox().requests('bluesky')).filter((call) => call.account === name);
    expect(calls.filter((call) => call.route === '/xrpc/com.atproto.repo.createRecord')).toHaveLength(1);
    expect(calls.filter((call) => call.route === '/xrpc/com.atproto.repo.getRecord').length).toBeGreaterThan(0);
  });

  it('a 500 then success on createRecord gives exactly one post', async () => {
    const { user, name, accountId } = await connected();
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    await sandbox().injectFault({ platform: 'bluesky', account: name, method: 'POST', hostKey: 'pds', path: '/xrpc/com.atproto.repo.createRecord', status: 500, body: { error: 'InternalServerError', message: 'Internal Server Error' } });

    const post = await publish(user, { description: `after a 500 ${Date.now()}`, media: [{ key }], targets: [{ platform: 'bluesky', accountId }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect((await sandbox().feed('bluesky', name)).posts).toHaveLength(1);
  });

  it('a video the video service fails ends the target with its words; nothing is posted', async () => {
    const { user, name, accountId } = await connected();
    await sandbox().setProcessing('bluesky', { outcome: 'fail', reason: 'Video is corrupt', account: name });
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(8) });

    const post = await publish(user, { description: 'A broken clip', media: [{ key }], targets: [{ platform: 'bluesky', accountId }] });

    expect(post.status).toBe('failed');
    expect(post.targets[0]!.error).toContain('Bluesky could not process the video: Video is corrupt');
    expect((await sandbox().feed('bluesky', name)).posts).toHaveLength(0);
  });

  it('refuses a text over 300 graphemes for Bluesky before anything is sent', async () => {
    const { user, accountId } = await connected();
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const created = await createPost(twin, user, { description: '👍🏽'.repeat(301), media: [{ key }], targets: [{ platform: 'bluesky', accountId }] });
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.body)).toMatch(/Bluesky/);
  });

  it('reads likes, replies and reposts with quotes from getPosts; Bluesky reports no views', async () => {
    const { user, accountId } = await connected();
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const post = await publish(user, { description: `numbers ${Date.now()}`, media: [{ key }], targets: [{ platform: 'bluesky', accountId }] });
    expect(post.status, JSON.stringify(post.targets)).toBe('published');

    await refreshMetricsNow(twin, { onlyUser: user.userId });

    const shown = (await callApi(twin, `/analytics/posts/${post.postId}`, user.idToken)).body as unknown as PostMetricsView;
    const [target] = shown.targets;
    expect(target).toMatchObject({ platform: 'bluesky', state: 'tracking' });
    expect(target!.metrics).toMatchObject({ likes: expect.any(Number), comments: expect.any(Number), shares: expect.any(Number), views: null, saves: null });
  });
});
