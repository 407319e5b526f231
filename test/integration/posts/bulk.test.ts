import { describe, expect, inject, it } from 'vitest';
import type { Post } from '../../../shared/api/posts';
import { draftSubmission, runBulk, shiftedTime } from '../../../frontend/src/features/posts/bulk/bulkActions';
import { userWithAccounts } from '../../support/accounts';
import { createPost } from '../../support/posts';
import { callApi } from '../../support/users';

const twin = inject('twin');
const HOUR_MS = 3_600_000;

describe('bulk actions against the API', () => {
  it('reschedules each post once with its own key, and reports the one the server refused in its words', async () => {
    const { user, key, targets } = await userWithAccounts(twin, ['x']);
    const posts: Post[] = [];
    for (const [index, hours] of [30, 31, 32, 33, 1].entries()) {
      const created = await createPost(twin, user, { description: `Bulk ${index}`, media: [{ key }], targets, scheduledFor: new Date(Date.now() + hours * HOUR_MS).toISOString(), timeZone: 'Europe/Istanbul' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      posts.push(created.body as unknown as Post);
    }
    const keys: string[] = [];
    const reschedule = async (post: Post, idempotencyKey: string) => {
      keys.push(idempotencyKey);
      const { status, body } = await callApi(twin, `/posts/${post.postId}/reschedule`, user.idToken, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ scheduledFor: shiftedTime(post.scheduledFor!, -2 * 60), timeZone: post.timeZone }),
      });
      if (status !== 200) throw new Error((body as { message: string }).message);
    };

    // Two hours earlier: the post due in an hour would be in the past.
    const outcomes = await runBulk(posts, { kind: 'reschedule', offsetMinutes: -120 }, reschedule, { newKey: () => crypto.randomUUID() });

    expect(outcomes.filter((outcome) => outcome.ok).map((outcome) => outcome.postId)).toEqual(posts.slice(0, 4).map((post) => post.postId));
    const refused = outcomes[4]!;
    expect(refused).toMatchObject({ postId: posts[4]!.postId, ok: false });
    expect('reason' in refused && refused.reason).toMatch(/past|future/i);
    expect(new Set(keys).size).toBe(5);
    for (const post of posts.slice(0, 4)) {
      const { body } = await callApi(twin, `/posts/${post.postId}`, user.idToken);
      expect((body as unknown as Post).scheduledFor).toBe(shiftedTime(post.scheduledFor!, -120));
    }
    const unchanged = (await callApi(twin, `/posts/${posts[4]!.postId}`, user.idToken)).body as unknown as Post;
    expect(unchanged.scheduledFor).toBe(posts[4]!.scheduledFor);

    // The same run sent again (a lost answer) with the same keys changes nothing twice.
    const again = await callApi(twin, `/posts/${posts[0]!.postId}/reschedule`, user.idToken, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': keys[0]! },
      body: JSON.stringify({ scheduledFor: shiftedTime(posts[0]!.scheduledFor!, -120), timeZone: posts[0]!.timeZone }),
    });
    expect(again.status).toBe(200);
    expect(((await callApi(twin, `/posts/${posts[0]!.postId}`, user.idToken)).body as unknown as Post).scheduledFor).toBe(shiftedTime(posts[0]!.scheduledFor!, -120));
  });

  it('moves drafts to the queue, each by its own request, and says why a draft without a file was not moved', async () => {
    const { user, key, targets } = await userWithAccounts(twin, ['x']);
    const drafts: Post[] = [];
    for (const media of [[{ key }], [{ key }], []]) {
      const { status, body } = await callApi(twin, '/drafts', user.idToken, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ description: `Queued from a draft ${drafts.length + 1}`, targets, media }),
      });
      expect(status, JSON.stringify(body)).toBe(200);
      drafts.push(body as unknown as Post);
    }
    const outcomes = await runBulk(
      drafts,
      { kind: 'queue' },
      async (post, idempotencyKey) => {
        const { status, body } = await callApi(twin, `/drafts/${post.postId}/publish`, user.idToken, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
          body: JSON.stringify({ ...draftSubmission(post), queue: {} }),
        });
        if (status !== 200) throw new Error((body as { message: string }).message);
      },
      { newKey: () => crypto.randomUUID() },
    );
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, false]);
    expect('reason' in outcomes[2]! && outcomes[2].reason).toMatch(/video or an image/);
    for (const draft of drafts.slice(0, 2)) {
      const moved = (await callApi(twin, `/posts/${draft.postId}`, user.idToken)).body as unknown as Post;
      expect(moved.status).toBe('scheduled');
      expect(moved.scheduledFor).not.toBeNull();
    }
  });
});
