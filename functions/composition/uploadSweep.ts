import { createUploadSweep } from '../services/uploadSweep';
import { storageQuota } from './memberships';
import { s3Client } from './s3';
import { bucketName, clock, documentClient, tableName } from './shared';

let sweep: ReturnType<typeof createUploadSweep> | undefined;
/** Removes uploads nothing took within a day, giving their storage back. */
export function uploadSweep(): ReturnType<typeof createUploadSweep> {
  return (sweep ??= createUploadSweep({
    db: documentClient(),
    postsTable: tableName('posts'),
    contentTable: tableName('content'),
    s3: s3Client(),
    buckets: { media: bucketName('media'), content: bucketName('content') },
    quota: storageQuota(),
    clock,
  }));
}
