import { describe, expect, inject, it } from 'vitest';
import { storedObjectExists } from '../../support/storedObjects';
import type { UploadedMedia, UploadSession } from '../../../shared/api/uploads';
import { syntheticMp4 } from '../../support/mp4';
import { tinyJpeg } from '../../support/posts';
import { callApi, createUser, type TestUser } from '../../support/users';

const twin = inject('twin');

const post = (user: TestUser, path: string, body: unknown) =>
  callApi(twin, path, user.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function startUpload(user: TestUser, fileName: string, contentType: string, size: number): Promise<UploadSession> {
  const { status, body } = await post(user, '/uploads', { fileName, contentType, size });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as UploadSession;
}

/** PUTs each part straight to S3 with its presigned URL, as the browser does. */
async function sendParts(session: UploadSession, file: Buffer) {
  return Promise.all(
    session.parts.map(async ({ partNumber, url }) => {
      const start = (partNumber - 1) * session.partSize;
      const response = await fetch(url, { method: 'PUT', body: new Uint8Array(file.subarray(start, start + session.partSize)) });
      expect(response.status, await response.clone().text()).toBe(200);
      return { partNumber, etag: response.headers.get('etag')! };
    }),
  );
}

async function upload(user: TestUser, fileName: string, contentType: string, file: Buffer) {
  const session = await startUpload(user, fileName, contentType, file.length);
  const parts = await sendParts(session, file);
  return { session, ...(await post(user, '/uploads/complete', { key: session.key, uploadId: session.uploadId, parts })) };
}

const objectExists = (key: string) => storedObjectExists(twin, 'media', key);

describe('uploading media straight to S3 with presigned multipart URLs', () => {
  it('uploads a video in several parts and reads its duration and size', async () => {
    const user = await createUser(twin);
    const video = syntheticMp4({ durationSeconds: 12.5, width: 720, height: 1280, payloadBytes: 9 * 1024 * 1024 + 123 });

    const { session, status, body } = await upload(user, 'Holiday.MP4', 'video/mp4', video);

    expect(session.partSize).toBe(8 * 1024 * 1024);
    expect(session.parts.map((part) => part.partNumber)).toEqual([1, 2]);
    expect(session.key).toMatch(new RegExp(`^${user.userId}/videos/[A-Za-z0-9_-]{20}\\.mp4$`));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({
      key: session.key,
      kind: 'video',
      contentType: 'video/mp4',
      size: video.length,
      durationSeconds: 12.5,
      width: 720,
      height: 1280,
    } satisfies UploadedMedia);
    expect(await objectExists(session.key)).toBe(true);
  });

  it('uploads an image in one part', async () => {
    const user = await createUser(twin);

    const { session, status, body } = await upload(user, 'me.JPG', 'image/jpeg', tinyJpeg);

    expect(session.parts).toHaveLength(1);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ key: session.key, kind: 'image', contentType: 'image/jpeg', size: tinyJpeg.length } satisfies UploadedMedia);
    expect(session.key).toMatch(new RegExp(`^${user.userId}/images/[A-Za-z0-9_-]{20}\\.jpg$`));
  });

  it('refuses a disguised file (PNG bytes named .mp4) and deletes it', async () => {
    const user = await createUser(twin);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(2000, 1)]);

    const { session, status, body } = await upload(user, 'clip.mp4', 'video/mp4', png);

    expect(status).toBe(400);
    expect(body?.['message']).toBe('This file is not a real MP4 file (its content does not match the .mp4 extension). The file was not kept.');
    expect(await objectExists(session.key)).toBe(false);
  });

  it("refuses to complete or abort an upload under another user's prefix", async () => {
    const owner = await createUser(twin);
    const intruder = await createUser(twin);
    const session = await startUpload(owner, 'me.jpg', 'image/jpeg', tinyJpeg.length);
    const parts = await sendParts(session, tinyJpeg);

    const complete = await post(intruder, '/uploads/complete', { key: session.key, uploadId: session.uploadId, parts });
    const abort = await post(intruder, '/uploads/abort', { key: session.key, uploadId: session.uploadId });

    expect(complete.status).toBe(404);
    expect(abort.status).toBe(404);
    expect(await objectExists(session.key)).toBe(false);
    expect((await post(owner, '/uploads/complete', { key: session.key, uploadId: session.uploadId, parts })).status).toBe(200);
  });

  it('refuses at the start a type outside the spec, a type that disagrees with the extension, and a file over the limit', async () => {
    const user = await createUser(twin);

    const webp = await post(user, '/uploads', { fileName: 'a.webp', contentType: 'image/webp', size: 100 });
    const mismatch = await post(user, '/uploads', { fileName: 'a.mp4', contentType: 'image/png', size: 100 });
    const tooBig = await post(user, '/uploads', { fileName: 'a.png', contentType: 'image/png', size: 20 * 1024 * 1024 + 1 });
    const tooLong = await post(user, '/uploads', { fileName: 'a.mov', contentType: 'video/quicktime', size: 4 * 1024 ** 3 + 1 });

    expect(webp.status).toBe(400);
    expect(String(webp.body?.['message'])).toContain('Only PNG, JPG, GIF images, MP4, MOV, AVI videos and PDF documents are accepted');
    expect(mismatch.status).toBe(400);
    expect(String(mismatch.body?.['message'])).toContain('The file type image/png does not match the .mp4 extension');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body?.['message']).toBe('The file is larger than 20 MiB, the most we accept for an image.');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body?.['message']).toBe('The file is larger than 4 GiB, the most we accept for a video.');
  });
  it('aborts an upload; completing it afterwards says the upload is gone', async () => {
    const user = await createUser(twin);
    const file = syntheticMp4({ durationSeconds: 5, payloadBytes: 1000 });
    const session = await startUpload(user, 'clip.mp4', 'video/mp4', file.length);
    const parts = await sendParts(session, file);

    const aborted = await post(user, '/uploads/abort', { key: session.key, uploadId: session.uploadId });
    expect(aborted.status).toBe(204);

    const completed = await post(user, '/uploads/complete', { key: session.key, uploadId: session.uploadId, parts });
    expect(completed.status).toBe(404);
    expect(completed.body).toMatchObject({ message: 'This upload was not found: it was completed, aborted or has expired. Upload the file again.' });
    expect(await objectExists(session.key)).toBe(false);
  });
});
