import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import type { UploadSession } from '../../../shared/api/uploads';
import { createUploadService } from '../../../functions/services/uploads';
import { systemClock } from '../../../functions/clock';
import { InvalidInput } from '../../../functions/errors';
import { tinyJpeg } from '../../support/posts';
import { callApi, createUser, documentClient, type TestUser } from '../../support/users';
import { createStorageQuota, MAX_UPLOADS_IN_PROGRESS, TOO_MANY_UPLOADS_MESSAGE } from '../../../functions/services/storageQuota';

/**
 * Upload abuse: what a hostile client can try once it holds presigned URLs — other people's
 * keys, part numbers it was not given, a content type of its choosing, more bytes than allowed.
 */
const twin = inject('twin');

const s3 = () =>
  new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });

const post = (user: TestUser, path: string, body: unknown) =>
  callApi(twin, path, user.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function startUpload(user: TestUser, fileName: string, contentType: string, size: number): Promise<UploadSession> {
  const { status, body } = await post(user, '/uploads', { fileName, contentType, size });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as UploadSession;
}

async function head(key: string) {
  const client = s3();
  try {
    return await client.send(new HeadObjectCommand({ Bucket: localBucketNames.media, Key: key }));
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  } finally {
    client.destroy();
  }
}

describe('upload abuse', () => {
  it('refuses, in words, an upload past the most a user may have in progress; one finished or cancelled makes room', async () => {
    const user = await createUser(twin);
    const started: UploadSession[] = [];
    for (let index = 0; index < MAX_UPLOADS_IN_PROGRESS; index++) started.push(await startUpload(user, `photo-${index}.jpg`, 'image/jpeg', tinyJpeg.length));

    const refused = await post(user, '/uploads', { fileName: 'one-more.jpg', contentType: 'image/jpeg', size: tinyJpeg.length });

    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'QuotaExceeded', message: TOO_MANY_UPLOADS_MESSAGE });
    // Finishing one makes room for one.
    const first = started[0]!;
    const part = await fetch(first.parts[0]!.url, { method: 'PUT', body: new Uint8Array(tinyJpeg) });
    const completed = await post(user, '/uploads/complete', { key: first.key, uploadId: first.uploadId, parts: [{ partNumber: 1, etag: part.headers.get('etag') }] });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    await startUpload(user, 'room-after-completing.jpg', 'image/jpeg', tinyJpeg.length);
    expect((await post(user, '/uploads', { fileName: 'one-more.jpg', contentType: 'image/jpeg', size: tinyJpeg.length })).status).toBe(403);
    // So does cancelling one.
    const second = started[1]!;
    expect((await post(user, '/uploads/abort', { key: second.key, uploadId: second.uploadId })).status).toBe(204);
    await startUpload(user, 'room-after-cancelling.jpg', 'image/jpeg', tinyJpeg.length);
  });

  it("refuses keys outside the caller's prefix, however they are dressed up", async () => {
    const user = await createUser(twin);
    const victim = await createUser(twin);
    const session = await startUpload(victim, 'photo.jpg', 'image/jpeg', tinyJpeg.length);
    const fileName = session.key.split('/').pop()!;
    const disguised = [
      session.key,
      `${user.userId}/../${session.key}`,
      `${user.userId}/images/../../${session.key}`,
      `${user.userId}/images/..%2F..%2F${session.key}`,
      `/${session.key}`,
      `${user.userId}//${session.key}`,
      `${user.userId}/images/${fileName}/../../../${session.key}`,
    ];
    for (const key of disguised) {
      for (const path of ['/uploads/complete', '/uploads/abort']) {
        const { status, body } = await post(user, path, { key, uploadId: session.uploadId, parts: [{ partNumber: 1, etag: '"x"' }] });
        expect(status, `${path} ${key}: ${JSON.stringify(body)}`).toBe(404);
      }
      const created = await post(user, '/posts', { description: 'hi', media: [{ key }], targets: [{ platform: 'linkedin', accountId: 'a' }] });
      expect(created.status, `createPost ${key}`).toBe(400);
    }
    // The victim's upload is untouched: it still completes.
    const part = await fetch(session.parts[0]!.url, { method: 'PUT', body: new Uint8Array(tinyJpeg) });
    const completed = await post(victim, '/uploads/complete', { key: session.key, uploadId: session.uploadId, parts: [{ partNumber: 1, etag: part.headers.get('etag') }] });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  });

  it('completing with a part that was never uploaded is refused in words and stores nothing', async () => {
    const user = await createUser(twin);
    const session = await startUpload(user, 'photo.jpg', 'image/jpeg', tinyJpeg.length);
    const part = await fetch(session.parts[0]!.url, { method: 'PUT', body: new Uint8Array(tinyJpeg) });
    const etag = part.headers.get('etag');

    const { status, body } = await post(user, '/uploads/complete', {
      key: session.key,
      uploadId: session.uploadId,
      parts: [
        { partNumber: 1, etag },
        { partNumber: 2, etag: '"d41d8cd98f00b204e9800998ecf8427e"' },
      ],
    });

    expect(status).toBe(400);
    expect(String(body?.['message'])).toMatch(/could not be completed/);
    expect(await head(session.key)).toBeUndefined();
  });

  it('the stored content type is ours, whatever the part request claims', async () => {
    const user = await createUser(twin);
    const session = await startUpload(user, 'photo.jpg', 'image/jpeg', tinyJpeg.length);
    const part = await fetch(session.parts[0]!.url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: new Uint8Array(tinyJpeg) });
    expect(part.status).toBe(200);

    const completed = await post(user, '/uploads/complete', { key: session.key, uploadId: session.uploadId, parts: [{ partNumber: 1, etag: part.headers.get('etag') }] });

    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect((await head(session.key))?.ContentType).toBe('image/jpeg');
  });

  it('HTML sent as a JPEG part is refused and deleted', async () => {
    const user = await createUser(twin);
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const session = await startUpload(user, 'photo.jpg', 'image/jpeg', html.length);
    const part = await fetch(session.parts[0]!.url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: new Uint8Array(html) });

    const completed = await post(user, '/uploads/complete', { key: session.key, uploadId: session.uploadId, parts: [{ partNumber: 1, etag: part.headers.get('etag') }] });

    expect(completed.status).toBe(400);
    expect(String(completed.body?.['message'])).toMatch(/not a real JPG file/);
    expect(await head(session.key)).toBeUndefined();
  });

  it('more bytes than the limit, sent through a URL signed for a small file, are deleted at completion', async () => {
    // The real service against the twin's S3, with a 1 KB image limit so the test stays small.
    const client = s3();
    const uploads = createUploadService({ s3: client, bucket: localBucketNames.media, limits: { maxImageBytes: 1024, maxVideoBytes: 4096 },
      clock: systemClock,
      quota: createStorageQuota({ db: documentClient(twin), tableName: twin.tableNames.memberships, clock: systemClock }),
      storageLimit: async () => null,
    });
    const user = { userId: (await createUser(twin)).userId, email: 'x@example.com' };
    try {
      await expect(uploads.create(user, { fileName: 'big.jpg', contentType: 'image/jpeg', size: 2048 })).rejects.toThrow(/larger than 1024 bytes/);

      const session = await uploads.create(user, { fileName: 'small.jpg', contentType: 'image/jpeg', size: 600 });
      const oversized = Buffer.concat([tinyJpeg, Buffer.alloc(4000, 0)]);
      const part = await fetch(session.parts[0]!.url, { method: 'PUT', body: new Uint8Array(oversized) });
      expect(part.status).toBe(200);

      const completing = uploads.complete(user, { key: session.key, uploadId: session.uploadId, parts: [{ partNumber: 1, etag: part.headers.get('etag')! }] });

      await expect(completing).rejects.toBeInstanceOf(InvalidInput);
      await expect(completing).rejects.toThrow(/larger than 1024 bytes/);
      expect(await head(session.key)).toBeUndefined();
    } finally {
      client.destroy();
    }
  });
});
