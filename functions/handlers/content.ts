import { readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client } from '../composition';
import { createHttpHandler } from '../http/httpHandler';
import { createContentService } from '../services/content';
import { createMembershipService } from '../services/memberships';
import { createStorageQuota } from '../services/storageQuota';

const tables = readTableNames(process.env, ['content', 'memberships']);
const buckets = readBucketNames(process.env, ['content']);
const db = createDocumentClient();
const memberships = createMembershipService({ db, tableName: tables.memberships, clock: systemClock });
const content = createContentService({
  db,
  tableName: tables.content,
  s3: createS3Client(process.env),
  bucket: buckets.content,
  clock: systemClock,
  quota: createStorageQuota({ db, tableName: tables.memberships, clock: systemClock }),
  storageLimit: (userId) => memberships.storageLimit(userId),
});

export const handler = createHttpHandler(
  'content',
  {
    listContent: ({ user, input }) => content.list(user, input.query),
    deleteContent: async ({ user, input }) => {
      await content.remove(user, input.path.contentId);
      return undefined;
    },
  },
  createLogger('content'),
);
