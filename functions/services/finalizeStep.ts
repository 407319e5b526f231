import type { Clock } from '../clock';
import { POST_FINALIZED_LOG_MESSAGE } from '../logMessages';
import { failureInWords, finalizePost } from './finalize';
import type { MetricsTracking } from './metricsTracking';
import type { PostStore } from './postStore';
import type { ActivityLog } from './activityLog';
import type { WebhookEvents } from './webhookEvents';
import type { Post } from '../../shared/api/posts';

/** What the state machine passes to its last step. */
export interface FinalizeStepInput {
  userId: string;
  postId: string;
  execution?: string;
  /** Set by "Finish unfinished": a state failed after its retries. */
  error?: { Error?: string; Cause?: string };
}

export interface FinalizeStepDeps {
  posts: PostStore;
  /** The workspace's activity log: the post published or failed. */
  activity?: Pick<ActivityLog, 'record'>;
  /** The workspace's webhooks: the post's outcome, once per execution. */
  webhooks?: Pick<WebhookEvents, 'postFinished'>;
  tracking: Pick<MetricsTracking, 'trackPublishedTargets'>;
  /** Told each finished post, with whether publishing stopped early (the operator's metrics, functions/observability/). */
  outcome?: (post: Post, details: { stoppedEarly: boolean }) => void;
  clock: Clock;
  log: {
    info(message: string, details: Record<string, unknown>): void;
    error(message: string, details: Record<string, unknown>): void;
  };
}

/**
 * The state machine's last step: the post's status from its targets' (published, partially,
 * failed). With `error`, every unfinished target fails with that reason in words and the user
 * is notified. A replaced or cancelled execution's finalize changes nothing (the execution is
 * not current). The published targets then start being tracked (analytics).
 */
export function createFinalizeStep({ posts, activity, webhooks, tracking, outcome, clock, log }: FinalizeStepDeps) {
  return {
    async run(input: FinalizeStepInput): Promise<{ status: string }> {
      const post = await finalizePost({ posts, clock, activity, webhooks }, input.userId, input.postId, {
        ...(input.execution ? { execution: input.execution } : {}),
        ...(input.error ? { stoppedBecause: failureInWords(input.error) } : {}),
      });
      if (input.error) log.error('Publishing stopped early; unfinished targets failed', { postId: post.postId, error: input.error });
      log.info(POST_FINALIZED_LOG_MESSAGE, {
        postId: post.postId,
        status: post.status,
        targets: post.targets.length,
        failedTargets: post.targets.filter((target) => target.status === 'failed').length,
      });
      outcome?.(post, { stoppedEarly: !!input.error });
      await tracking.trackPublishedTargets(input.userId, post);
      return { status: post.status };
    },
  };
}

export type FinalizeStep = ReturnType<typeof createFinalizeStep>;
