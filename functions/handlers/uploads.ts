import { readBucketNames } from '../config';
import { systemClock } from '../clock';
import { createLogger, createS3Client } from '../composition';
import { createHttpHandler } from '../http/httpHandler';
import { createUploadService, readUploadLimits } from '../services/uploads';

const buckets = readBucketNames(process.env, ['media']);
const uploads = createUploadService({
  s3: createS3Client(process.env),
  bucket: buckets.media,
  limits: readUploadLimits(process.env),
  clock: systemClock,
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
  },
  createLogger('uploads'),
);
