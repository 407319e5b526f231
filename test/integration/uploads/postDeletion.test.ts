import { describe, expect, inject, it } from 'vitest';
import { storedObjectExists } from '../../support/storedObjects';
import type { PostDeletion } from '../../../shared/api/postDeletion';
import { storageUsage, uploadThroughApi } from '../../support/apiUploads';
import { tinyJpeg } from '../../support/posts';
import { storePost } from '../../support/storedPosts';
import { callApi, createUser, type TestUser } from '../../support/users';

/** DELETE /posts/{postId}: OneClick's history only, and optionally the media no other post uses. */
const twin = inject('twin');

const remove = (user: TestUser, postId: string, query = '') => callApi(twin, `/posts/${postId}${query}`, user.idToken, { method: 'DELETE' });

const exists = (key: string) => storedObjectExists(twin, 'media', key);

async function upload(user: TestUser): Promise<string> {
  const { status, body } = await uploadThroughApi(twin, user, 'photo.jpg', 'image/jpeg', tinyJpeg);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.key;
}

describe('deleting a post', () => {
  it('with deleteMedia: deletes the media no other post uses, keeps the shared one, and gives the storage back', async () => {
    const user = await createUser(twin);
    const own = await upload(user);
    const shared = await upload(user);
    const postId = await storePost(twin, user.userId, 'partially_published', [own, shared]);
    await storePost(twin, user.userId, 'published', [shared]);
    expect((await storageUsage(twin, user)).usedBytes).toBe(2 * tinyJpeg.length);

    const { status, body } = await remove(user, postId, '?deleteMedia=true');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body as unknown as PostDeletion).toEqual({ postId, deletedMedia: 1, keptMedia: 1, releasedBytes: tinyJpeg.length });
    expect(await exists(own)).toBe(false);
    expect(await exists(shared)).toBe(true);
    expect((await storageUsage(twin, user)).usedBytes).toBe(tinyJpeg.length);
    expect((await callApi(twin, `/posts/${postId}`, user.idToken)).status).toBe(404);
    const again = await remove(user, postId, '?deleteMedia=true');
    expect(again.status).toBe(404);
    expect(String(again.body?.['message'])).toBe('This post was not found. It may have been deleted already.');
  });

  it('without deleteMedia: keeps the media, still counted', async () => {
    const user = await createUser(twin);
    const key = await upload(user);
    const postId = await storePost(twin, user.userId, 'failed', [key]);
    const { status, body } = await remove(user, postId);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ postId, deletedMedia: 0, keptMedia: 1, releasedBytes: 0 });
    expect(await exists(key)).toBe(true);
    expect((await storageUsage(twin, user)).usedBytes).toBe(tinyJpeg.length);
  });

  it('refuses a scheduled post (cancel it first) and one being published, in words, and keeps them', async () => {
    const user = await createUser(twin);
    const key = await upload(user);
    const scheduled = await storePost(twin, user.userId, 'scheduled', [key]);
    const publishing = await storePost(twin, user.userId, 'publishing', [key]);
    const first = await remove(user, scheduled, '?deleteMedia=true');
    expect(first.status).toBe(409);
    expect(first.body?.['message']).toBe('This post is scheduled. Cancel it first, then delete it.');
    const second = await remove(user, publishing, '?deleteMedia=true');
    expect(second.status).toBe(409);
    expect(second.body?.['message']).toBe('This post is being published right now. Wait until it finishes, then delete it.');
    expect(await exists(key)).toBe(true);
    const cancelled = await storePost(twin, user.userId, 'cancelled', [key]);
    expect((await remove(user, cancelled)).status).toBe(200);
  });

  it('refuses deleteMedia values other than true or false', async () => {
    const user = await createUser(twin);
    const postId = await storePost(twin, user.userId, 'published', []);
    const { status, body } = await remove(user, postId, '?deleteMedia=yes');
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toMatch(/deleteMedia must be true or false/);
  });
});
