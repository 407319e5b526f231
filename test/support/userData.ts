import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { bucketKeys } from '../../shared/resources/buckets';
import { tableKeys, tables } from '../../shared/resources/tables';
import { localBucketNames, localCredentials, localRegion } from '../../infra/local/environment';
import type { TwinInfo } from './twinInfo';
import { documentClient } from './users';

/**
 * Everything stored anywhere in the twin that mentions a user: every row of every table with
 * the user's id in any attribute, and every object whose key holds it. Tables in the test twin
 * are small, so a full scan is the most thorough check ("nothing keyed to that user").
 */
export interface UserFootprint {
  rows: Record<string, Array<Record<string, unknown>>>;
  objects: Record<string, Array<{ key: string; etag: string; size: number }>>;
}

function mentions(value: unknown, needle: string): boolean {
  if (typeof value === 'string') return value.includes(needle);
  if (Array.isArray(value)) return value.some((item) => mentions(item, needle));
  if (value instanceof Set) return [...value].some((item) => mentions(item, needle));
  if (value && typeof value === 'object') return Object.values(value).some((item) => mentions(item, needle));
  return false;
}

/**
 * `partitioned: true` reads the tables partitioned by user id with a Query (fast enough to run
 * after every request of a fuzzing run) and scans only the others that can name a user: a table
 * declared to hold nothing naming one (`userData: { by: 'none' }` — request counters and
 * idempotency records, keyed by hashes) cannot have a row that mentions the user, and scanning
 * it, grown by every other test of the run, after each fuzzed request only cost time. The full
 * footprint still scans every table.
 */
export async function userFootprint(twin: TwinInfo, userId: string, options: { partitioned?: boolean } = {}): Promise<UserFootprint> {
  const db = documentClient(twin);
  // Every table and bucket is read at once: a footprint taken after each of the fuzzer's requests
  // waited on ~20 reads one after another.
  const tableRows = async (key: (typeof tableKeys)[number]) => {
    const found: Array<Record<string, unknown>> = [];
    const byUser = options.partitioned && tables[key].partitionKey.name === 'userId';
    const namesNoUser: boolean = tables[key].userData.by === 'none';
    if (options.partitioned && !byUser && namesNoUser) return [key, found] as const;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        byUser
          ? new QueryCommand({ TableName: twin.tableNames[key], KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': userId }, ExclusiveStartKey: startKey })
          : new ScanCommand({ TableName: twin.tableNames[key], ExclusiveStartKey: startKey }),
      );
      found.push(...(page.Items ?? []).filter((item) => mentions(item, userId)));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return [key, found] as const;
  };
  const s3 = new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true });
  const bucketObjects = async (key: (typeof bucketKeys)[number]) => {
    const found: UserFootprint['objects'][string] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: localBucketNames[key], ContinuationToken: token, ...(options.partitioned ? { Prefix: `${userId}/` } : {}) }));
      for (const object of page.Contents ?? []) {
        if (object.Key?.includes(userId)) found.push({ key: object.Key, etag: object.ETag ?? '', size: object.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return [key, found] as const;
  };
  try {
    const [rows, objects] = await Promise.all([Promise.all(tableKeys.map(tableRows)), Promise.all(bucketKeys.map(bucketObjects))]);
    return { rows: Object.fromEntries(rows), objects: Object.fromEntries(objects) };
  } finally {
    s3.destroy();
  }
}

/**
 * The footprint without the user's API request counter (functions/http/rateLimit.ts: `windowStart`,
 * `requests` on their deleted-accounts record): every request counts, accepted or refused, by
 * design, so "a refused request wrote nothing" compares what remains. A record that is only the
 * counter (no deletion `status`) is left out whole.
 */
export function withoutRequestCounter(footprint: UserFootprint): UserFootprint {
  const records = (footprint.rows['deletedAccounts'] ?? [])
    .filter((row) => row['status'] !== undefined)
    .map(({ windowStart: _windowStart, requests: _requests, ...rest }) => rest);
  return { ...footprint, rows: { ...footprint.rows, deletedAccounts: records } };
}
