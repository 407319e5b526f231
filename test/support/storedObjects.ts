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
