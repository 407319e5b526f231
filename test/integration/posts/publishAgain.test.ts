import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { callApi, createUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';

const twin = inject('twin');
const sandbox = () => sandboxControl(twin);

/** A user with one LinkedIn account (the app holds no r_member_social: LinkedIn cannot list its posts). */
async function linkedinUser() {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const name = sandboxAccountName('linkedin');
  await connectThroughOAuth(twin, user, 'linkedin', name);
  const { body } = await callApi(twin, '/connections', user.idToken);
  const accountId = (body as unknown as ConnectionList).connections[0]!.platformUserId;
  return { user, name, accountId };
}

const publishAgain = (user: { idToken: string }, post: Post) =>
  callApi(twin, `/posts/${post.postId}/targets/${encodeURIComponent(post.targets[0]!.targetId)}/publish-again`, user.idToken, { method: 'POST' });

describe('"It was not published — publish again"', () => {
  it('a create whose answer was lost ends "check your account"; the user checked, publish again publishes once', async () => {
    const { user, name, accountId } = await linkedinUser();
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    // The connection drops before LinkedIn acts: from our side it looks exactly like a lost answer.
    await sandbox().injectFault({ platform: 'linkedin', account: name, method: 'POST', path: '/rest/posts', dropConnection: 'before' });
    const created = await createPost(twin, user, { description: `lost answer ${Date.now()}`, media: [{ key }], targets: [{ platform: 'linkedin', accountId }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const failed = await waitForPost(twin, user, (created.body as unknown as Post).postId);

    expect(failed.status).toBe('failed');
    expect(failed.targets[0]).toMatchObject({ status: 'failed', failureCode: 'outcome_unknown', error: expect.stringMatching(/check your LinkedIn account/) });
    expect((await sandbox().feed('linkedin', name)).posts).toHaveLength(0);

    // The user looked at their LinkedIn account, found nothing, and confirmed.
    const again = await publishAgain(user, failed);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const done = await waitForPost(twin, user, failed.postId);

    expect(done.status, JSON.stringify(done.targets)).toBe('published');
    expect(done.targets[0]).toMatchObject({ failureCode: null, error: null });
    expect((await sandbox().feed('linkedin', name)).posts).toHaveLength(1);
    // Once published (or for any other failure) there is nothing to publish again.
    expect((await publishAgain(user, done)).status).toBe(409);
  });

  it('publishes what the user chose even when the platform had acted: the user asserted it was not published', async () => {
    const { user, name, accountId } = await linkedinUser();
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    // LinkedIn creates the post, then the answer is lost; without r_member_social we cannot look.
    await sandbox().injectFault({ platform: 'linkedin', account: name, method: 'POST', path: '/rest/posts', dropConnection: 'after' });
    const created = await createPost(twin, user, { description: `acted ${Date.now()}`, media: [{ key }], targets: [{ platform: 'linkedin', accountId }] });
    const failed = await waitForPost(twin, user, (created.body as unknown as Post).postId);
    expect(failed.targets[0]).toMatchObject({ status: 'failed', failureCode: 'outcome_unknown' });
    expect((await sandbox().feed('linkedin', name)).posts).toHaveLength(1);

    // The user (wrongly) says it was not there: the old attempt is not reconciled again, a new one is made.
    expect((await publishAgain(user, failed)).status).toBe(200);
    const done = await waitForPost(twin, user, failed.postId);
    expect(done.status).toBe('published');
    expect((await sandbox().feed('linkedin', name)).posts).toHaveLength(2);
  });

  it('refuses a target that failed for another reason (Retry is for that)', async () => {
    const { user, name, accountId } = await linkedinUser();
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    await sandbox().injectFault({ platform: 'linkedin', account: name, method: 'POST', path: '/rest/posts', status: 422, body: { status: 422, message: 'Content is invalid' } });
    const created = await createPost(twin, user, { description: 'invalid', media: [{ key }], targets: [{ platform: 'linkedin', accountId }] });
    const failed = await waitForPost(twin, user, (created.body as unknown as Post).postId);
    expect(failed.targets[0]).toMatchObject({ status: 'failed', failureCode: null });

    const refused = await publishAgain(user, failed);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toMatch(/use Retry/);
  });
});
