import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../clock';
import { QuotaExceeded } from '../errors';
import type { MediaKind } from '../../shared/media';

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

/** What the upload's completion learned about a media file (type, size, a video's duration and frame): posts and drafts reuse it. */
export interface MediaDescription {
  kind: MediaKind;
  contentType: string;
  size: number;
  extension: string;
  durationSeconds?: number;
  width?: number;
  height?: number;
}

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
  /** A completed media file, as its completion described it (functions/services/uploads.ts). */
  described?: MediaDescription;
}

/** How long an upload may wait for a post (or a module's registration) before the sweep removes it. */
export const UNREFERENCED_UPLOAD_HOURS = 24;
export const SWEEP_SHARDS = 4;
/**
 * Uploads one user may have in progress at once (started, not completed, registered or aborted):
 * far more than a person's batch of files, and a loop of `POST /uploads` is stopped at this many
 * instead of reserving faster than the sweep removes.
 */
export const MAX_UPLOADS_IN_PROGRESS = 20;
const STORAGE_RECORD = 'storage';
const MiB = 1024 * 1024;

export const recordOf = (bucket: StorageBucket, key: string) => `upload#${bucket}#${key}`;
const shardOf = (userId: string, key: string) => `sweep#${createHash('sha256').update(`${userId}/${key}`).digest()[0]! % SWEEP_SHARDS}`;

/** "1.5 GiB", "300 MiB": quota messages. */
export function formatStorage(bytes: number): string {
  if (bytes >= 1024 * MiB) return `${Math.round((bytes / (1024 * MiB)) * 100) / 100} GiB`;
  return `${Math.round((bytes / MiB) * 10) / 10} MiB`;
}

export const TOO_MANY_UPLOADS_MESSAGE =
  `You have ${MAX_UPLOADS_IN_PROGRESS} uploads in progress, the most at once: wait for them to finish (or cancel some), then start this one. ` +
  `Uploads left unfinished are given back within a day.`;

export function quotaMessage(needed: number, used: number, limit: number): string {
  const left = Math.max(0, limit - used);
  return (
    `Your plan's storage is full: this file needs ${formatStorage(needed)} and ${formatStorage(left)} of your ${formatStorage(limit)} is left ` +
    `(${formatStorage(used)} used). Delete posts' media or content you no longer need in My Content, then try again.`
  );
}

/** Where each shard's reading of the sweep's list stopped (a shard read to its end is absent). */
export type SweepCursor = Record<number, Record<string, unknown>>;

export interface SweepPage {
  records: UploadRecord[];
  next?: SweepCursor;
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

  /**
   * A transaction step adding `delta` bytes (when it grows and there is a limit, only while it
   * stays within it) and `uploads` to the uploads in progress (when one starts, only while fewer
   * than MAX_UPLOADS_IN_PROGRESS are).
   */
  function countStep(userId: string, delta: number, limit: number | null, uploads = 0) {
    const bounded = delta > 0 && limit !== null;
    const conditions = [
      ...(bounded ? ['(attribute_not_exists(usedBytes) OR usedBytes <= :room)'] : []),
      ...(uploads > 0 ? ['(attribute_not_exists(uploadsInProgress) OR uploadsInProgress < :most)'] : []),
    ];
    return {
      Update: {
        TableName: tableName,
        Key: usageKey(userId),
        UpdateExpression: uploads ? 'ADD usedBytes :delta, uploadsInProgress :uploads' : 'ADD usedBytes :delta',
        ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeValues: {
          ':delta': delta,
          ...(bounded ? { ':room': limit - delta } : {}),
          ...(uploads ? { ':uploads': uploads } : {}),
          ...(uploads > 0 ? { ':most': MAX_UPLOADS_IN_PROGRESS } : {}),
        },
      },
    };
  }

  /** -1 when the record was an upload in progress (it stops being one), else 0. */
  const uploadEnds = (record: Pick<UploadRecord, 'state'>) => (record.state === 'uploading' ? -1 : 0);

  async function refuseOverQuota(userId: string, needed: number, limit: number): Promise<never> {
    throw new QuotaExceeded(quotaMessage(needed, await usedBytes(userId), limit));
  }

