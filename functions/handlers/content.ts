import { readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client } from '../composition';
import { createHttpHandler } from '../http/httpHandler';
import { createContentService } from '../services/content';

const tables = readTableNames(process.env, ['content']);
const buckets = readBucketNames(process.env, ['content']);
const content = createContentService({
  db: createDocumentClient(),
  tableName: tables.content,
  s3: createS3Client(process.env),
  bucket: buckets.content,
  clock: systemClock,
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
