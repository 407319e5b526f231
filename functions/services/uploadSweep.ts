import { AbortMultipartUploadCommand, DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../clock';
import { mediaKeyOfThumbnail } from '../../shared/media';
import { parseContentKey } from './content';
import { mediaKeysInPosts } from './postDeletion';
import type { StorageBucket, StorageQuota, SweepCursor, UploadRecord } from './storageQuota';

export interface UploadSweepDependencies {
  db: DynamoDBDocumentClient;
  postsTable: string;
  contentTable: string;
  s3: S3Client;
  buckets: Record<StorageBucket, string>;
  quota: StorageQuota;
  clock: Clock;
  /** How long one run may go on reading further pages (the function's timeout is 5 minutes). */
  timeBudgetMs?: number;
}

/** One run reads page after page of due records for this long, then leaves the rest for the next. */
export const SWEEP_TIME_BUDGET_MS = 4 * 60_000;

export interface SweepReport {
  /** Files (or abandoned uploads) removed and their bytes given back. */
  removed: number;
  releasedBytes: number;
  /** Files found in use (a post, or My Content) and kept from now on. */
  kept: number;
  /** Pages of due records read (each up to 100 per shard). */
  pages: number;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/**
 * The scheduled sweep (hourly; a timer in the twin): every upload record whose day is up is
 * either in use — a post refers to the media file (or to the medium a thumbnail belongs to), or
 * the module's file is in My Content — and
 * is kept, or is removed: an unfinished multipart upload is aborted, the object deleted, and its
 * bytes given back. The record is released first, only if unchanged, so a completion or a
 * registration that wins the race keeps its file. On AWS the bucket's lifecycle rule also aborts
 * multipart uploads left for a day (S3 frees the parts); s3rver has no lifecycle, so this is the
 * twin's only cleaner.
 */
export function createUploadSweep({ db, postsTable, contentTable, s3, buckets, quota, clock, timeBudgetMs = SWEEP_TIME_BUDGET_MS }: UploadSweepDependencies) {
  async function registeredContent(record: UploadRecord): Promise<boolean> {
    const parsed = parseContentKey(record.key) ?? parseContentKey(record.key.replace(/\.mp4$/, '.webm'));
    if (!parsed) return false;
    const { Item } = await db.send(new GetCommand({ TableName: contentTable, Key: { userId: record.userId, contentId: parsed.contentId }, ConsistentRead: true }));
    return Item !== undefined;
  }

  async function remove(record: UploadRecord): Promise<boolean> {
    if (!(await quota.releaseIfUnchanged(record))) return false;
    const bucket = buckets[record.bucket];
    if (record.uploadId) {
      await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: record.key, UploadId: record.uploadId })).catch((error: unknown) => {
        if (statusOf(error) !== 404) throw error;
      });
    }
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: record.key }));
    return true;
  }

  return {
    /**
     * Sweeps page after page of due records until none is left or the time budget is spent. A
     * record a post took since it was read is no longer as read (the post's write marked it in
     * use), so its release fails and the file stays.
     */
    async run(): Promise<SweepReport> {
      const report: SweepReport = { removed: 0, releasedBytes: 0, kept: 0, pages: 0 };
      const startedAt = clock.now();
      const postsMedia = new Map<string, Set<string>>();
      let after: SweepCursor | undefined;
      do {
        const page = await quota.dueForSweep(startedAt, after ? { after } : {});
        report.pages += 1;
        for (const record of page.records) {
          let inUse = false;
          if (record.state !== 'uploading') {
            if (record.bucket === 'media') {
              if (!postsMedia.has(record.userId)) postsMedia.set(record.userId, await mediaKeysInPosts(db, postsTable, record.userId));
              // A thumbnail is in use while its medium is.
              inUse = postsMedia.get(record.userId)!.has(mediaKeyOfThumbnail(record.key) ?? record.key);
            } else {
              inUse = await registeredContent(record);
            }
          }
          if (inUse) {
            await quota.keep(record);
            report.kept += 1;
          } else if (await remove(record)) {
            report.removed += 1;
            report.releasedBytes += record.bytes;
          }
        }
        after = page.next;
      } while (after && clock.now().getTime() - startedAt.getTime() < timeBudgetMs);
      return report;
    },
  };
}
