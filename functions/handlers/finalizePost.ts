import { readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger } from '../composition';
import { createPostStore } from '../services/postStore';
import { finalizePost } from '../services/posts';
import { trackPublishedTargets } from '../services/metricsTracking';
import { POST_FINALIZED_LOG_MESSAGE } from '../logMessages';

const tables = readTableNames(process.env, ['posts']);
const posts = createPostStore({ db: createDocumentClient(), tableName: tables.posts, clock: systemClock });
const logger = createLogger('finalize');


/** The state machine's last step: the post's status from its targets' (published, partially, failed). */
export async function handler(input: { userId: string; postId: string; execution?: string }): Promise<{ status: string }> {
  // A replaced or cancelled execution's finalize changes nothing (the execution is not current).
  const post = await finalizePost({ posts, clock: systemClock }, input.userId, input.postId, input.execution);
  logger.info(POST_FINALIZED_LOG_MESSAGE, {
    postId: post.postId,
    status: post.status,
    targets: post.targets.length,
    failedTargets: post.targets.filter((target) => target.status === 'failed').length,
  });
  await trackPublishedTargets(input.userId, post);
  return { status: post.status };
}
