import { readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client } from '../composition';
import { createStorageQuota } from '../services/storageQuota';
import { createUploadSweep, type SweepReport } from '../services/uploadSweep';

const logger = createLogger('sweep-uploads');
const tables = readTableNames(process.env, ['memberships', 'posts', 'content']);
const buckets = readBucketNames(process.env, ['media', 'content']);
const db = createDocumentClient();
const sweep = createUploadSweep({
  db,
  postsTable: tables.posts,
  contentTable: tables.content,
  s3: createS3Client(process.env),
  buckets: { media: buckets.media, content: buckets.content },
  quota: createStorageQuota({ db, tableName: tables.memberships, clock: systemClock }),
  clock: systemClock,
});

/** Scheduled (EventBridge hourly on AWS, a timer offline): removes uploads nothing took within a day. */
export async function handler(): Promise<SweepReport> {
  const report = await sweep.run();
  logger.info('Upload sweep run', { ...report });
  return report;
}
