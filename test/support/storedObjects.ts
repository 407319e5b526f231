import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { localBucketNames, localCredentials, localRegion } from '../../infra/local/environment';
import type { BucketKey } from '../../shared/resources/buckets';
import type { TwinInfo } from './twinInfo';

/** Whether the twin's S3 holds the object (a HEAD; 404 → false, any other error throws). */
export async function storedObjectExists(twin: TwinInfo, bucket: BucketKey, key: string): Promise<boolean> {
  const s3 = new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true });
  try {
    await s3.send(new HeadObjectCommand({ Bucket: localBucketNames[bucket], Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  } finally {
    s3.destroy();
  }
}

/**
 * Makes an object in the twin's own s3rver look `days` old: its Last-Modified comes from the
 * file's mtime, and a browser's heuristic freshness is a tenth of that age, so a response cached
 * without Cache-Control stays fresh for hours (days / 10) instead of a fraction of a second.
 * Returns false when the twin uses an external S3, whose dates a test cannot move.
 */
export function backdateStoredObject(twin: TwinInfo, bucket: BucketKey, key: string, days: number): boolean {
  if (!twin.s3DataDir) return false;
  const parts = key.split('/');
  const file = join(twin.s3DataDir, localBucketNames[bucket], ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`);
  const then = new Date(Date.now() - days * 86_400_000);
  utimesSync(file, then, then);
  return true;
}
