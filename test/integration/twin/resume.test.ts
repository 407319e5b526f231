import { describe, expect, it } from 'vitest';
import { restartableTwin } from '../../support/restartableTwin';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { callApi, createUser, signIn } from '../../support/users';
import { connectThroughOAuth, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';

const { start } = await restartableTwin('resume');

describe('a restart in the middle of publishing', () => {
  it('resumes the post after the restart and publishes each target exactly once', async () => {
    const first = await start();
    const account = sandboxAccountName('resume');
    let postId: string;
    let user: Awaited<ReturnType<typeof createUser>>;
    try {
      user = await createUser(first.info);
      await connectThroughOAuth(first.info, user, 'x', account);
      const connections = (await callApi(first.info, '/connections', user.idToken)).body as unknown as ConnectionList;
      const key = await uploadMedia(first.info, user.userId, { kind: 'image', body: tinyJpeg });
      // The platform creates the post at once but answers only much later: the twin stops
      // before the answer, so the outcome of the create call is unknown to us.
      await sandboxControl(first.info).injectFault({ platform: 'x', account, method: 'POST', path: '/2/tweets', delayMs: 60_000 });
      const created = await createPost(first.info, user, {
        description: `resumed ${Date.now()}`,
        media: [{ key }],
        targets: [{ platform: 'x', accountId: connections.connections[0]!.platformUserId }],
      });
      postId = (created.body as unknown as Post).postId;
      await expect.poll(async () => (await sandboxControl(first.info).feed('x', account)).posts.length, { timeout: 10_000 }).toBe(1);
    } finally {
      await first.twin.stop();
    }

    const second = await start();
    try {
      const tokens = await signIn(second.info, user.email, user.password);
      const post = await waitForPost(second.info, { ...user, idToken: tokens.IdToken! }, postId);
      expect(post.status, JSON.stringify(post.targets)).toBe('published');
      expect((await sandboxControl(second.info).feed('x', account)).posts).toHaveLength(1);
    } finally {
      await second.twin.stop();
    }
  });
});
