import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { callApi, createUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';

const twin = inject('twin');
const sandbox = () => sandboxControl(twin);

describe('a waiting target says why and until when', () => {
  it('a 429 with a reset time leaves the target waiting until the reset, then it publishes once', async () => {
    const user = await createUser(twin);
    await makeAdmin(twin, user);
    const name = sandboxAccountName('x');
    await connectThroughOAuth(twin, user, 'x', name);
    const accountId = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    // Far enough ahead that a loaded CI machine reaches X's create call before the reset: a
    // call made after it would wait the engine's minimum second instead, not until the reset.
    const reset = Math.floor(Date.now() / 1000) + 10;
    await sandbox().injectFault({
      platform: 'x',
      account: name,
      method: 'POST',
      path: '/2/tweets',
      status: 429,
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      headers: { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
    });
    const created = await createPost(twin, user, { description: `waits ${Date.now()}`, media: [{ key }], targets: [{ platform: 'x', accountId }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const postId = (created.body as unknown as Post).postId;

    let waiting: Post['targets'][number]['waiting'];
    for (const deadline = reset * 1000 - 500; !waiting && Date.now() < deadline; ) {
      waiting = ((await callApi(twin, `/posts/${postId}`, user.idToken)).body as unknown as Post).targets[0]!.waiting;
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(waiting).toEqual({ reason: 'rate_limited', until: new Date(reset * 1000).toISOString() });

    const done = await waitForPost(twin, user, postId);
    expect(done.status, JSON.stringify(done.targets)).toBe('published');
    expect(done.targets[0]!.waiting).toBeNull();
    expect((await sandbox().feed('x', name)).posts).toHaveLength(1);
  });
});
