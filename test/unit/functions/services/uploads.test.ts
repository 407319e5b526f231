import { AbortMultipartUploadCommand, type S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { InvalidInput, NotFound } from '../../../../functions/errors';
import {
  buildUploadKey,
  createUploadService,
  defaultUploadLimits,
  FROM_URL_STALE_MS,
  MAX_PARTS,
  PART_SIZE,
  partLayout,
  randomKeyPart,
} from '../../../../functions/services/uploads';
import { parseMediaKey } from '../../../../shared/media';
import { recordOf, type UploadRecord } from '../../../../functions/services/storageQuota';
import { memoryStorageQuota } from '../../../support/storageQuota';

const user = { userId: '8f0c2a6e-1b2c-4d5e-8f90-0123456789ab', email: 'a@example.com' };
const clock = { now: () => new Date('2026-01-01T00:00:00Z') };

/** An S3 port that records the commands it is sent. */
function recordingS3() {
  const sent: unknown[] = [];
  const s3 = { send: async (command: unknown) => (sent.push(command), {}) } as unknown as S3Client;
  return { s3, sent };
}

describe('upload keys', () => {
  it('builds <userId>/<images|videos>/<20 url-safe chars>.<lower-case extension>', () => {
    const image = buildUploadKey(user.userId, 'Holiday.JPEG');
    const video = buildUploadKey(user.userId, 'clip.final.MOV');
    expect(image).toMatch(new RegExp(`^${user.userId}/images/[A-Za-z0-9_-]{20}\\.jpeg$`));
    expect(video).toMatch(new RegExp(`^${user.userId}/videos/[A-Za-z0-9_-]{20}\\.mov$`));
    expect(parseMediaKey(image)).toEqual({ userId: user.userId, kind: 'image', extension: 'jpeg' });
    expect(parseMediaKey(video)).toEqual({ userId: user.userId, kind: 'video', extension: 'mov' });
  });

  it('uses the random part it is given, and a fresh one each time otherwise', () => {
    expect(buildUploadKey('u1', 'a.PNG', 'abcdefghijklmnopqrst')).toBe('u1/images/abcdefghijklmnopqrst.png');
    const randoms = new Set(Array.from({ length: 50 }, () => randomKeyPart()));
    expect(randoms.size).toBe(50);
    for (const random of randoms) expect(random).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });

  it('refuses an extension outside the spec', () => {
    expect(() => buildUploadKey('u1', 'a.webp')).toThrow(InvalidInput);
  });
});

describe('upload parts', () => {
  it('cuts a file into 8 MiB parts', () => {
    expect(partLayout(1)).toEqual({ partSize: PART_SIZE, partCount: 1 });
    expect(partLayout(PART_SIZE)).toEqual({ partSize: PART_SIZE, partCount: 1 });
    expect(partLayout(PART_SIZE + 1)).toEqual({ partSize: PART_SIZE, partCount: 2 });
    expect(partLayout(4 * 1024 ** 3)).toEqual({ partSize: PART_SIZE, partCount: 512 });
  });

  it('never needs more than 10,000 parts', () => {
    const size = 100 * 1024 ** 3;
    const { partSize, partCount } = partLayout(size);
    expect(partCount).toBeLessThanOrEqual(MAX_PARTS);
    expect(partSize * partCount).toBeGreaterThanOrEqual(size);
  });
});

describe('the upload service', () => {
  it('refuses a file over the limit before asking S3 for anything', async () => {
    const { s3, sent } = recordingS3();
    const uploads = createUploadService({ s3, bucket: 'media', limits: { maxImageBytes: 100, maxVideoBytes: 2 * 1024 ** 3 }, clock, quota: memoryStorageQuota(), storageLimit: async () => null });
    await expect(uploads.create(user, { fileName: 'a.png', contentType: 'image/png', size: 101 })).rejects.toThrow('The file is larger than 100 bytes, the most we accept for an image.');
    await expect(uploads.create(user, { fileName: 'a.mp4', contentType: 'video/mp4', size: 3 * 1024 ** 3 })).rejects.toThrow('The file is larger than 2 GiB, the most we accept for a video.');
    expect(sent).toEqual([]);
  });

  it("refuses another user's key for complete and abort without touching S3", async () => {
    const { s3, sent } = recordingS3();
    const uploads = createUploadService({ s3, bucket: 'media', limits: defaultUploadLimits, clock, quota: memoryStorageQuota(), storageLimit: async () => null });
    const key = 'someone-else/videos/abcdefghijklmnopqrst.mp4';
    await expect(uploads.complete(user, { key, uploadId: 'u', parts: [{ partNumber: 1, etag: '"e"' }] })).rejects.toThrow(NotFound);
    await expect(uploads.abort(user, { key, uploadId: 'u' })).rejects.toThrow(NotFound);
    await expect(uploads.abort(user, { key: 'not/a/media/key', uploadId: 'u' })).rejects.toThrow(NotFound);
    expect(sent).toEqual([]);
  });

  it("aborts the caller's own upload in the media bucket", async () => {
    const { s3, sent } = recordingS3();
    const uploads = createUploadService({ s3, bucket: 'media', limits: defaultUploadLimits, clock, quota: memoryStorageQuota(), storageLimit: async () => null });
    const key = `${user.userId}/videos/abcdefghijklmnopqrst.mp4`;
    await uploads.abort(user, { key, uploadId: 'upload-1' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(AbortMultipartUploadCommand);
    expect((sent[0] as AbortMultipartUploadCommand).input).toEqual({ Bucket: 'media', Key: key, UploadId: 'upload-1' });
  });
});

describe('a file taken from an address under a key of its own (a feed item’s image)', () => {
  const keyPart = 'feed-item-image-key-part';
  const key = `${user.userId}/images/${keyPart}.png`;
  const described = { kind: 'image' as const, contentType: 'image/png', size: 70, extension: 'png', width: 1, height: 1 };

  function setUp(record?: Partial<UploadRecord>) {
    const { s3, sent } = recordingS3();
    const quota = memoryStorageQuota();
    if (record) {
      quota.records.set(`${user.userId}|${recordOf('media', key)}`, { userId: user.userId, record: recordOf('media', key), bucket: 'media', key, bytes: 70, state: 'pending', createdAt: clock.now().toISOString(), ...record });
      quota.used.set(user.userId, 70);
    }
    const downloads: string[] = [];
    const download = async (url: string) => {
      downloads.push(url);
      throw new InvalidInput('The address answered HTTP 404 instead of the file.');
    };
    const uploads = createUploadService({ s3, bucket: 'media', limits: defaultUploadLimits, clock, quota, storageLimit: async () => null, download });
    return { uploads, sent, quota, downloads };
  }

  it('answers the file already taken at that key, downloading and counting nothing again', async () => {
    const { uploads, sent, quota, downloads } = setUp({ described });
    await expect(uploads.fromUrl(user, { url: 'https://example.com/photo.png' }, { keyPart })).resolves.toEqual({ key, kind: 'image', contentType: 'image/png', size: 70, width: 1, height: 1 });
    expect(downloads).toEqual([]);
    expect(sent).toEqual([]);
    expect(quota.used.get(user.userId)).toBe(70);
  });

  it('refuses, in words, while another request is taking it, and takes again what a run that died left uploading', async () => {
    const fresh = setUp({ state: 'uploading', uploadId: 'upload-1', createdAt: new Date(clock.now().getTime() - 30_000).toISOString() });
    await expect(fresh.uploads.fromUrl(user, { url: 'https://example.com/photo.png' }, { keyPart })).rejects.toThrow('This file is being taken from its address by another request right now.');
    expect(fresh.downloads).toEqual([]);

    const stale = setUp({ state: 'uploading', uploadId: 'upload-1', createdAt: new Date(clock.now().getTime() - FROM_URL_STALE_MS).toISOString() });
    await expect(stale.uploads.fromUrl(user, { url: 'https://example.com/photo.png' }, { keyPart })).rejects.toThrow('The address answered HTTP 404 instead of the file.');
    expect(stale.sent.map((command) => (command as { input: unknown }).input)).toEqual([{ Bucket: 'media', Key: key, UploadId: 'upload-1' }]);
    expect(stale.quota.records.size).toBe(0);
    expect(stale.quota.used.get(user.userId)).toBe(0);
    expect(stale.downloads).toEqual(['https://example.com/photo.png']);
  });
});
