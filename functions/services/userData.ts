import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, QueryCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Readable } from 'node:stream';
import { tables, type TableKey } from '../../shared/resources/tables';
import { buckets, type BucketKey } from '../../shared/resources/buckets';

/**
 * Where a user's data is, read from the one declaration of each table (`userData` in
 * shared/resources/tables.ts) and bucket (shared/resources/buckets.ts). The data export and the
 * account deletion go through this, so a table or bucket added with its declaration is exported
 * and deleted without touching them.
 */
export type Row = Record<string, unknown>;

export interface StoredObject {
  key: string;
  size: number;
}

export interface OpenedObject {
  stream: Readable;
  size: number;
}

export interface UserDataDeps {
  db: DynamoDBDocumentClient;
  s3: S3Client;
  tableNames: Partial<Record<TableKey, string>>;
  bucketNames: Partial<Record<BucketKey, string>>;
}

/** Deletes in small parallel batches (DynamoDB and S3 deletes are idempotent: a retry is harmless). */
const DELETE_CONCURRENCY = 8;

async function inBatches<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += DELETE_CONCURRENCY) {
    await Promise.all(items.slice(start, start + DELETE_CONCURRENCY).map(work));
  }
}

/** A user id as every table and bucket key uses it: no separators or wildcards can widen a prefix. */
export function assertUserId(userId: string): void {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(userId)) throw new Error('Not a user id');
}

export function createUserData({ db, s3, tableNames, bucketNames }: UserDataDeps) {
  function tableName(key: TableKey): string {
    const name = tableNames[key];
    if (!name) throw new Error(`This function was not given the ${tables[key].name} table`);
    return name;
  }

  function bucketName(key: BucketKey): string {
    const name = bucketNames[key];
    if (!name) throw new Error(`This function was not given the ${buckets[key].name} bucket`);
    return name;
  }

  /** Every row of the user in one table, as its declaration says to find them. */
  async function rows(key: TableKey, userId: string): Promise<Row[]> {
    assertUserId(userId);
    const location = tables[key].userData;
    if (location.by === 'none') return [];
    const found: Row[] = [];
    let startKey: Row | undefined;
    do {
      const page =
        location.by === 'partitionKey'
          ? await db.send(
              new QueryCommand({
                TableName: tableName(key),
                KeyConditionExpression: '#pk = :user',
                ExpressionAttributeNames: { '#pk': tables[key].partitionKey.name },
                ExpressionAttributeValues: { ':user': userId },
                ConsistentRead: true,
                ...(startKey ? { ExclusiveStartKey: startKey } : {}),
              }),
            )
          : await db.send(
              new ScanCommand({
                TableName: tableName(key),
                FilterExpression: '#attribute = :user',
                ExpressionAttributeNames: { '#attribute': location.attribute },
                ExpressionAttributeValues: { ':user': userId },
                ConsistentRead: true,
                ...(startKey ? { ExclusiveStartKey: startKey } : {}),
              }),
            );
      found.push(...((page.Items ?? []) as Row[]));
      startKey = page.LastEvaluatedKey as Row | undefined;
    } while (startKey);
    return found;
  }

  function keyOf(key: TableKey, row: Row): Row {
    const definition = tables[key] as (typeof tables)[TableKey] & { sortKey?: { name: string } };
    return {
      [definition.partitionKey.name]: row[definition.partitionKey.name],
      ...(definition.sortKey ? { [definition.sortKey.name]: row[definition.sortKey.name] } : {}),
    };
  }

  /** Deletes the user's rows of one table (except those `keep` spares); returns how many. */
  async function deleteRows(key: TableKey, userId: string, keep: (row: Row) => boolean = () => false): Promise<number> {
    const doomed = (await rows(key, userId)).filter((row) => !keep(row));
    await inBatches(doomed, (row) => db.send(new DeleteCommand({ TableName: tableName(key), Key: keyOf(key, row) })));
    return doomed.length;
  }

  /** Every object under `<userId>/` in one bucket. */
  async function objects(key: BucketKey, userId: string): Promise<StoredObject[]> {
    assertUserId(userId);
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: bucketName(key), Prefix: `${userId}/`, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const object of page.Contents ?? []) if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async function deleteObjects(key: BucketKey, userId: string): Promise<number> {
    const doomed = await objects(key, userId);
    await inBatches(doomed, (object) => s3.send(new DeleteObjectCommand({ Bucket: bucketName(key), Key: object.key })));
    return doomed.length;
  }

  /**
   * Opens one object for reading, with its size as stored now; undefined when it no longer
   * exists (deleted since it was listed: the export skips it and says so).
   */
  async function readObject(key: BucketKey, objectKey: string): Promise<OpenedObject | undefined> {
    try {
      const { Body, ContentLength } = await s3.send(new GetObjectCommand({ Bucket: bucketName(key), Key: objectKey }));
      if (!Body) throw new Error(`The object ${objectKey} has no body`);
      return { stream: Body as Readable, size: ContentLength ?? 0 };
    } catch (error) {
      if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound') return undefined;
      throw error;
    }
  }

  return { rows, deleteRows, objects, deleteObjects, readObject, bucketName };
}

export type UserData = ReturnType<typeof createUserData>;