  /** Why a new upload was refused: too many in progress, or the storage is full. */
  async function refuseNewUpload(userId: string, needed: number, limit: number | null): Promise<never> {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: usageKey(userId), ConsistentRead: true }));
    if (Number(Item?.['uploadsInProgress'] ?? 0) >= MAX_UPLOADS_IN_PROGRESS || limit === null) throw new QuotaExceeded(TOO_MANY_UPLOADS_MESSAGE);
    throw new QuotaExceeded(quotaMessage(needed, Number(Item?.['usedBytes'] ?? 0), limit));
  }

  const quotaRefused = (error: unknown, index = 0) =>
    error instanceof TransactionCanceledException && error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';

  /**
   * Counts a finished file at its real size instead of what it counted for so far, and moves it
   * on (pending: waits for a post; kept: in use). Refuses (QuotaExceeded) when a larger file
   * than declared passes the limit. False when the record is gone or changed meanwhile.
   */
  async function settle(record: UploadRecord, actualBytes: number, state: Exclude<UploadState, 'uploading'>, limit: number | null, described?: MediaDescription): Promise<boolean> {
    const delta = actualBytes - record.bytes;
    const set = `SET bytes = :actual, #state = :state${described ? ', described = :described' : ''}`;
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            countStep(record.userId, delta, limit, uploadEnds(record)),
            {
              Update: {
                TableName: tableName,
                Key: { userId: record.userId, record: record.record },
                UpdateExpression: state === 'kept' ? `${set} REMOVE uploadId, sweepShard, sweepAt` : `${set} REMOVE uploadId`,
                ConditionExpression: 'bytes = :counted AND #state = :previous',
                ExpressionAttributeNames: { '#state': 'state' },
                ExpressionAttributeValues: { ':actual': actualBytes, ':state': state, ':counted': record.bytes, ':previous': record.state, ...(described ? { ':described': described } : {}) },
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
     * when that would pass the limit or when MAX_UPLOADS_IN_PROGRESS are in progress already. The
     * record waits a day for a post or a registration.
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
              countStep(userId, upload.bytes, limit, 1),
              { Put: { TableName: tableName, Item: record, ConditionExpression: 'attribute_not_exists(#record)', ExpressionAttributeNames: { '#record': 'record' } } },
            ],
          }),
        );
      } catch (error) {
        if (quotaRefused(error)) await refuseNewUpload(userId, upload.bytes, limit);
        throw error;
      }
    },

    settle,

    /**
     * The transaction step of a post's or draft's write that marks a stored file in use: the
     * sweep, which releases a record only while it is unchanged, then leaves it. It fails
     * (ConditionalCheckFailed) when the record is gone, so a post never takes a swept file.
     */
    keepStep(record: UploadRecord) {
      return {
        Update: {
          TableName: tableName,
          Key: { userId: record.userId, record: record.record },
          UpdateExpression: 'SET #state = :kept REMOVE sweepShard, sweepAt',
          ConditionExpression: 'attribute_exists(#record) AND #state <> :uploading',
          ExpressionAttributeNames: { '#state': 'state', '#record': 'record' },
          ExpressionAttributeValues: { ':kept': 'kept', ':uploading': 'uploading' },
        },
      };
    },

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
                    ConditionExpression: 'bytes = :counted AND #state = :state',
                    ExpressionAttributeNames: { '#state': 'state' },
                    ExpressionAttributeValues: { ':counted': record.bytes, ':state': record.state },
                  },
                },
                countStep(userId, -record.bytes, null, uploadEnds(record)),
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
              countStep(record.userId, -record.bytes, null, uploadEnds(record)),
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

    /**
     * A page of the records whose sweepAt has passed: up to `limit` per shard, oldest first,
     * from where `after` (the previous page's `next`) left off; `next` is absent once every
     * shard is read to its end.
     */
    async dueForSweep(now: Date, { limit = 100, after }: { limit?: number; after?: SweepCursor } = {}): Promise<SweepPage> {
      const shards = after ? Object.keys(after).map(Number) : Array.from({ length: SWEEP_SHARDS }, (_unused, shard) => shard);
      const pages = await Promise.all(
        shards.map(async (shard) => {
          const startKey = after?.[shard];
          const page = await db.send(
            new QueryCommand({
              TableName: tableName,
              IndexName: 'bySweepDue',
              KeyConditionExpression: 'sweepShard = :shard AND sweepAt <= :now',
              ExpressionAttributeValues: { ':shard': `sweep#${shard}`, ':now': now.toISOString() },
              Limit: limit,
              ...(startKey ? { ExclusiveStartKey: startKey } : {}),
            }),
          );
          return { shard, records: (page.Items ?? []) as UploadRecord[], next: page.LastEvaluatedKey };
        }),
      );
      const next: SweepCursor = Object.fromEntries(pages.filter((page) => page.next).map((page) => [page.shard, page.next!]));
      return { records: pages.flatMap((page) => page.records), ...(Object.keys(next).length ? { next } : {}) };
    },
  };
}

export type StorageQuota = ReturnType<typeof createStorageQuota>;
