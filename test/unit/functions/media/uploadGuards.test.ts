import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { createS3Media } from '../../../../functions/media/s3Media';
import { createUploadService, PART_SIZE, partLength } from '../../../../functions/services/uploads';
import { syntheticMp4 } from '../../../support/mp4';
import { memoryS3 } from '../../../support/memoryS3';
import { memoryStorageQuota } from '../../../support/storageQuota';

const user = { userId: '8f0c2a6e-1b2c-4d5e-8f90-0123456789ab', email: 'a@example.com' };
const clock = { now: () => new Date('2026-01-01T00:00:00Z') };

describe('ranged reads of stored media', () => {
  it('never sends an empty or inverted range', async () => {
    const { s3, objects, sent } = memoryS3();
    objects.set(`${user.userId}/videos/abcdefghijklmnopqrst.mp4`, new Uint8Array(100));
    const media = createS3Media(s3, 'media');
    const source = media.source({ key: `${user.userId}/videos/abcdefghijklmnopqrst.mp4`, kind: 'video', contentType: 'video/mp4', size: 100, extension: 'mp4' });
    await expect(source.read(40, 39)).rejects.toThrow(/inverted range 40-39/);
    await expect(source.read(-1, 3)).rejects.toThrow(RangeError);
    expect(sent).toEqual([]);
    expect((await source.read(0, 9)).byteLength).toBe(10);
  });

  it('refuses an answer that is the whole object instead of the range, without reading it', async () => {
    let destroyed = false;
    const s3 = {
      send: async () => ({ Body: { destroy: () => (destroyed = true), transformToByteArray: async () => new Uint8Array(10_000) } }),
    } as unknown as S3Client;
    const source = createS3Media(s3, 'media').source({ key: 'k', kind: 'video', contentType: 'video/mp4', size: 10_000, extension: 'mp4' });
    await expect(source.read(0, 15)).rejects.toThrow(/whole of k instead of bytes 0-15/);
    expect(destroyed).toBe(true);
  });
});

describe('the upload check order', () => {
  it('checks the stored size before reading a byte of the file, then deletes it and gives the storage back', async () => {
    const { s3, objects, sent } = memoryS3();
    const quota = memoryStorageQuota();
    const uploads = createUploadService({ s3, bucket: 'media', limits: { maxImageBytes: 100, maxVideoBytes: 2000 }, clock, quota, storageLimit: async () => null });
    const key = `${user.userId}/videos/abcdefghijklmnopqrst.mp4`;
    // A crafted MP4 (an mvhd of size 8) larger than the limit: the old order parsed it first and crashed.
    const crafted = Buffer.concat([syntheticMp4({ durationSeconds: 1, payloadBytes: 3000 }).subarray(0, 3100)]);
    crafted.writeUInt32BE(8, crafted.indexOf('mvhd') - 4);
    objects.set(key, crafted);
    await quota.reserve(user.userId, { bucket: 'media', key, bytes: 1000, uploadId: 'u' }, null);
    await expect(uploads.complete(user, { key, uploadId: 'u', parts: [{ partNumber: 1, etag: '"e"' }] })).rejects.toThrow(/larger than 2000 bytes/);
    expect(sent).not.toContain('GetObjectCommand');
    expect(objects.has(key)).toBe(false);
    expect(await quota.usedBytes(user.userId)).toBe(0);
  });

  it('refuses a crafted MP4 within the size limit in words, deletes it and gives the storage back', async () => {
    const { s3, objects } = memoryS3();
    const quota = memoryStorageQuota();
    const uploads = createUploadService({ s3, bucket: 'media', limits: { maxImageBytes: 100, maxVideoBytes: 1 << 20 }, clock, quota, storageLimit: async () => null });
    const key = `${user.userId}/videos/abcdefghijklmnopqrst.mp4`;
    const crafted = syntheticMp4({ durationSeconds: 1 });
    crafted.writeUInt32BE(8, crafted.indexOf('mvhd') - 4);
    objects.set(key, crafted);
    await quota.reserve(user.userId, { bucket: 'media', key, bytes: crafted.length, uploadId: 'u' }, null);
    await expect(uploads.complete(user, { key, uploadId: 'u', parts: [{ partNumber: 1, etag: '"e"' }] })).rejects.toThrow(
      /^This video could not be read: .+\. The file was not kept\.$/,
    );
    expect(objects.has(key)).toBe(false);
    expect(await quota.usedBytes(user.userId)).toBe(0);
  });
});

