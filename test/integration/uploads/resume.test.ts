import { describe, expect, inject, it } from 'vitest';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import { FIRST_PART_BATCH, type UploadedParts, type UploadSession } from '../../../shared/api/uploads';
import { postJson, signParts, startUpload, storageUsage } from '../../support/apiUploads';
import { syntheticMp4 } from '../../support/mp4';
import { callApi, createUser, type TestUser } from '../../support/users';

/**
 * Issue 19 item 9 on the twin: part URLs signed in batches as the upload goes, and an upload
 * interrupted (the browser lost its place) resumed from the parts S3 holds (ListParts, which the
 * twin's s3rver emulates: real S3's answer is not checked here).
 */
const twin = inject('twin');
const MiB = 1024 * 1024;
const PART = 8 * MiB;

const listParts = (user: TestUser, key: string, uploadId: string) =>
  callApi(twin, `/uploads/parts?${new URLSearchParams({ key, uploadId }).toString()}`, user.idToken);

async function start(user: TestUser, file: Buffer): Promise<UploadSession> {
  const { status, body } = await startUpload(twin, user, 'long.mp4', 'video/mp4', file.length);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as UploadSession;
}

async function put(url: string, file: Buffer, partNumber: number): Promise<string> {
  const response = await fetch(url, { method: 'PUT', body: new Uint8Array(file.subarray((partNumber - 1) * PART, partNumber * PART)) });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers.get('etag')!;
}

async function storedBytes(key: string): Promise<Buffer> {
  const s3 = new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true });
  try {
    const { Body } = await s3.send(new GetObjectCommand({ Bucket: localBucketNames.media, Key: key }));
    return Buffer.from(await Body!.transformToByteArray());
  } finally {
    s3.destroy();
  }
}

describe('resumable uploads with part URLs signed in batches', () => {
  it('resumes an interrupted upload from the parts S3 holds: the bytes are identical and the storage is counted once', async () => {
    const user = await createUser(twin);
    const video = syntheticMp4({ durationSeconds: 30, width: 1280, height: 720, payloadBytes: 9 * PART + 1234 });
    const session = await start(user, video);
    expect(session.partCount).toBe(10);
    expect(session.parts.map((part) => part.partNumber)).toEqual(Array.from({ length: FIRST_PART_BATCH }, (_unused, index) => index + 1));
    expect(new URL(session.parts[0]!.url).searchParams.get('X-Amz-Expires')).toBe('900');
    expect(Date.parse(session.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    // Five parts go up, then the browser reloads: it has only the key and the upload id.
    for (const part of session.parts.slice(0, 5)) await put(part.url, video, part.partNumber);
    expect((await storageUsage(twin, user)).usedBytes).toBe(video.length);

    const listed = await listParts(user, session.key, session.uploadId);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const uploaded = listed.body as unknown as UploadedParts;
    expect(uploaded).toMatchObject({ key: session.key, uploadId: session.uploadId, size: video.length, partSize: PART, partCount: 10 });
    expect(uploaded.parts.map(({ partNumber, size }) => ({ partNumber, size }))).toEqual([1, 2, 3, 4, 5].map((partNumber) => ({ partNumber, size: PART })));

    const rest = await signParts(twin, user, session, [6, 7, 8, 9, 10]);
    const etags = [...uploaded.parts.map(({ partNumber, etag }) => ({ partNumber, etag }))];
    for (const part of rest) etags.push({ partNumber: part.partNumber, etag: await put(part.url, video, part.partNumber) });
    expect((await storageUsage(twin, user)).usedBytes).toBe(video.length);

    const completed = await postJson(twin, user, '/uploads/complete', { key: session.key, uploadId: session.uploadId, parts: etags });

    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body).toMatchObject({ key: session.key, size: video.length, durationSeconds: 30 });
    expect((await storedBytes(session.key)).equals(video)).toBe(true);
    expect((await storageUsage(twin, user)).usedBytes).toBe(video.length);
    expect((await listParts(user, session.key, session.uploadId)).status).toBe(404);
  });

  it("refuses another user's upload: listing and signing are 404 and change nothing", async () => {
    const owner = await createUser(twin);
    const stranger = await createUser(twin);
    const file = Buffer.alloc(2 * PART, 7);
    const session = await start(owner, file);
    await put(session.parts[0]!.url, file, 1);

    const listed = await listParts(stranger, session.key, session.uploadId);
    const signed = await postJson(twin, stranger, '/uploads/parts', { key: session.key, uploadId: session.uploadId, partNumbers: [2] });

    expect(listed.status).toBe(404);
    expect(signed.status).toBe(404);
    expect(JSON.stringify(signed.body)).not.toContain('X-Amz-Signature');
    expect((await storageUsage(twin, stranger)).usedBytes).toBe(0);
    const stillThere = await listParts(owner, session.key, session.uploadId);
    expect(stillThere.status).toBe(200);
    expect((stillThere.body as unknown as UploadedParts).parts.map((part) => part.partNumber)).toEqual([1]);
    expect((await storageUsage(twin, owner)).usedBytes).toBe(file.length);
  });

  it('signs only parts within the declared count, at most 100 at a time, for the upload still in progress, refusing in words', async () => {
    const user = await createUser(twin);
    const session = await start(user, Buffer.alloc(3 * PART));

    const past = await postJson(twin, user, '/uploads/parts', { key: session.key, uploadId: session.uploadId, partNumbers: [3, 4] });
    const tooMany = await postJson(twin, user, '/uploads/parts', { key: session.key, uploadId: session.uploadId, partNumbers: Array.from({ length: 101 }, (_unused, index) => index + 1) });
    const otherId = await postJson(twin, user, '/uploads/parts', { key: session.key, uploadId: 'not-this-upload', partNumbers: [1] });

    expect(past.status).toBe(400);
    expect(past.body?.['message']).toBe('Part 4 is past the end of this upload: it has 3 parts.');
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('At most 100 part URLs are signed at a time.');
    expect(otherId.status).toBe(404);
  });

  it('an aborted upload can be neither listed nor signed, and its bytes are given back once', async () => {
    const user = await createUser(twin);
    const session = await start(user, Buffer.alloc(PART + 5));
    expect((await postJson(twin, user, '/uploads/abort', { key: session.key, uploadId: session.uploadId })).status).toBe(204);

    expect((await listParts(user, session.key, session.uploadId)).status).toBe(404);
    expect((await postJson(twin, user, '/uploads/parts', { key: session.key, uploadId: session.uploadId, partNumbers: [1] })).status).toBe(404);
    expect((await storageUsage(twin, user)).usedBytes).toBe(0);
  });
});
