import { platforms } from '../../shared/platforms';

/**
 * How long publishing may legitimately take: the one source of the PublishPost state machine's
 * bounds (retries, waits, concurrency, the functions' timeouts). The state machine definition,
 * the stack, the publish steps and the reconciler all read them, so the reconciler's deadline
 * is what the definition allows, not a guess.
 */

/** A retry policy of a Task state (Amazon States Language Retrier fields). */
export interface RetryPolicy {
  intervalSeconds: number;
  maxAttempts: number;
  backoffRate: number;
  maxDelaySeconds: number;
}

/** Transient errors of a step (ours and Lambda's): retried with backoff, then caught. */
export const STEP_RETRY: RetryPolicy = { intervalSeconds: 5, maxAttempts: 5, backoffRate: 2, maxDelaySeconds: 300 };
/**
 * Lambda throttling: when hundreds of posts are due the same minute, invocations are throttled
 * for a while; the steps wait longer for it than for other errors before giving up.
 */
export const THROTTLE_RETRY: RetryPolicy = { intervalSeconds: 2, maxAttempts: 12, backoffRate: 2, maxDelaySeconds: 120 };
/** Record failure, finalize and the last step that finishes what is unfinished. */
export const BOOKKEEPING_RETRY: RetryPolicy = { intervalSeconds: 2, maxAttempts: 6, backoffRate: 2, maxDelaySeconds: 60 };

/**
 * A follow-up (the Express FollowUp machine: status checks and publish) that Step Functions could
 * not start or that ran past its five minutes: started again, it continues from what its steps
 * recorded.
 */
export const FOLLOW_UP_RETRY: RetryPolicy = { intervalSeconds: 5, maxAttempts: 3, backoffRate: 2, maxDelaySeconds: 60 };
/**
 * How long one follow-up keeps a target's status checks going: a wait that would end later is
 * the outer (Standard) machine's, where a wait of any length costs one transition. Express
 * workflows end after five minutes; the slice leaves a minute for the step after the last wait.
 */
export const FOLLOW_UP_SLICE_SECONDS = 240;
/** An Express workflow's longest run (Step Functions quotas). */
export const EXPRESS_LIMIT_SECONDS = 300;

/** Targets published at the same time (the Map's MaxConcurrency). */
export const TARGET_CONCURRENCY = 5;
/** Lambda's usual concurrency quota for an account, and what the API and the jobs keep of it whatever publishing reserves. */
export const ACCOUNT_CONCURRENCY_QUOTA = 1000;
export const UNRESERVED_CONCURRENCY_KEPT = 800;
export const FINALIZE_RESERVED_CONCURRENCY = 10;
/**
 * Concurrency reserved for each platform's publish function, and for finalize: however many API
 * requests arrive, these are always free to run (issue 26, item 3). It is also their ceiling: an
 * invocation beyond it is throttled, and the state machine retries it (THROTTLE_RETRY). What the
 * quota has beyond the 800 kept for the API and the jobs and finalize's 10, shared by the
 * platforms: 19 each for ten (25 for six, 20 for eight, docs/decisions.md, "A post's texts are
 * bounded …"); each post publishes at most TARGET_CONCURRENCY targets at once.
 */
export const PUBLISH_STEP_RESERVED_CONCURRENCY = Math.floor((ACCOUNT_CONCURRENCY_QUOTA - UNRESERVED_CONCURRENCY_KEPT - FINALIZE_RESERVED_CONCURRENCY) / platforms.length);
/** A publish step's Lambda timeout (uploads stream large videos in chunks). */
export const PUBLISH_STEP_TIMEOUT_SECONDS = 15 * 60;
/** The finalize Lambda's timeout. */
export const FINALIZE_TIMEOUT_SECONDS = 30;

/** A target still processing after this many status checks fails; one rate limited this often fails. */
export const MAX_STATUS_CHECKS = 60;
export const MAX_RATE_LIMIT_WAITS = 8;
/** The longest wait between status checks a platform's hint can ask for. */
export const MAX_PROCESSING_WAIT_SECONDS = 5 * 60;
/** The longest wait for a rate limit's reset (LinkedIn's daily limit resets at midnight UTC). */
export const MAX_RATE_LIMIT_WAIT_SECONDS = 24 * 3600;

/** The sum of a retry policy's pauses (its longest, jitter never lengthens them). */
export function retryPausesSeconds(policy: RetryPolicy): number {
  let total = 0;
  for (let attempt = 0; attempt < policy.maxAttempts; attempt++) {
    total += Math.min(policy.intervalSeconds * policy.backoffRate ** attempt, policy.maxDelaySeconds);
  }
  return total;
}

/** The longest one Lambda step can take: every attempt running to its timeout, and every pause. */
function stepSeconds(timeoutSeconds: number, policy: RetryPolicy): number {
  return (policy.maxAttempts + 1) * timeoutSeconds + retryPausesSeconds(policy) + retryPausesSeconds(THROTTLE_RETRY);
}

/**
 * The longest one target can legitimately take once its time has come: the start, every status
 * check, the publish and every step after a rate-limit wait, each to its bound, the waits
 * between them at their longest, every follow-up started again after a timeout, and recording a
 * failure.
 */
export function longestTargetSeconds(): number {
  const steps = 2 + MAX_STATUS_CHECKS + MAX_RATE_LIMIT_WAITS;
  // Each follow-up (at most one per step) may time out and be started again, each time to its limit.
  const followUpRestarts = steps * (FOLLOW_UP_RETRY.maxAttempts * EXPRESS_LIMIT_SECONDS + retryPausesSeconds(FOLLOW_UP_RETRY));
  return (
    followUpRestarts +
    steps * stepSeconds(PUBLISH_STEP_TIMEOUT_SECONDS, STEP_RETRY) +
    MAX_STATUS_CHECKS * MAX_PROCESSING_WAIT_SECONDS +
    MAX_RATE_LIMIT_WAITS * MAX_RATE_LIMIT_WAIT_SECONDS +
    stepSeconds(PUBLISH_STEP_TIMEOUT_SECONDS, BOOKKEEPING_RETRY)
  );
}

/**
 * The longest legitimate publishing time of a post with this many targets, from its time: the
 * targets in waves of TARGET_CONCURRENCY, then finalize and the step that finishes the rest.
 */
export function longestPublishingSeconds(targetCount: number): number {
  const waves = Math.max(1, Math.ceil(targetCount / TARGET_CONCURRENCY));
  return waves * longestTargetSeconds() + 2 * stepSeconds(FINALIZE_TIMEOUT_SECONDS, BOOKKEEPING_RETRY);
}

/** When a post whose publishing starts at `from` must have ended, at the latest. */
export function publishingDeadline(from: Date, targetCount: number): Date {
  return new Date(from.getTime() + longestPublishingSeconds(targetCount) * 1000);
}