describe('part URLs', () => {
  function presigningUploads(storageLimit: number | null = null) {
    const s3 = new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }, requestChecksumCalculation: 'WHEN_REQUIRED' });
    const sent: unknown[] = [];
    // Presigning is local; only the CreateMultipartUpload/Abort calls would reach S3.
    s3.send = (async (command: unknown) => (sent.push(command), { UploadId: 'upload-1' })) as typeof s3.send;
    const quota = memoryStorageQuota();
    return { uploads: createUploadService({ s3, bucket: 'media', limits: { maxImageBytes: 1 << 20, maxVideoBytes: 1 << 30 }, clock, quota, storageLimit: async () => storageLimit }), quota, sent };
  }

  it("sign each part's exact length (Content-Length in X-Amz-SignedHeaders), so a part cannot carry more than declared", async () => {
    const size = 2 * PART_SIZE + 1234;
    const { uploads } = presigningUploads();
    const session = await uploads.create(user, { fileName: 'clip.mp4', contentType: 'video/mp4', size });
    expect(session.parts).toHaveLength(3);
    for (const part of session.parts) {
      const url = new URL(part.url);
      expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'host']);
      expect(url.searchParams.get('partNumber')).toBe(String(part.partNumber));
    }
    expect([1, 2, 3].map((partNumber) => partLength(size, partNumber))).toEqual([PART_SIZE, PART_SIZE, 1234]);
    // The browser's slices are exactly these lengths (frontend uploadFile.ts: file.slice(start, start + partSize)).
    expect([1, 2, 3].reduce((sum, partNumber) => sum + partLength(size, partNumber), 0)).toBe(size);
  });

  it('refuses a file larger than what is left of the plan, and aborts the multipart upload it started', async () => {
    const { uploads, sent } = presigningUploads(5000);
    await uploads.create(user, { fileName: 'a.mp4', contentType: 'video/mp4', size: 4000 });
    await expect(uploads.create(user, { fileName: 'b.mp4', contentType: 'video/mp4', size: 2000 })).rejects.toThrow(
      /Your plan's storage is full: this file needs .+ and .+ of your .+ is left/,
    );
    expect((sent.at(-1) as object).constructor.name).toBe('AbortMultipartUploadCommand');
  });
});

describe('looking for a thumbnail', () => {
  it("takes S3's 403 for a missing key (a function without s3:ListBucket) as no thumbnail, and keeps other errors", async () => {
    const key = `${user.userId}/images/abcdefghijklmnopqrst.jpg`;
    const answering = (status: number) => {
      const { s3, objects } = memoryS3();
      objects.set(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
      const send = s3.send.bind(s3) as (command: unknown) => Promise<unknown>;
      const denying = {
        send: async (command: { input: { Key: string } }) => {
          if (command.input.Key.endsWith('.thumb.jpg')) throw Object.assign(new Error('AccessDenied'), { $metadata: { httpStatusCode: status } });
          return send(command);
        },
      } as unknown as S3Client;
      return { media: createS3Media(denying, 'media'), objects };
    };
    const denied = answering(403);
    expect(await denied.media.describe(key)).not.toHaveProperty('thumbnailKey');
    expect(await denied.media.exists(`${user.userId}/images/missingmissingmissin.jpg`)).toBe(false);
    await expect(answering(500).media.describe(key)).rejects.toThrow('AccessDenied');

    const { s3, objects } = memoryS3();
    objects.set(key, new Uint8Array(4));
    objects.set(`${key}.thumb.jpg`, new Uint8Array(4));
    expect(await createS3Media(s3, 'media').describe(key)).toMatchObject({ key, thumbnailKey: `${key}.thumb.jpg` });
  });
});
