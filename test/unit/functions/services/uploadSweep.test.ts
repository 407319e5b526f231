import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createUploadSweep, SWEEP_TIME_BUDGET_MS } from '../../../../functions/services/uploadSweep';
import type { StorageQuota, SweepCursor, UploadRecord } from '../../../../functions/services/storageQuota';

const MINUTE = 60_000;

/** An abandoned upload (in progress a day later): the sweep removes it without asking a table. */
const abandoned = (page: number, index: number): UploadRecord => ({
  userId: 'user-1',
  record: `upload#media#user-1/videos/page${page}-${index}.mp4`,
  bucket: 'media',
  key: `user-1/videos/page${page}-${index}.mp4`,
  bytes: 10,
  state: 'uploading',
  uploadId: `upload-${page}-${index}`,
  createdAt: '2026-03-01T00:00:00.000Z',
});

/**
 * A sweep over `pageCount` pages of 400 due records (100 per shard), where reading and sweeping
 * a page takes `minutesPerPage` of the injected clock.
 */
function sweepOver(pageCount: number, minutesPerPage: number) {
  let now = new Date('2026-03-02T12:00:00.000Z').getTime();
  const asked: Array<SweepCursor | undefined> = [];
  const released: string[] = [];
  const quota = {
    async dueForSweep(_now: Date, { after }: { after?: SweepCursor } = {}) {
      asked.push(after);
      const page = after ? Number(after[0]!['page']) : 0;
      now += minutesPerPage * MINUTE;
      const records = Array.from({ length: 400 }, (_unused, index) => abandoned(page, index));
      return { records, ...(page + 1 < pageCount ? { next: { 0: { page: page + 1 } } } : {}) };
    },
    async releaseIfUnchanged(record: UploadRecord) {
      released.push(record.key);
      return true;
    },
  } as unknown as StorageQuota;
  const s3 = { send: async () => ({}) } as unknown as S3Client;
  const sweep = createUploadSweep({
    db: {} as DynamoDBDocumentClient,
    postsTable: 'posts',
    contentTable: 'content',
    s3,
    buckets: { media: 'media', content: 'content' },
    quota,
    clock: { now: () => new Date(now) },
  });
  return { sweep, asked, released };
}

describe('the upload sweep\'s pages', () => {
  it('goes on to the next page while there is one and time is left, each from where the last stopped', async () => {
    const { sweep, asked, released } = sweepOver(3, 1);

    const report = await sweep.run();

    expect(report).toMatchObject({ pages: 3, removed: 1200 });
    expect(asked).toEqual([undefined, { 0: { page: 1 } }, { 0: { page: 2 } }]);
    expect(new Set(released).size).toBe(1200);
  });

  it('stops once its time budget is spent, leaving the rest for the next run', async () => {
    // A page takes a minute: the fourth ends at the budget (4 minutes), so no fifth is read.
    const { sweep, asked } = sweepOver(50, 1);

    const report = await sweep.run();

    expect(SWEEP_TIME_BUDGET_MS).toBe(4 * MINUTE);
    expect(report.pages).toBe(4);
    expect(report.removed).toBe(1600);
    expect(asked).toHaveLength(4);
  });
});
