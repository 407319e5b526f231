import { describe, expect, inject, it } from 'vitest';
import { storedObjectExists } from '../../support/storedObjects';
import { membershipAllowances } from '../../../shared/api/membership';
import type { UploadSession } from '../../../shared/api/uploads';
import { postJson, startUpload, storageUsage, uploadThroughApi } from '../../support/apiUploads';
import { syntheticMp4 } from '../../support/mp4';
import { tinyJpeg } from '../../support/posts';
import { createUser } from '../../support/users';

/**
 * Storage quotas per plan (issue 16, point 3) and the crafted MP4 (point 2), through the API on
 * the twin: bytes counted atomically when an upload starts (declared size) and completes (real
 * size), given back when it is aborted or refused.
 */
const twin = inject('twin');
const MiB = 1024 * 1024;
const freeLimit = membershipAllowances.free.maxStorageBytes!;

const exists = (key: string) => storedObjectExists(twin, 'media', key);

describe('storage quota', () => {
  it("counts a completed upload at its real size against the free plan's 2 GiB, and shows both", async () => {
    const user = await createUser(twin);
    expect(await storageUsage(twin, user)).toEqual({ usedBytes: 0, maxBytes: freeLimit });
    const { status, body } = await uploadThroughApi(twin, user, 'photo.jpg', 'image/jpeg', tinyJpeg);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(await storageUsage(twin, user)).toEqual({ usedBytes: tinyJpeg.length, maxBytes: freeLimit });
  });

  it('refuses, in words, an upload larger than what is left of the plan, before anything is stored', async () => {
    const user = await createUser(twin);
    const { status, body } = await startUpload(twin, user, 'long.mp4', 'video/mp4', freeLimit + 1);
    expect(status).toBe(403);
    expect(String(body?.['message'])).toMatch(/^Your plan's storage is full: this file needs 2 GiB and 2 GiB of your 2 GiB is left \(0 MiB used\)\. /);
    expect(await storageUsage(twin, user)).toEqual({ usedBytes: 0, maxBytes: freeLimit });
  });

  it('concurrent starts are counted atomically: exactly as many as fit are accepted, and aborting gives the bytes back', async () => {
    const user = await createUser(twin);
    const size = 300 * MiB;
    const answers = await Promise.all(Array.from({ length: 10 }, (_unused, index) => startUpload(twin, user, `clip${index}.mp4`, 'video/mp4', size)));
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted).toHaveLength(Math.floor(freeLimit / size));
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(10 - accepted.length);
    expect((await storageUsage(twin, user)).usedBytes).toBe(accepted.length * size);
    for (const answer of accepted) {
      const session = answer.body as unknown as UploadSession;
      const aborted = await postJson(twin, user, '/uploads/abort', { key: session.key, uploadId: session.uploadId });
      expect(aborted.status).toBe(204);
    }
    expect((await storageUsage(twin, user)).usedBytes).toBe(0);
  });

  it('a crafted MP4 (an mvhd of size 8) is refused in words, deleted and stops counting', async () => {
    const user = await createUser(twin);
    const crafted = syntheticMp4({ durationSeconds: 4 });
    crafted.writeUInt32BE(8, crafted.indexOf('mvhd') - 4);
    const { session, status, body } = await uploadThroughApi(twin, user, 'crafted.mp4', 'video/mp4', crafted);
    expect(status).toBe(400);
    expect(body.message).toMatch(/^This video could not be read: .+\. The file was not kept\.$/);
    expect(await exists(session.key)).toBe(false);
    expect((await storageUsage(twin, user)).usedBytes).toBe(0);
  });

  it('completing twice answers the same file and counts it once', async () => {
    const user = await createUser(twin);
    const file = syntheticMp4({ durationSeconds: 6 });
    const first = await uploadThroughApi(twin, user, 'clip.mp4', 'video/mp4', file);
    expect(first.status).toBe(200);
    const again = await postJson(twin, user, '/uploads/complete', { key: first.session.key, uploadId: first.session.uploadId, parts: [{ partNumber: 1, etag: '"x"' }] });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await storageUsage(twin, user)).usedBytes).toBe(file.length);
  });
});
