import { bucketKeys, type BucketKey } from '../../shared/resources/buckets';
import { tableKeys, type TableKey } from '../../shared/resources/tables';
import { readBucketNames, readTableNames } from '../config';
import { backgroundTasks, type BackgroundTaskName } from '../handlers/groups';
import { createUserData, type UserData } from '../services/userData';
import { s3Client } from './s3';
import { documentClient } from './shared';

/**
 * A user's data across the tables and buckets a background task declares it touches
 * (functions/handlers/groups.ts): what the export reads and the deletion removes.
 */
export function userDataOf(task: BackgroundTaskName): UserData {
  const needs: { tables: Partial<Record<TableKey, unknown>>; buckets: Partial<Record<BucketKey, unknown>> } = backgroundTasks[task].needs;
  return createUserData({
    db: documentClient(),
    s3: s3Client(),
    tableNames: readTableNames(process.env, tableKeys.filter((key) => key in needs.tables)),
    bucketNames: readBucketNames(process.env, bucketKeys.filter((key) => key in needs.buckets)),
  });
}
