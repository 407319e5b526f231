import { readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client } from '../composition';
import { createHttpHandler } from '../http/httpHandler';
import { createMembershipService } from '../services/memberships';
import { createStorageQuota } from '../services/storageQuota';
import { createUploadService, readUploadLimits } from '../services/uploads';

const buckets = readBucketNames(process.env, ['media']);
const tables = readTableNames(process.env, ['memberships']);
const db = createDocumentClient();
const memberships = createMembershipService({ db, tableName: tables.memberships, clock: systemClock });
const uploads = createUploadService({
  s3: createS3Client(process.env),
  bucket: buckets.media,
  limits: readUploadLimits(process.env),
  clock: systemClock,
  quota: createStorageQuota({ db, tableName: tables.memberships, clock: systemClock }),
  storageLimit: (userId) => memberships.storageLimit(userId),
});

export const handler = createHttpHandler(
  'uploads',
  {
    createUpload: ({ user, input }) => uploads.create(user, input.body),
    completeUpload: ({ user, input }) => uploads.complete(user, input.body),
    abortUpload: async ({ user, input }) => {
      await uploads.abort(user, input.body);
      return undefined;
    },
    getStorageUsage: ({ user }) => uploads.usage(user),
  },
  createLogger('uploads'),
);
