import { readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client, createTokenCipher, loadPlatformCredentials } from '../composition';
import { createS3Media } from '../media/s3Media';
import { s3ProgressAttachments } from '../platforms/progressAttachments';
import { readModuleSettings } from '../platforms/config';
import { moduleDeps, type Adapters, type PlatformModule, type Publishers } from '../platforms/module';
import { createConnectionStore } from '../services/connectionStore';
import { createPostStore } from '../services/postStore';
import { createPublishing, type StepInput, type StepOutcome } from '../services/publishing';
import { createTokenFreshness } from '../services/tokenFreshness';
import { webhookEventsFor } from '../composition/webhookEvents';

/**
 * The publish steps of one platform, built at cold start from that platform's module only:
 * each platform's function (functions/platforms/<platform>/publishFunction.ts) passes its own module, so
 * its bundle holds no other platform's code and it reads only its own credentials. The
 * PublishPost state machine routes each target to its platform's function.
 */
export async function createPublishStepHandler<Options>(module: PlatformModule<Options>, env: NodeJS.ProcessEnv = process.env) {
  const logger = createLogger(`publish-${module.platform}`);
  const db = createDocumentClient();
  const tables = readTableNames(env, ['posts', 'connections']);
  const buckets = readBucketNames(env, ['media']);
  const credentials = await loadPlatformCredentials(env, [module.platform]);
  const settings = readModuleSettings(module, env, credentials[module.platform]);
  const adapters: Adapters = {};
  const publishers: Publishers = {};
  if (settings) {
    // Unconfigured, the step fails the target with "<Platform> is not configured on this deployment."
    const deps = moduleDeps(module, settings, systemClock);
    adapters[module.platform] = module.createAdapter(deps);
    publishers[module.platform] = module.createPublisher(deps);
  }
  const webhooks = webhookEventsFor(env, db, systemClock);
  const store = createConnectionStore({
    db,
    tableName: tables.connections,
    cipher: createTokenCipher(env),
    clock: systemClock,
    onNeedsReconnect: (item, reason, at) => webhooks.connectionNeedsReconnect(item, reason, at),
  });
  const s3 = createS3Client(env);
  const lateAfterSeconds = env['ONECLICK_LATE_AFTER_SECONDS'] ? Number(env['ONECLICK_LATE_AFTER_SECONDS']) : undefined;
  const publishing = createPublishing({
    posts: createPostStore({ db, tableName: tables.posts, clock: systemClock, ...(lateAfterSeconds !== undefined ? { lateAfterSeconds } : {}) }),
    connections: store,
    freshness: createTokenFreshness({ store, adapters, clock: systemClock }),
    publishers,
    media: createS3Media(s3, buckets.media),
    attachments: (target) => s3ProgressAttachments(s3, buckets.media, target),
    clock: systemClock,
  });

  /** One step of one target, invoked by the PublishPost state machine. */
  return async function handler(input: StepInput): Promise<StepOutcome> {
    const outcome = await publishing.step(input);
    logger.info('Publish step', { platform: module.platform, postId: input.postId, targetId: input.targetId, action: input.action, outcome: outcome.state });
    return outcome;
  };
}
