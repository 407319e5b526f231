import { utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** s3rver's own file layout, so the path below is the one s3rver reads. */
const FilesystemStore = createRequire(import.meta.url)('s3rver/lib/stores/filesystem') as new (root: string) => {
  getResourcePath(bucket: string, key: string, resource: string): string;
};

/**
 * Makes an object in the twin's own s3rver look `days` old: its Last-Modified comes from the
 * file's mtime, and a browser's heuristic freshness is a tenth of that age, so a response cached
 * without Cache-Control stays fresh for hours (days / 10) instead of a fraction of a second.
 * A twin on an external S3 keeps its dates (a test cannot move them): the object stays as new as
 * it is.
 */
export function backdateStoredObject(twin: TwinInfo, bucket: BucketKey, key: string, days: number): void {
  if (!twin.s3DataDir) return;
  const file = new FilesystemStore(twin.s3DataDir).getResourcePath(localBucketNames[bucket], key, 'object');
  const then = new Date(Date.now() - days * 86_400_000);
  utimesSync(file, then, then);
}
