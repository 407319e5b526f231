import type { Clock } from '../clock';
import type { ExecutionState, InspectableExecutions } from './executions';
import { executionInputFor, isOpen } from './executionPlan';
import { failureInWords, finalizePost } from './finalize';
import type { PostItem, PostStore } from './postStore';
import type { ActivityLog } from './activityLog';
import type { WebhookEvents } from './webhookEvents';

/** While a post publishes, the reconciler looks at its execution this often. */
export const LOOK_EVERY_MS = 5 * 60_000;
/** After a post's time, the reconciler looks once this much later (it should be publishing or done). */
export const LOOK_AFTER_DUE_MS = 2 * 60_000;
/** A post whose execution could not be started for this long after it was due fails with the reason. */
export const GIVE_UP_STARTING_AFTER_MS = 15 * 60_000;
/** At most this many posts per index shard in one run (the next run, a minute later, takes the rest). */
export const POSTS_PER_RUN = 100;

export interface ReconcilerDeps {
  posts: PostStore;
  executions: InspectableExecutions;
  clock: Clock;
  /** The workspace's activity log: a post the reconciler finishes is recorded as failed (or published). */
  activity?: Pick<ActivityLog, 'record'>;
  /** The workspace's webhooks: the outcome of a post the reconciler finishes. */
  webhooks?: Pick<WebhookEvents, 'postFinished'>;
  /** Called after a post was finished (failed or partly published), e.g. to track its published targets. */
  onFinished?: (post: Awaited<ReturnType<typeof finalizePost>>, userId: string) => Promise<void>;
}

export interface ReconcileReport {
  looked: number;
  started: number;
  finished: number;
  running: number;
  /** Posts whose look failed (logged; the next run looks again). */
  errors: Array<{ postId: string; message: string }>;
}

/** The execution a post waits for (posts from before `currentExecution`: their last one). */
const waitedFor = (post: PostItem) => post.currentExecution ?? post.executions.at(-1);

const stillWaitingFor = (post: PostItem | undefined, execution: string): post is PostItem =>
  !!post && (post.status === 'scheduled' || post.status === 'publishing') && waitedFor(post) === execution;

/** The words for an execution that ended while its post was still unfinished. */
function endedInWords(state: Extract<ExecutionState, { state: 'ended' }>): string {
  switch (state.status) {
    case 'ABORTED':
      return 'its publishing workflow was stopped.';
    case 'TIMED_OUT':
      return 'its publishing workflow ran out of time.';
    case 'SUCCEEDED':
      return 'its publishing workflow ended without recording the result.';
    default:
      return failureInWords({ Error: state.error ?? state.status, ...(state.cause ? { Cause: state.cause } : {}) });
  }
}

/**
 * The reconciler: the same code on AWS (EventBridge Scheduler, every minute) and in the twin (on
 * start, and on a timer). For each scheduled or publishing post due for a look (the sparse
 * byActive index, by `activeAt`; never a Scan), it asks Step Functions about the execution the
 * post waits for:
 * - never started (a StartExecution that failed, or the twin restarted): starts it, under the
 *   same name; if it cannot be started for GIVE_UP_STARTING_AFTER_MS past the post's time, or
 *   the post's deadline has passed, the post fails with the reason;
 * - running: looks again later (after the post's time, then every LOOK_EVERY_MS); one running
 *   past the post's deadline is stopped and the post failed;
 * - ended while the post is unfinished (the workflow died): every unfinished target fails with
 *   the reason in words, the post gets its status and the user a notification.
 * Every change is conditional on the post still waiting for that execution, so a user's
 * reschedule, edit, cancel or retry at the same moment wins.
 */
export function createReconciler(deps: ReconcilerDeps) {
  const { posts, executions, clock } = deps;

  async function finish(post: PostItem, execution: string, why: string): Promise<void> {
    const finished = await finalizePost({ posts, clock, activity: deps.activity, webhooks: deps.webhooks }, post.userId, post.postId, { ...(execution ? { execution } : {}), stoppedBecause: why });
    await deps.onFinished?.(finished, post.userId);
  }

  async function look(candidate: PostItem, report: ReconcileReport): Promise<void> {
    const now = clock.now();
    const execution = waitedFor(candidate);
    if (!execution) {
      await finish(candidate, '', 'no publishing workflow was ever recorded for it.');
      report.finished++;
      return;
    }
    const state = await executions.describe(execution);
    // Read the post after asking Step Functions: a finalize that just ran shows here.
    const post = await posts.get(candidate.userId, candidate.postId);
    if (!stillWaitingFor(post, execution)) return;
    const deadline = post.deadlineAt ? new Date(post.deadlineAt) : undefined;
    const due = post.status === 'scheduled' && post.scheduledFor ? new Date(post.scheduledFor) : undefined;
    const pastDeadline = deadline !== undefined && now > deadline;

    if (state.state === 'running') {
      if (pastDeadline) {
        await executions.stop(execution, 'The post outlived its deadline');
        await finish(post, execution, `it was still not finished at ${deadline.toISOString()}, the longest publishing can take.`);
        report.finished++;
        return;
      }
      report.running++;
      const next = due && due > now ? new Date(due.getTime() + LOOK_AFTER_DUE_MS) : new Date(now.getTime() + LOOK_EVERY_MS);
      await posts.lookAgainAt(post, execution, deadline && deadline < next ? deadline : next);
      return;
    }

    if (state.state === 'ended') {
      await finish(post, execution, endedInWords(state));
      report.finished++;
      return;
    }

    // Never started.
    if (pastDeadline) {
      await finish(post, execution, `its publishing never started, and its deadline (${deadline.toISOString()}) has passed.`);
      report.finished++;
      return;
    }
    const open = Object.values(post.targets).filter(isOpen).map((target) => target.targetId);
    try {
      await executions.start(execution, executionInputFor(post, open, execution));
    } catch (error) {
      const since = due ?? new Date(post.updatedAt);
      if (now.getTime() - since.getTime() > GIVE_UP_STARTING_AFTER_MS) {
        await finish(post, execution, `its publishing could not be started (${(error as Error).message}).`);
        report.finished++;
        return;
      }
      throw error;
    }
    report.started++;
    await posts.lookAgainAt(post, execution, new Date(now.getTime() + LOOK_AFTER_DUE_MS));
  }

  return {
    /**
     * One run: the posts due for a look (`all`: every active post — the twin at start, whose
     * Step Functions forgot its executions when it stopped).
     */
    async run(options: { all?: boolean } = {}): Promise<ReconcileReport> {
      const report: ReconcileReport = { looked: 0, started: 0, finished: 0, running: 0, errors: [] };
      const candidates = await posts.listActive(options.all ? {} : { lookBy: clock.now(), limit: POSTS_PER_RUN });
      for (const candidate of candidates) {
        report.looked++;
        try {
          await look(candidate, report);
        } catch (error) {
          report.errors.push({ postId: candidate.postId, message: (error as Error).message });
        }
      }
      return report;
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
