import { isPlatform } from '../../shared/platforms';
import { readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client, loadPlatformCredentials } from '../composition';
import { createConnectionsContext } from '../connectionsContext';
import { createS3Media } from '../media/s3Media';
import { s3ProgressAttachments } from '../platforms/progressAttachments';
import { readPlatformSettings } from '../platforms/config';
import { createPublishers } from '../platforms/publishers';
import { readPublisherOptions } from '../publishingConfig';
import { createPostStore } from '../services/postStore';
import { createPublishing, type StepInput, type StepOutcome } from '../services/publishing';

const logger = createLogger('publish-step');
const platform = process.env['ONECLICK_PLATFORM'];
const db = createDocumentClient();
const tables = readTableNames(process.env, ['posts']);
const buckets = readBucketNames(process.env, ['media']);
const { store, freshness } = await createConnectionsContext(process.env, db, systemClock);
const publishers = createPublishers(
  readPlatformSettings(process.env, await loadPlatformCredentials(process.env)),
  systemClock,
  readPublisherOptions(process.env),
);
const s3 = createS3Client(process.env);
const lateAfterSeconds = process.env['ONECLICK_LATE_AFTER_SECONDS'] ? Number(process.env['ONECLICK_LATE_AFTER_SECONDS']) : undefined;
const publishing = createPublishing({
  posts: createPostStore({ db, tableName: tables.posts, clock: systemClock, ...(lateAfterSeconds !== undefined ? { lateAfterSeconds } : {}) }),
  connections: store,
  freshness,
  publishers,
  media: createS3Media(s3, buckets.media),
  attachments: (target) => s3ProgressAttachments(s3, buckets.media, target),
  clock: systemClock,
});

/**
 * One step of one target, invoked by the PublishPost state machine. On AWS each platform has its
 * own function (ONECLICK_PLATFORM); the code is the same.
 */
export async function handler(input: StepInput): Promise<StepOutcome> {
  if (platform !== undefined && !isPlatform(platform)) throw new Error(`ONECLICK_PLATFORM is not a platform: ${platform}`);
  const outcome = await publishing.step(input);
  logger.info('Publish step', { postId: input.postId, targetId: input.targetId, action: input.action, outcome: outcome.state });
  return outcome;
}
