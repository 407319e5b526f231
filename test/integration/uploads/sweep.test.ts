import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import { createContentService } from '../../../functions/services/content';
import { createStorageQuota, recordOf, UNREFERENCED_UPLOAD_HOURS } from '../../../functions/services/storageQuota';
import { createUploadService, defaultUploadLimits } from '../../../functions/services/uploads';
import { createUploadSweep } from '../../../functions/services/uploadSweep';
import { tinyJpeg } from '../../support/posts';
import { storePost } from '../../support/storedPosts';
import { createUser, documentClient } from '../../support/users';

/**
 * The upload sweep in the twin (s3rver has no lifecycle rules), with an injected clock: what
 * nothing took within a day is removed and its storage given back; what a post or My Content
 * uses is kept. The files are counted "two days ago" (the quota's clock) and the sweep runs
 * "12 hours ago", so the uploads of other tests running meanwhile (due a day from now) are
 * never due.
 */
const twin = inject('twin');
const HOUR = 3600_000;
const madeAt = new Date(Date.now() - 48 * HOUR);
const sweptAt = new Date(Date.now() - 12 * HOUR);
const video = readFileSync(resolve(import.meta.dirname, '../../../infra/local/demoModule/samples/cartoon.mp4'));

const s3 = () => new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });

async function exists(bucket: string, key: string): Promise<boolean> {
  const client = s3();
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  } finally {
    client.destroy();
  }
}

describe('the upload sweep', () => {
  it('removes what nothing took within a day, keeps what a post or My Content uses, and gives the storage back', async () => {
    const db = documentClient(twin);
    const client = s3();
    // The records are made "two days ago"; the presigned URLs are signed now (they must still work).
    const quota = createStorageQuota({ db, tableName: twin.tableNames.memberships, clock: { now: () => madeAt } });
    const clock = { now: () => new Date() };
    const user = { userId: (await createUser(twin)).userId, email: 'sweep@example.com' };
    const uploads = createUploadService({ s3: client, bucket: localBucketNames.media, limits: defaultUploadLimits, clock, quota, storageLimit: async () => null });
    const content = createContentService({ db, tableName: twin.tableNames.content, s3: client, bucket: localBucketNames.content, clock, quota, storageLimit: async () => null });

    async function completedImage(): Promise<string> {
      const session = await uploads.create(user, { fileName: 'photo.jpg', contentType: 'image/jpeg', size: tinyJpeg.length });
      const part = await fetch(session.parts[0]!.url, { method: 'PUT', body: new Uint8Array(tinyJpeg) });
      await uploads.complete(user, { key: session.key, uploadId: session.uploadId, parts: [{ partNumber: 1, etag: part.headers.get('etag')! }] });
      return session.key;
    }
    const unused = await completedImage();
    const posted = await completedImage();
    await storePost(twin, user.userId, 'published', [posted]);
    const abandoned = await uploads.create(user, { fileName: 'long.mp4', contentType: 'video/mp4', size: 50_000_000 });
    const caller = { ...user, module: 'autotoon' as const };
    const unregistered = await content.createUpload(caller, { type: 'video', fileName: 'cartoon.mp4', contentType: 'video/mp4', size: video.length });
    await client.send(new PutObjectCommand({ Bucket: localBucketNames.content, Key: unregistered.key, Body: video, ContentType: 'video/mp4' }));
    const registered = await content.createUpload(caller, { type: 'video', fileName: 'cartoon.mp4', contentType: 'video/mp4', size: video.length });
    await client.send(new PutObjectCommand({ Bucket: localBucketNames.content, Key: registered.key, Body: video, ContentType: 'video/mp4' }));
    await content.register(caller, { key: registered.key });
    expect(await quota.usedBytes(user.userId)).toBe(2 * tinyJpeg.length + 50_000_000 + 2 * video.length);

    const sweep = createUploadSweep({
      db,
      postsTable: twin.tableNames.posts,
      contentTable: twin.tableNames.content,
      s3: client,
      buckets: { media: localBucketNames.media, content: localBucketNames.content },
      quota,
      clock: { now: () => sweptAt },
    });
    // Not yet a day: nothing of this user is due.
    const early = createUploadSweep({ db, postsTable: twin.tableNames.posts, contentTable: twin.tableNames.content, s3: client, buckets: { media: localBucketNames.media, content: localBucketNames.content }, quota, clock: { now: () => new Date(madeAt.getTime() + (UNREFERENCED_UPLOAD_HOURS - 1) * HOUR) } });
    await early.run();
    expect(await exists(localBucketNames.media, unused)).toBe(true);

    const report = await sweep.run();
    expect(report.removed).toBeGreaterThanOrEqual(3);
    expect(report.kept).toBeGreaterThanOrEqual(1);
    expect(await exists(localBucketNames.media, unused)).toBe(false);
    expect(await exists(localBucketNames.media, posted)).toBe(true);
    expect(await exists(localBucketNames.content, unregistered.key)).toBe(false);
    expect(await exists(localBucketNames.content, registered.key)).toBe(true);
    expect(await quota.find(user.userId, 'media', abandoned.key)).toBeUndefined();
    expect(await quota.usedBytes(user.userId)).toBe(tinyJpeg.length + video.length);
    const kept = await db.send(new GetCommand({ TableName: twin.tableNames.memberships, Key: { userId: user.userId, record: recordOf('media', posted) } }));
    expect(kept.Item).toMatchObject({ state: 'kept' });
    expect(kept.Item?.['sweepAt']).toBeUndefined();

    // The abandoned multipart upload is gone: completing it now says so.
    await expect(uploads.complete(user, { key: abandoned.key, uploadId: abandoned.uploadId, parts: [{ partNumber: 1, etag: '"x"' }] })).rejects.toThrow(/not found/);
    // A second run finds nothing more of this user.
    await sweep.run();
    expect(await quota.usedBytes(user.userId)).toBe(tinyJpeg.length + video.length);
    client.destroy();
  });
});
