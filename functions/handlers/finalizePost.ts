import { clock, createLogger } from '../composition/shared';
import { metricsTracking } from '../composition/analytics';
import { postStore } from '../composition/postStore';
import { POST_FINALIZED_LOG_MESSAGE } from '../logMessages';
import { failureInWords, finalizePost } from '../services/finalize';

const posts = postStore();
const tracking = metricsTracking();
const logger = createLogger('finalize');

/**
 * The state machine's last step: the post's status from its targets' (published, partially,
 * failed). With `error` (Finish unfinished: a state failed after its retries), every unfinished
 * target fails with that reason in words and the user is notified.
 */
export async function handler(input: { userId: string; postId: string; execution?: string; error?: { Error?: string; Cause?: string } }): Promise<{ status: string }> {
  // A replaced or cancelled execution's finalize changes nothing (the execution is not current).
  const post = await finalizePost({ posts, clock }, input.userId, input.postId, {
    ...(input.execution ? { execution: input.execution } : {}),
    ...(input.error ? { stoppedBecause: failureInWords(input.error) } : {}),
  });
  if (input.error) logger.error('Publishing stopped early; unfinished targets failed', { postId: post.postId, error: input.error });
  logger.info(POST_FINALIZED_LOG_MESSAGE, {
    postId: post.postId,
    status: post.status,
    targets: post.targets.length,
    failedTargets: post.targets.filter((target) => target.status === 'failed').length,
  });
  await tracking.trackPublishedTargets(input.userId, post);
  return { status: post.status };
}
