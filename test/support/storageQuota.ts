import { QuotaExceeded } from '../../functions/errors';
import { quotaMessage, recordOf, type StorageQuota, type UploadRecord } from '../../functions/services/storageQuota';

/**
 * The storage quota's contract in memory, for tests and benchmarks that run the upload service
 * without DynamoDB (the real one is tested against DynamoDB Local in
 * test/integration/uploads/storageQuota.test.ts).
 */
export function memoryStorageQuota(): StorageQuota & { records: Map<string, UploadRecord>; used: Map<string, number> } {
  const records = new Map<string, UploadRecord>();
  const used = new Map<string, number>();
  const id = (userId: string, record: string) => `${userId}|${record}`;
  const add = (userId: string, delta: number, limit: number | null) => {
    const current = used.get(userId) ?? 0;
    if (delta > 0 && limit !== null && current + delta > limit) throw new QuotaExceeded(quotaMessage(delta, current, limit));
    used.set(userId, current + delta);
  };
  const quota: StorageQuota = {
    usedBytes: async (userId) => used.get(userId) ?? 0,
    find: async (userId, bucket, key) => records.get(id(userId, recordOf(bucket, key))),
    async reserve(userId, upload, limit) {
      add(userId, upload.bytes, limit);
      records.set(id(userId, recordOf(upload.bucket, upload.key)), {
        userId,
        record: recordOf(upload.bucket, upload.key),
        bucket: upload.bucket,
        key: upload.key,
        bytes: upload.bytes,
        state: 'uploading',
        ...(upload.uploadId ? { uploadId: upload.uploadId } : {}),
        createdAt: new Date().toISOString(),
        sweepAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
    },
    async settle(record, actualBytes, state, limit, described) {
      const stored = records.get(id(record.userId, record.record));
      if (!stored || stored.bytes !== record.bytes || stored.state !== record.state) return false;
      add(record.userId, actualBytes - record.bytes, limit);
      const { sweepAt, ...rest } = stored;
      const settled = { ...rest, bytes: actualBytes, state, ...(described ? { described } : {}) };
      records.set(id(record.userId, record.record), state === 'kept' ? settled : ({ ...settled, sweepAt } as UploadRecord));
      return true;
    },
    // A transaction step for DynamoDB: the memory quota takes part in no transaction.
    keepStep: (record) => ({
      Update: {
        TableName: 'memory',
        Key: { userId: record.userId, record: record.record },
        UpdateExpression: 'SET #state = :kept REMOVE sweepShard, sweepAt',
        ConditionExpression: 'attribute_exists(#record) AND #state <> :uploading',
        ExpressionAttributeNames: { '#state': 'state', '#record': 'record' },
        ExpressionAttributeValues: { ':kept': 'kept', ':uploading': 'uploading' },
      },
    }),
    async keep(record) {
      const stored = records.get(id(record.userId, record.record));
      if (stored) {
        const { sweepAt: _dropped, ...rest } = stored;
        records.set(id(record.userId, record.record), { ...rest, state: 'kept' });
      }
    },
    async release(userId, bucket, key) {
      const stored = records.get(id(userId, recordOf(bucket, key)));
      if (!stored) return 0;
      records.delete(id(userId, recordOf(bucket, key)));
      add(userId, -stored.bytes, null);
      return stored.bytes;
    },
    async releaseIfUnchanged(record) {
      const stored = records.get(id(record.userId, record.record));
      if (!stored || stored.bytes !== record.bytes || stored.state !== record.state) return false;
      await quota.release(record.userId, record.bucket, record.key);
      return true;
    },
    async dueAt(record, at) {
      const stored = records.get(id(record.userId, record.record));
      if (stored) records.set(id(record.userId, record.record), { ...stored, state: 'pending', sweepAt: at.toISOString() });
    },
    dueForSweep: async (now) => ({ records: [...records.values()].filter((record) => record.sweepAt !== undefined && record.sweepAt <= now.toISOString()) }),
  };
  return Object.assign(quota, { records, used });
}
