import { expect } from 'vitest';
import type { SignedParts, StorageUsage, UploadedMedia, UploadSession } from '../../shared/api/uploads';
import type { TwinInfo } from './twinInfo';
import { callApi, type TestUser } from './users';

export const postJson = (twin: TwinInfo, user: TestUser, path: string, body: unknown) =>
  callApi(twin, path, user.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Starts an upload as the wizard does; the answer as it came. */
export const startUpload = (twin: TwinInfo, user: TestUser, fileName: string, contentType: string, size: number) =>
  postJson(twin, user, '/uploads', { fileName, contentType, size });

/** Presigned URLs for these parts of an upload in progress (POST /uploads/parts), failing the test on a refusal. */
export async function signParts(twin: TwinInfo, user: TestUser, session: Pick<UploadSession, 'key' | 'uploadId'>, partNumbers: number[]): Promise<SignedParts['parts']> {
  const { status, body } = await postJson(twin, user, '/uploads/parts', { key: session.key, uploadId: session.uploadId, partNumbers });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as unknown as SignedParts).parts;
}

/** Every part URL of an upload: the first batch from its start, the rest signed in batches of 100. */
export async function allPartUrls(twin: TwinInfo, user: TestUser, session: UploadSession): Promise<SignedParts['parts']> {
  const urls = [...session.parts];
  for (let from = urls.length + 1; from <= session.partCount; from += 100) {
    urls.push(...(await signParts(twin, user, session, Array.from({ length: Math.min(100, session.partCount - from + 1) }, (_unused, index) => from + index))));
  }
  return urls;
}

/** The wizard's whole upload: start, PUT every part (its exact slice), complete. Returns the completion's answer. */
export async function uploadThroughApi(twin: TwinInfo, user: TestUser, fileName: string, contentType: string, file: Buffer) {
  const started = await startUpload(twin, user, fileName, contentType, file.length);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const session = started.body as unknown as UploadSession;
  const parts = [];
  for (const part of await allPartUrls(twin, user, session)) {
    const start = (part.partNumber - 1) * session.partSize;
    const response = await fetch(part.url, { method: 'PUT', body: new Uint8Array(file.subarray(start, start + session.partSize)) });
    expect(response.status).toBe(200);
    parts.push({ partNumber: part.partNumber, etag: response.headers.get('etag')! });
  }
  const completed = await postJson(twin, user, '/uploads/complete', { key: session.key, uploadId: session.uploadId, parts });
  return { session, status: completed.status, body: completed.body as unknown as UploadedMedia & { message?: string } };
}

export async function storageUsage(twin: TwinInfo, user: TestUser): Promise<StorageUsage> {
  const { status, body } = await callApi(twin, '/storage', user.idToken);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as StorageUsage;
}
