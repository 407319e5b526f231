import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post, PostPage } from '../../../shared/api/posts';
import { callApi, createUser, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { executionNames } from '../../support/executions';

const twin = inject('twin');

function send(user: TestUser, path: string, key: string | undefined, body?: unknown, method = 'POST') {
  return callApi(twin, path, user.idToken, {
    method,
    headers: { ...(key ? { 'idempotency-key': key } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function setUp(tag: string) {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const account = sandboxAccountName(tag);
  await connectThroughOAuth(twin, user, 'linkedin', account);
  const accountId = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;
  const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
  return { user, account, body: { description: `Once ${Date.now()}`, media: [{ key }], targets: [{ platform: 'linkedin', accountId }] } };
}

const allPosts = async (user: TestUser) =>
  (
    await Promise.all(['scheduled', 'publishing', 'published'].map(async (list) => ((await callApi(twin, `/posts?status=${list}`, user.idToken)).body as unknown as PostPage).posts))
  ).flat();

describe('Idempotency-Key on the writes', () => {
  it('two POST /posts with one key make one post, published once; the second gets the first answer', async () => {
    const { user, account, body } = await setUp('idem-create');
    const key = randomUUID();

    const first = await send(user, '/posts', key, body);
    const second = await send(user, '/posts', key, body);

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((second.body as unknown as Post).postId).toBe((first.body as unknown as Post).postId);
    expect(await waitForPost(twin, user, (first.body as unknown as Post).postId)).toMatchObject({ status: 'published' });
    expect(await allPosts(user)).toHaveLength(1);
    expect((await sandboxControl(twin).feed('linkedin', account)).posts).toHaveLength(1);
  });

  it('a double submit at the same instant makes one post', async () => {
    const { user, body } = await setUp('idem-race');
    const key = randomUUID();

    const answers = await Promise.all([send(user, '/posts', key, body), send(user, '/posts', key, body)]);

    // Either both carry the one post, or the later one is told the first is still running.
    for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
    const ids = new Set(answers.filter((answer) => answer.status === 200).map((answer) => (answer.body as unknown as Post).postId));
    expect(ids.size).toBe(1);
    await waitForPost(twin, user, [...ids][0]!);
    expect(await allPosts(user)).toHaveLength(1);
  });

  it('refuses the same key with another body (422, in words) and writes nothing', async () => {
    const { user, body } = await setUp('idem-mismatch');
    const key = randomUUID();
    const first = await send(user, '/posts', key, body);
    expect(first.status).toBe(200);

    const other = await send(user, '/posts', key, { ...body, description: 'Something else' });

    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IdempotencyKeyReused', message: expect.stringMatching(/already used for a different request/) });
    await waitForPost(twin, user, (first.body as unknown as Post).postId);
    expect(await allPosts(user)).toHaveLength(1);
    const bad = await send(user, '/posts', 'short', body);
    expect(bad.status).toBe(400);
    expect(String(bad.body?.['message'])).toMatch(/Idempotency-Key header must be 8 to 255/);
  });

  it('reschedule and cancel with a key run once: a repeated reschedule starts no second execution', async () => {
    const { user, body } = await setUp('idem-schedule');
    const scheduled = await send(user, '/posts', randomUUID(), { ...body, scheduledFor: new Date(Date.now() + 600_000).toISOString(), timeZone: 'UTC' });
    const postId = (scheduled.body as unknown as Post).postId;
    const move = { scheduledFor: new Date(Date.now() + 900_000).toISOString(), timeZone: 'UTC' };
    const key = randomUUID();

    const moved = await send(user, `/posts/${postId}/reschedule`, key, move);
    const again = await send(user, `/posts/${postId}/reschedule`, key, move);

    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(moved.body);
    expect(await executionNames(twin, user.userId, postId)).toHaveLength(2);
    const cancelKey = randomUUID();
    expect((await send(user, `/posts/${postId}/cancel`, cancelKey)).status).toBe(200);
    const cancelledAgain = await send(user, `/posts/${postId}/cancel`, cancelKey);
    expect(cancelledAgain.status, JSON.stringify(cancelledAgain.body)).toBe(200);
    expect(cancelledAgain.body).toMatchObject({ status: 'cancelled' });
    // Without a key, a repeat is a new request: the post is no longer scheduled.
    expect((await send(user, `/posts/${postId}/cancel`, undefined)).status).toBe(409);
  });
});
