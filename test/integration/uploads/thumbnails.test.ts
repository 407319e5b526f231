import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post, PostPage } from '../../../shared/api/posts';
import { MAX_THUMBNAIL_BYTES, THUMBNAIL_TOO_LARGE_MESSAGE, type Thumbnail } from '../../../shared/api/uploads';
import { thumbnailKeyOf } from '../../../shared/media';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import { createStorageQuota, recordOf } from '../../../functions/services/storageQuota';
import { createUploadService, defaultUploadLimits } from '../../../functions/services/uploads';
import { createUploadSweep } from '../../../functions/services/uploadSweep';
import { postJson, startUpload, storageUsage, uploadThroughApi } from '../../support/apiUploads';
import { connectThroughOAuth, sandboxAccountName } from '../../support/connect';
import { createPost, tinyJpeg, waitForPost } from '../../support/posts';
import { storedObjectExists } from '../../support/storedObjects';
import { storePost } from '../../support/storedPosts';
import { callApi, createUser, documentClient, type TestUser } from '../../support/users';

/** PUT /uploads/thumbnail: the browser's poster frame or small image, checked, counted, listed with its post and deleted with its medium. */
const twin = inject('twin');
const video = readFileSync(resolve(import.meta.dirname, '../../../infra/local/demoModule/samples/cartoon.mp4'));
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const HOUR = 3600_000;

/** tinyJpeg claiming another size in its frame header (SOF0: ff c0, length, precision, height, width). */
function jpegSized(width: number, height: number): Buffer {
  const bytes = Buffer.from(tinyJpeg);
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
}

const putThumbnail = (user: TestUser, key: string, image: Buffer | string) =>
  callApi(twin, '/uploads/thumbnail', user.idToken, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, image: typeof image === 'string' ? image : image.toString('base64') }),
  });

async function uploaded(user: TestUser, fileName = 'photo.jpg', contentType = 'image/jpeg', body: Buffer = tinyJpeg): Promise<string> {
  const { status, body: answer } = await uploadThroughApi(twin, user, fileName, contentType, body);
  expect(status, JSON.stringify(answer)).toBe(200);
  return answer.key;
}

const exists = (key: string) => storedObjectExists(twin, 'media', key);

