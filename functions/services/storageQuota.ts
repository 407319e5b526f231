import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../clock';
import { QuotaExceeded } from '../errors';

/**
 * Bytes stored per user, counted atomically in the memberships table: one "storage" item with
 * `usedBytes`, and one "upload#<bucket>#<key>" record per file saying how many bytes it counts
 * for. Every change of the counter happens in one transaction with the change of a record, so
 * the counter is always the sum of the records: a file is counted once, released once.
 *
 * A file starts counted at its declared size (state "uploading"), is settled at its real size
 * when it completes ("pending": not yet used by a post or registered as content) and is "kept"
 * once something refers to it. Records that are not kept carry `sweepAt`, a day after they were
 * made, in the sparse bySweepDue index: the sweep (functions/services/uploadSweep.ts) removes
 * what nothing took by then.
 */
export type StorageBucket = 'media' | 'content';
export type UploadState = 'uploading' | 'pending' | 'kept';

export interface UploadRecord {
  userId: string;
  record: string;
  bucket: StorageBucket;
  key: string;
  /** What this file counts for in usedBytes. */
  bytes: number;
  state: UploadState;
  /** The multipart upload, while uploading. */
  uploadId?: string;
  createdAt: string;
  sweepShard?: string;
  sweepAt?: string;
}

/** How long an upload may wait for a post (or a module's registration) before the sweep removes it. */
export const UNREFERENCED_UPLOAD_HOURS = 24;
export const SWEEP_SHARDS = 4;
const STORAGE_RECORD = 'storage';
const MiB = 1024 * 1024;

export const recordOf = (bucket: StorageBucket, key: string) => `upload#${bucket}#${key}`;
const shardOf = (userId: string, key: string) => `sweep#${createHash('sha256').update(`${userId}/${key}`).digest()[0]! % SWEEP_SHARDS}`;

/** "1.5 GiB", "300 MiB": quota messages. */
export function formatStorage(bytes: number): string {
  if (bytes >= 1024 * MiB) return `${Math.round((bytes / (1024 * MiB)) * 100) / 100} GiB`;
  return `${Math.round((bytes / MiB) * 10) / 10} MiB`;
}

export function quotaMessage(needed: number, used: number, limit: number): string {
  const left = Math.max(0, limit - used);
  return (
    `Your plan's storage is full: this file needs ${formatStorage(needed)} and ${formatStorage(left)} of your ${formatStorage(limit)} is left ` +
    `(${formatStorage(used)} used). Delete posts' media or content you no longer need in My Content, then try again.`
  );
}

export interface StorageQuotaDependencies {
  db: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
}

