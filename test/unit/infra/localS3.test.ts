import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { startS3, type LocalS3 } from '../../../infra/local/s3';
import { memoryLog } from '../../../infra/local/log';
import { freePort } from '../../../infra/local/ports';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';

const Bucket = localBucketNames.media;
const dir = mkdtempSync(join(tmpdir(), 'oneclick-local-s3-'));
let server: LocalS3;
let s3: S3Client;

beforeAll(async () => {
  server = await startS3({ port: await freePort(), dataDir: dir, siteOrigin: 'http://127.0.0.1', log: memoryLog() });
  s3 = new S3Client({ endpoint: server.endpoint, region: localRegion, credentials: localCredentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
});
afterAll(async () => {
  s3.destroy();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const md5 = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

async function openUpload(Key: string, partSizes: Record<number, number>) {
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key }));
  const bodies: Record<number, Buffer> = {};
  for (const [partNumber, size] of Object.entries(partSizes)) {
    bodies[Number(partNumber)] = Buffer.alloc(size, Number(partNumber));
    await s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: Number(partNumber), Body: bodies[Number(partNumber)] }));
  }
  return { UploadId: UploadId!, bodies };
}

const errorName = (promise: Promise<unknown>) => promise.then(() => 'no error', (error: Error & { $metadata?: { httpStatusCode?: number } }) => `${error.name} ${error.$metadata?.httpStatusCode}`);

describe("the twin's S3 answers ListParts as S3 does", () => {
  it('lists the parts of an open upload with their number, ETag and size, in order', async () => {
    const Key = 'user-1/videos/list.mp4';
    const { UploadId, bodies } = await openUpload(Key, { 3: 700, 1: 1000, 2: 1000 });

    const listed = await s3.send(new ListPartsCommand({ Bucket, Key, UploadId }));

    expect(listed.Parts?.map(({ PartNumber, ETag, Size }) => ({ PartNumber, ETag, Size }))).toEqual([
      { PartNumber: 1, ETag: md5(bodies[1]!), Size: 1000 },
      { PartNumber: 2, ETag: md5(bodies[2]!), Size: 1000 },
      { PartNumber: 3, ETag: md5(bodies[3]!), Size: 700 },
    ]);
    expect(listed.Parts?.[0]?.LastModified).toBeInstanceOf(Date);
    expect(listed).toMatchObject({ Bucket, Key, UploadId, IsTruncated: false, MaxParts: 1000 });
  });

  it('pages by MaxParts and PartNumberMarker, NextPartNumberMarker naming the last part listed', async () => {
    const Key = 'user-1/videos/pages.mp4';
    const { UploadId } = await openUpload(Key, { 1: 10, 2: 10, 4: 10, 7: 5 });

    const first = await s3.send(new ListPartsCommand({ Bucket, Key, UploadId, MaxParts: 2 }));
    const second = await s3.send(new ListPartsCommand({ Bucket, Key, UploadId, MaxParts: 2, PartNumberMarker: first.NextPartNumberMarker }));

    expect(first.Parts?.map((part) => part.PartNumber)).toEqual([1, 2]);
    expect(first).toMatchObject({ IsTruncated: true, NextPartNumberMarker: '2', MaxParts: 2 });
    expect(second.Parts?.map((part) => part.PartNumber)).toEqual([4, 7]);
    expect(second.IsTruncated).toBe(false);
    expect(second.PartNumberMarker).toBe('2');
  });

  it('lists a part sent again with its new ETag and size', async () => {
    const Key = 'user-1/videos/again.mp4';
    const { UploadId } = await openUpload(Key, { 1: 300 });
    const replacement = Buffer.alloc(120, 9);
    await s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: replacement }));

    const listed = await s3.send(new ListPartsCommand({ Bucket, Key, UploadId }));

    expect(listed.Parts?.map(({ ETag, Size }) => ({ ETag, Size }))).toEqual([{ ETag: md5(replacement), Size: 120 }]);
  });

  it('answers NoSuchUpload (404) for an unknown upload, another key, an aborted and a completed one', async () => {
    const Key = 'user-1/videos/gone.mp4';
    const aborted = await openUpload(Key, { 1: 10 });
    await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: aborted.UploadId }));
    const completed = await openUpload('user-1/videos/done.mp4', { 1: 10 });
    await s3.send(
      new CompleteMultipartUploadCommand({ Bucket, Key: 'user-1/videos/done.mp4', UploadId: completed.UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: md5(completed.bodies[1]!) }] } }),
    );
    const open = await openUpload('user-1/videos/open.mp4', { 1: 10 });

    expect(await errorName(s3.send(new ListPartsCommand({ Bucket, Key, UploadId: 'f00d' })))).toBe('NoSuchUpload 404');
    expect(await errorName(s3.send(new ListPartsCommand({ Bucket, Key: 'user-2/videos/other.mp4', UploadId: open.UploadId })))).toBe('NoSuchUpload 404');
    expect(await errorName(s3.send(new ListPartsCommand({ Bucket, Key, UploadId: aborted.UploadId })))).toBe('NoSuchUpload 404');
    expect(await errorName(s3.send(new ListPartsCommand({ Bucket, Key: 'user-1/videos/done.mp4', UploadId: completed.UploadId })))).toBe('NoSuchUpload 404');
  });

  it('refuses a part sent to an aborted upload (NoSuchUpload) instead of storing it', async () => {
    const Key = 'user-1/videos/late.mp4';
    const { UploadId } = await openUpload(Key, { 1: 10 });
    await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));

    expect(await errorName(s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 2, Body: Buffer.alloc(10) })))).toBe('NoSuchUpload 404');
    expect(await errorName(s3.send(new ListPartsCommand({ Bucket, Key, UploadId })))).toBe('NoSuchUpload 404');
  });
});