describe('thumbnails', () => {
  it("stores a video's poster frame beside it, counts it in the storage, and the posts API answers presigned URLs for both", async () => {
    const user = await createUser(twin);
    const key = await uploaded(user, 'clip.mp4', 'video/mp4', video);
    const plain = await uploaded(user);

    const stored = await putThumbnail(user, key, tinyJpeg);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body as unknown as Thumbnail).toEqual({ key, thumbnailKey: `${key}.thumb.jpg`, size: tinyJpeg.length, width: 1, height: 1 });
    expect(await exists(thumbnailKeyOf(key))).toBe(true);
    expect((await storageUsage(twin, user)).usedBytes).toBe(video.length + 2 * tinyJpeg.length);
    // Sent again, it replaces the first and still counts once.
    expect((await putThumbnail(user, key, tinyJpeg)).status).toBe(200);
    expect((await storageUsage(twin, user)).usedBytes).toBe(video.length + 2 * tinyJpeg.length);

    const account = sandboxAccountName('thumbs');
    await connectThroughOAuth(twin, user, 'linkedin', account);
    const { connections } = (await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList;
    const targets = [{ platform: 'linkedin' as const, accountId: connections[0]!.platformUserId }];
    const withVideo = await createPost(twin, user, { description: 'A clip with its poster frame', media: [{ key }], targets });
    expect(withVideo.status, JSON.stringify(withVideo.body)).toBe(200);
    const withImage = await createPost(twin, user, { description: 'A photo without a thumbnail', media: [{ key: plain }], targets });
    expect(withImage.status, JSON.stringify(withImage.body)).toBe(200);
    const videoPost = (withVideo.body as unknown as Post).postId;
    await waitForPost(twin, user, videoPost);
    await waitForPost(twin, user, (withImage.body as unknown as Post).postId);

    const one = (await callApi(twin, `/posts/${videoPost}`, user.idToken)).body as unknown as Post;
    const media = one.media[0]!;
    expect(media.thumbnailKey).toBe(thumbnailKeyOf(key));
    const thumbnail = await fetch(media.thumbnailUrl!);
    expect(thumbnail.status).toBe(200);
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(tinyJpeg)).toBe(true);
    const file = await fetch(media.url!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(video)).toBe(true);

    const page = (await callApi(twin, '/posts?status=published', user.idToken)).body as unknown as PostPage;
    const listed = Object.fromEntries(page.posts.map((post) => [post.description, post.media[0]!]));
    expect(listed['A clip with its poster frame']).toMatchObject({ thumbnailUrl: expect.stringContaining('X-Amz-Signature='), url: expect.stringContaining('X-Amz-Signature=') });
    // An older medium, or one whose capture failed: its URL, and no thumbnail URL (the list shows the fallback).
    expect(listed['A photo without a thumbnail']?.url).toContain('X-Amz-Signature=');
    expect(listed['A photo without a thumbnail']).not.toHaveProperty('thumbnailUrl');
  });

  it('refuses, in words, what is not a JPEG, too large in bytes or pixels, not base64, not finished, or not the caller’s; nothing is stored or counted', async () => {
    const user = await createUser(twin);
    const key = await uploaded(user);
    const before = (await storageUsage(twin, user)).usedBytes;

    const png = await putThumbnail(user, key, tinyPng);
    expect(png.status).toBe(400);
    expect(png.body?.['message']).toBe('The preview image is not a JPEG image: a thumbnail must be a JPEG.');

    const huge = await putThumbnail(user, key, Buffer.concat([tinyJpeg, Buffer.alloc(MAX_THUMBNAIL_BYTES)]));
    expect(huge.status).toBe(400);
    expect(JSON.stringify(huge.body)).toContain(THUMBNAIL_TOO_LARGE_MESSAGE);

    const wide = await putThumbnail(user, key, jpegSized(1920, 1080));
    expect(wide.status).toBe(400);
    expect(wide.body?.['message']).toBe('The preview image is 1920 × 1080 pixels; a thumbnail is at most 480 × 960.');

    const garbled = await putThumbnail(user, key, 'this is not base64!');
    expect(garbled.status).toBe(400);
    expect(JSON.stringify(garbled.body)).toContain('The preview image must be base64-encoded JPEG bytes.');

    const started = await startUpload(twin, user, 'later.jpg', 'image/jpeg', tinyJpeg.length);
    const unfinished = await putThumbnail(user, String(started.body?.['key']), tinyJpeg);
    expect(unfinished.status).toBe(409);
    expect(unfinished.body?.['message']).toBe('This upload is not complete yet: complete it, then send its thumbnail.');

    const stranger = await createUser(twin);
    const foreign = await putThumbnail(stranger, key, tinyJpeg);
    expect(foreign.status).toBe(404);
    expect(foreign.body?.['message']).toBe('No upload of yours was found at this key.');
    const missing = await putThumbnail(user, `${user.userId}/images/NeverUploaded1234567.jpg`, tinyJpeg);
    expect(missing.status).toBe(404);

    expect(await exists(thumbnailKeyOf(key))).toBe(false);
    expect((await storageUsage(twin, user)).usedBytes).toBe(before + tinyJpeg.length);
    expect((await storageUsage(twin, stranger)).usedBytes).toBe(0);
    await postJson(twin, user, '/uploads/abort', { key: started.body?.['key'], uploadId: started.body?.['uploadId'] });
  });

  it('goes with its medium when a post is deleted with deleteMedia, and stays (counted) without it', async () => {
    const user = await createUser(twin);
    const gone = await uploaded(user);
    const kept = await uploaded(user);
    for (const key of [gone, kept]) expect((await putThumbnail(user, key, tinyJpeg)).status).toBe(200);
    const first = await storePost(twin, user.userId, 'published', [gone]);
    const second = await storePost(twin, user.userId, 'published', [kept]);

    const removed = await callApi(twin, `/posts/${first}?deleteMedia=true`, user.idToken, { method: 'DELETE' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toEqual({ postId: first, deletedMedia: 1, keptMedia: 0, releasedBytes: 2 * tinyJpeg.length });
    expect(await exists(gone)).toBe(false);
    expect(await exists(thumbnailKeyOf(gone))).toBe(false);

    const left = await callApi(twin, `/posts/${second}`, user.idToken, { method: 'DELETE' });
    expect(left.status).toBe(200);
    expect(await exists(thumbnailKeyOf(kept))).toBe(true);
    expect((await storageUsage(twin, user)).usedBytes).toBe(2 * tinyJpeg.length);
  });

  it('is swept with an unused medium and kept while a post uses its medium', async () => {
    const db = documentClient(twin);
    const client = new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
    // Counted "two days ago", swept "twelve hours ago": other tests' uploads are never due.
    const quota = createStorageQuota({ db, tableName: twin.tableNames.memberships, clock: { now: () => new Date(Date.now() - 48 * HOUR) } });
    const user = { userId: (await createUser(twin)).userId, email: 'thumbs@example.com' };
    const uploads = createUploadService({ s3: client, bucket: localBucketNames.media, limits: defaultUploadLimits, clock: { now: () => new Date() }, quota, storageLimit: async () => null });
    async function withThumbnail(): Promise<string> {
      const session = await uploads.create(user, { fileName: 'photo.jpg', contentType: 'image/jpeg', size: tinyJpeg.length });
      const part = await fetch(session.parts[0]!.url, { method: 'PUT', body: new Uint8Array(tinyJpeg) });
      await uploads.complete(user, { key: session.key, uploadId: session.uploadId, parts: [{ partNumber: 1, etag: part.headers.get('etag')! }] });
      await uploads.putThumbnail(user, { key: session.key, image: tinyJpeg.toString('base64') });
      return session.key;
    }
    const unused = await withThumbnail();
    const posted = await withThumbnail();
    await storePost(twin, user.userId, 'published', [posted]);
    expect(await quota.usedBytes(user.userId)).toBe(4 * tinyJpeg.length);

    const sweep = createUploadSweep({
      db,
      postsTable: twin.tableNames.posts,
      contentTable: twin.tableNames.content,
      s3: client,
      buckets: { media: localBucketNames.media, content: localBucketNames.content },
      quota,
      clock: { now: () => new Date(Date.now() - 12 * HOUR) },
    });
    await sweep.run();
    expect(await exists(unused)).toBe(false);
    expect(await exists(thumbnailKeyOf(unused))).toBe(false);
    expect(await exists(posted)).toBe(true);
    expect(await exists(thumbnailKeyOf(posted))).toBe(true);
    expect(await quota.usedBytes(user.userId)).toBe(2 * tinyJpeg.length);
    expect(await quota.find(user.userId, 'media', thumbnailKeyOf(posted))).toMatchObject({ record: recordOf('media', thumbnailKeyOf(posted)), state: 'kept' });
    client.destroy();
  });
});