export function createStorageQuota({ db, tableName, clock }: StorageQuotaDependencies) {
  const usageKey = (userId: string) => ({ userId, record: STORAGE_RECORD });

  async function usedBytes(userId: string): Promise<number> {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: usageKey(userId), ConsistentRead: true }));
    return Number(Item?.['usedBytes'] ?? 0);
  }

  async function find(userId: string, bucket: StorageBucket, key: string): Promise<UploadRecord | undefined> {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId, record: recordOf(bucket, key) }, ConsistentRead: true }));
    return Item as UploadRecord | undefined;
  }

  /** A transaction step adding `delta` bytes; when it grows and there is a limit, only while it stays within it. */
  function countStep(userId: string, delta: number, limit: number | null) {
    const bounded = delta > 0 && limit !== null;
    return {
      Update: {
        TableName: tableName,
        Key: usageKey(userId),
        UpdateExpression: 'ADD usedBytes :delta',
        ...(bounded ? { ConditionExpression: 'attribute_not_exists(usedBytes) OR usedBytes <= :room' } : {}),
        ExpressionAttributeValues: { ':delta': delta, ...(bounded ? { ':room': limit - delta } : {}) },
      },
    };
  }

  async function refuseOverQuota(userId: string, needed: number, limit: number): Promise<never> {
    throw new QuotaExceeded(quotaMessage(needed, await usedBytes(userId), limit));
  }

  const quotaRefused = (error: unknown, index = 0) =>
    error instanceof TransactionCanceledException && error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';

  /**
   * Counts a finished file at its real size instead of what it counted for so far, and moves it
   * on (pending: waits for a post; kept: in use). Refuses (QuotaExceeded) when a larger file
   * than declared passes the limit. False when the record is gone or changed meanwhile.
   */
  async function settle(record: UploadRecord, actualBytes: number, state: Exclude<UploadState, 'uploading'>, limit: number | null): Promise<boolean> {
    const delta = actualBytes - record.bytes;
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            countStep(record.userId, delta, limit),
            {
              Update: {
                TableName: tableName,
                Key: { userId: record.userId, record: record.record },
                UpdateExpression:
                  state === 'kept' ? 'SET bytes = :actual, #state = :state REMOVE uploadId, sweepShard, sweepAt' : 'SET bytes = :actual, #state = :state REMOVE uploadId',
                ConditionExpression: 'bytes = :counted AND #state = :previous',
                ExpressionAttributeNames: { '#state': 'state' },
                ExpressionAttributeValues: { ':actual': actualBytes, ':state': state, ':counted': record.bytes, ':previous': record.state },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (quotaRefused(error, 0) && limit !== null) await refuseOverQuota(record.userId, delta, limit);
      if (quotaRefused(error, 1)) return false;
      throw error;
    }
  }

  return {
    usedBytes,
    find,

    /**
     * Counts a file about to be uploaded at its declared size, refusing (QuotaExceeded, in words)
     * when that would pass the limit. The record waits a day for a post or a registration.
     */
    async reserve(userId: string, upload: { bucket: StorageBucket; key: string; bytes: number; uploadId?: string }, limit: number | null): Promise<void> {
      if (limit !== null && upload.bytes > limit) await refuseOverQuota(userId, upload.bytes, limit);
      const now = clock.now();
      const record: UploadRecord = {
        userId,
        record: recordOf(upload.bucket, upload.key),
        bucket: upload.bucket,
        key: upload.key,
        bytes: upload.bytes,
        state: 'uploading',
        ...(upload.uploadId ? { uploadId: upload.uploadId } : {}),
        createdAt: now.toISOString(),
        sweepShard: shardOf(userId, upload.key),
        sweepAt: new Date(now.getTime() + UNREFERENCED_UPLOAD_HOURS * 3600_000).toISOString(),
      };
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              countStep(userId, upload.bytes, limit),
              { Put: { TableName: tableName, Item: record, ConditionExpression: 'attribute_not_exists(#record)', ExpressionAttributeNames: { '#record': 'record' } } },
            ],
          }),
        );
      } catch (error) {
        if (quotaRefused(error) && limit !== null) await refuseOverQuota(userId, upload.bytes, limit);
        throw error;
      }
    },

    settle,

    /** Marks a stored file as in use (a post or My Content refers to it): the sweep leaves it. */
    async keep(record: UploadRecord): Promise<void> {
      if (record.state === 'kept') return;
      await settle(record, record.bytes, 'kept', null);
    },

    /**
     * Stops counting a file (deleted, refused or abandoned): removes its record and gives its
     * bytes back, once. A file without a record (stored before quotas) counts for nothing.
     */
    async release(userId: string, bucket: StorageBucket, key: string): Promise<number> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const record = await find(userId, bucket, key);
        if (!record) return 0;
        try {
          await db.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Delete: {
                    TableName: tableName,
                    Key: { userId, record: record.record },
                    ConditionExpression: 'bytes = :counted',
                    ExpressionAttributeValues: { ':counted': record.bytes },
                  },
                },
                countStep(userId, -record.bytes, null),
              ],
            }),
          );
          return record.bytes;
        } catch (error) {
          if (!quotaRefused(error, 0)) throw error;
        }
      }
      throw new Error(`The storage record of ${key} kept changing while it was released`);
    },

    /**
     * Releases the record only if it is still as `record` says (same bytes and state): the
     * sweep's way, so a registration or completion that won the race keeps its file. False when
     * it changed (or is gone).
     */
    async releaseIfUnchanged(record: UploadRecord): Promise<boolean> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: { userId: record.userId, record: record.record },
                  ConditionExpression: 'bytes = :counted AND #state = :state',
                  ExpressionAttributeNames: { '#state': 'state' },
                  ExpressionAttributeValues: { ':counted': record.bytes, ':state': record.state },
                },
              },
              countStep(record.userId, -record.bytes, null),
            ],
          }),
        );
        return true;
      } catch (error) {
        if (quotaRefused(error, 0)) return false;
        throw error;
      }
    },

    /**
     * Puts a stored file back in the sweep's list, due at `at` (pending): when its deletion is
     * about to start, so a deletion cut short is finished by the sweep.
     */
    async dueAt(record: UploadRecord, at: Date): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: record.userId, record: record.record },
          UpdateExpression: 'SET #state = :pending, sweepShard = :shard, sweepAt = :at',
          ConditionExpression: 'attribute_exists(#record)',
          ExpressionAttributeNames: { '#state': 'state', '#record': 'record' },
          ExpressionAttributeValues: { ':pending': 'pending', ':shard': shardOf(record.userId, record.key), ':at': at.toISOString() },
        }),
      ).catch((error: unknown) => {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      });
    },

    /** Records whose sweepAt has passed (up to `limit` per shard), oldest first. */
    async dueForSweep(now: Date, limit = 100): Promise<UploadRecord[]> {
      const pages = await Promise.all(
        Array.from({ length: SWEEP_SHARDS }, (_unused, shard) =>
          db.send(
            new QueryCommand({
              TableName: tableName,
              IndexName: 'bySweepDue',
              KeyConditionExpression: 'sweepShard = :shard AND sweepAt <= :now',
              ExpressionAttributeValues: { ':shard': `sweep#${shard}`, ':now': now.toISOString() },
              Limit: limit,
            }),
          ),
        ),
      );
      return pages.flatMap((page) => (page.Items ?? []) as UploadRecord[]);
    },
  };
}

export type StorageQuota = ReturnType<typeof createStorageQuota>;
