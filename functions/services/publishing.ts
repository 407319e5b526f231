import { platformNames, type Platform } from '../../shared/platforms';
import { mediaForPlatform, textFor } from '../../shared/platformRules';
import type { Clock } from '../clock';
import { AuthExpired, RateLimited, Rejected } from '../platforms/errors';
import { checkYourAccount, createOnceWith, OutcomeUnknown } from '../platforms/createOnce';
import type { FirstCommentResult, TargetFailureCode, ThreadResult } from '../../shared/api/posts';
import { createFirstComments, wantsFirstComment } from './firstComment';
import { createThreads, threadStoppedComment, unfinishedFollowUps, wantsThread } from './thread';
import type { PlatformPublisher, ProgressAttachments, PublishRequest, StepResult } from '../platforms/publisher';
import type { TokenSet } from '../platforms/adapter';
import { writeIf } from './conditionalWrite';
import type { S3Media } from '../media/s3Media';
import type { ConnectionStore } from './connectionStore';
import type { TokenFreshness } from './tokenFreshness';
import { APPROVAL_MISSED_MESSAGE, type PostItem, type PostStore, type TargetItem } from './postStore';
import { trackProgress, withOneRefresh } from './targetCalls';
import { FOLLOW_UP_SLICE_SECONDS, MAX_PROCESSING_WAIT_SECONDS, MAX_RATE_LIMIT_WAIT_SECONDS, MAX_RATE_LIMIT_WAITS, MAX_STATUS_CHECKS } from './publishingLimits';

/** Bounds: a target that is still processing after this many checks, or rate limited this often, fails (publishingLimits.ts). */
export { MAX_STATUS_CHECKS, MAX_RATE_LIMIT_WAITS } from './publishingLimits';
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

export type StepAction = 'start' | 'status' | 'publish';

/** A target whose create was sent, then whose access ended before it was known to be live. */
export function sentBeforeAccessEnded(name: string): string {
  return `Reconnect your ${name} account: its access ended after the post was sent, so it may already be on ${name}. Check your ${name} account before publishing again.`;
}

export interface StepInput {
  userId: string;
  postId: string;
  targetId: string;
  action: StepAction | 'fail';
  /** The execution running this step (absent from executions started before scheduling existed). */
  execution?: string;
  /** With 'fail': what the state machine caught after its retries ({ Error, Cause }). */
  error?: { Error?: string; Cause?: string };
  /** When the follow-up running this step started (absent: the outer machine runs it, e.g. start). */
  followUpStartedAt?: string;
}

/**
 * What the state machines' Choices read after each step. `rate_limited` and `later` are waited
 * out by the outer machine, which then runs `action` again (`later`: the next status check would
 * come after the follow-up's slice; publishingLimits.ts).
 */
export type StepOutcome =
  | { state: 'processing'; waitSeconds: number }
  | { state: 'ready' }
  | { state: 'published' }
  | { state: 'failed' }
  /** This execution was replaced or its post cancelled: it publishes nothing and ends. */
  | { state: 'superseded' }
  | { state: 'rate_limited'; waitUntil: string; action: StepAction }
  | { state: 'later'; waitUntil: string; action: 'status' };

export interface PublishingDeps {
  posts: PostStore;
  connections: ConnectionStore;
  freshness: TokenFreshness;
  publishers: Partial<Record<Platform, PlatformPublisher>>;
  media: S3Media;
  /** Where a target's progress too large for the post item is kept (S3 on AWS: progressAttachments.ts). */
  attachments: (target: { userId: string; postId: string; targetId: string }) => ProgressAttachments;
  clock: Clock;
}

/** The message a Lambda failure carries in the state machine's Cause. */
function causeMessage(error: StepInput['error']): string {
  if (!error?.Cause) return error?.Error ?? 'unknown error';
  try {
    const cause = JSON.parse(error.Cause) as { errorMessage?: string };
    return cause.errorMessage ?? error.Cause;
  } catch {
    return error.Cause;
  }
}

/**
 * One step of one target, as the platform's Lambda runs it for the state machine: it loads
 * what earlier steps recorded, calls the platform once, and records the result before
 * answering. Permanent problems end the target with the reason in words; only transient ones
 * (Retryable) are thrown, for the state machine to retry with backoff.
 */
export function createPublishing(deps: PublishingDeps) {
  const { posts, connections, freshness, publishers, media, attachments, clock } = deps;

  async function fail(post: PostItem, target: TargetItem, message: string, failureCode?: TargetFailureCode): Promise<StepOutcome> {
    await posts.updateTarget(post, target.targetId, { status: 'failed', error: message, waiting: null, ...(failureCode ? { failureCode } : {}) });
    return { state: 'failed' };
  }

  const firstComments = createFirstComments({ posts, clock });
  const threads = createThreads({ posts, clock });

  async function record(
    post: PostItem,
    target: TargetItem,
    result: StepResult,
    followUps: { firstComment?: FirstCommentResult | undefined; thread?: ThreadResult | undefined } = {},
    sliceEndsAt?: number,
  ): Promise<StepOutcome> {
    if (result.state === 'published') {
      await posts.updateTarget(post, target.targetId, {
        status: 'published',
        progress: result.progress,
        platformPostId: result.platformPostId,
        postUrl: result.postUrl,
        waiting: null,
        ...(followUps.thread ? { thread: followUps.thread } : {}),
        ...(followUps.firstComment ? { firstComment: followUps.firstComment } : {}),
      });
      return { state: 'published' };
    }
    if (result.state === 'ready') {
      await posts.updateTarget(post, target.targetId, { status: 'processing', progress: result.progress, waiting: null });
      return { state: 'ready' };
    }
    // The wait is bounded (publishingLimits.ts), so the reconciler's deadline holds; the target says until when.
    const waitSeconds = Math.min(MAX_PROCESSING_WAIT_SECONDS, Math.max(1, Math.ceil(result.waitSeconds)));
    const until = new Date(clock.now().getTime() + waitSeconds * 1000).toISOString();
    await posts.updateTarget(post, target.targetId, { status: 'processing', progress: result.progress, waiting: { reason: 'processing', until } });
    // A wait past the follow-up's slice is the outer machine's (one transition, however long).
    if (sliceEndsAt !== undefined && new Date(until).getTime() > sliceEndsAt) return { state: 'later', waitUntil: until, action: 'status' };
    return { state: 'processing', waitSeconds };
  }

  /** The exactly-once rule (createOnce.ts) on this target: the intent is armed in the post item. */
  function createOnceFor(post: PostItem, target: TargetItem): PublishRequest['createOnce'] {
    return createOnceWith(
      {
        arm: (progress) =>
          writeIf(
            posts.updateTarget(post, target.targetId, { publishArmedAt: clock.now().toISOString(), progress }, {
              condition: 'attribute_exists(#targets.#target) AND attribute_not_exists(#targets.#target.publishArmedAt)',
            }),
          ),
        disarm: () => posts.disarmPublish(post, target.targetId),
      },
      platformNames[target.platform],
    );
  }

  /** One call of the publisher for this step. */
  function run(action: StepAction, publisher: PlatformPublisher, request: PublishRequest): Promise<StepResult> {
    switch (action) {
      case 'start':
        return publisher.start(request);
      case 'status':
        return publisher.checkStatus(request);
      case 'publish':
        return publisher.publish(request);
    }
  }

  /**
   * The first step's claim for `execution`: claimed, superseded (replaced, cancelled), or refused
   * because the post still waits for approval at its time. An approval that lands between the
   * refused claim and the expiry wins (the expiry is conditional on it still waiting): the claim is
   * tried again. An approval after the expiry is refused by its own condition (approvals.ts).
   */
  async function claim(post: PostItem, target: TargetItem, execution: string): Promise<'claimed' | 'superseded' | 'unapproved'> {
    if (await posts.claimTarget(post, target.targetId, execution, { startsPost: !target.publishAt })) return 'claimed';
    for (let attempt = 0; attempt < 2; attempt++) {
      const latest = await posts.get(post.userId, post.postId);
      if (!latest?.approval || latest.currentExecution !== execution || (latest.status !== 'scheduled' && latest.status !== 'publishing')) return 'superseded';
      if (latest.approval.state === 'approved') {
        if (await posts.claimTarget(latest, target.targetId, execution, { startsPost: !target.publishAt })) return 'claimed';
        continue;
      }
      if (latest.approval.state === 'expired' || (await posts.expireApproval(latest, execution))) return 'unapproved';
    }
    return 'superseded';
  }

  return {
    async step(input: StepInput): Promise<StepOutcome> {
      const post = await posts.get(input.userId, input.postId);
      const target = post?.targets[input.targetId];
      if (!post || !target) throw new Rejected(`Post ${input.postId} or its target ${input.targetId} no longer exists`);
      if (target.status === 'published' || target.status === 'failed') return { state: target.status };
      const name = platformNames[target.platform];

      // The first step claims the target for this execution, conditionally: a replaced execution
      // (reschedule, edit) or one whose post was cancelled finds it is not current and ends here.
      if (input.action === 'start' && input.execution) {
        const claimed = await claim(post, target, input.execution);
        if (claimed === 'unapproved') return fail(post, target, APPROVAL_MISSED_MESSAGE);
        if (claimed === 'superseded') return { state: 'superseded' };
      } else if (input.execution && post.currentExecution && post.currentExecution !== input.execution) {
        return { state: 'superseded' };
      }

      if (input.action === 'fail') {
        const reason = causeMessage(input.error);
        // The post is live (recorded before its thread and first comment were tried): only those did not finish.
        if (target.platformPostId && target.postUrl) {
          const followUps = unfinishedFollowUps(post, target, `${name} could not be reached after several attempts: ${reason}`);
          return record(post, target, { state: 'published', progress: target.progress, platformPostId: target.platformPostId, postUrl: target.postUrl }, followUps);
        }
        // An armed create whose outcome never came back: the post may exist. Say so, never "not published".
        if (target.publishArmedAt) return fail(post, target, checkYourAccount(name, 'the post', `the last attempt ended without an answer: ${reason}`), 'outcome_unknown');
        return fail(post, target, `${name} could not be reached after several attempts: ${reason}`);
      }

      const publisher = publishers[target.platform];
      if (!publisher) return fail(post, target, `${name} is not configured on this deployment.`);
      const connection = await connections.get(post.userId, target.connectionId);
      if (!connection || connection.status !== 'connected') {
        return fail(post, target, `Your ${name} account is not connected any more. Reconnect it on the Accounts page, then retry.`);
      }

      try {
        const fresh = await freshness.freshTokens(connection);
        // Progress saved in the middle of this step (a session, a confirmed chunk, an armed
        // create): a token refresh and second try below continue from it.
        const progress = trackProgress(posts, post, target.targetId, target.progress, createOnceFor(post, target));
        const targetAttachments = attachments({ userId: post.userId, postId: post.postId, targetId: target.targetId });
        const request = (tokens: TokenSet): PublishRequest => ({
          text: textFor(post, target.platform),
          ...(post.title ? { title: post.title } : {}),
          ...(target.publishAt ? { publishAt: target.publishAt } : {}),
          ...(target.options ? { options: target.options } : {}),
          media: mediaForPlatform(target.platform, post.media).map((item) => media.source(item)),
          account: { platformUserId: connection.platformUserId, ...(connection.username ? { username: connection.username } : {}) },
          tokens,
          progress: progress.current,
          saveProgress: progress.saveProgress,
          attachments: targetAttachments,
          createOnce: progress.createOnce,
          ...(target.publishArmedAt ? { createArmed: true } : {}),
        });
        // A token the platform refused before its stored expiry: one refresh (under the
        // connection's lease, from the connection as it is now) and one more try; only a refused
        // refresh needs the user.
        const refreshAfterRefusal = async (refused: TokenSet) =>
          freshness.refreshAfterRefusal((await connections.get(post.userId, target.connectionId)) ?? connection, refused);
        if (input.action === 'start' && !input.execution) await posts.updateTarget(post, target.targetId, { status: 'uploading' });
        // The post is live already (recorded before its thread and first comment were tried, and
        // one of those was left to a retry): the step goes on with them, never asks the platform
        // about the post again — a failing read must not turn a live post into a failed one.
        const live: StepResult | undefined =
          target.platformPostId && target.postUrl ? { state: 'published', progress: target.progress, platformPostId: target.platformPostId, postUrl: target.postUrl } : undefined;
        if (input.action === 'status' && !live) {
          if (target.statusChecks >= MAX_STATUS_CHECKS) {
            return await fail(post, target, `${name} did not finish processing the media in time.`);
          }
          await posts.updateTarget(post, target.targetId, { statusChecks: target.statusChecks + 1 });
        }
        const action = input.action;
        const { value: result, tokens } = live ? { value: live, tokens: fresh } : await withOneRefresh(fresh, refreshAfterRefusal, (withTokens) => run(action, publisher, request(withTokens)));
        const thread = result.state === 'published' ? wantsThread(post, target, publisher) : undefined;
        if (result.state === 'published' && (thread || wantsFirstComment(post, target, publisher))) {
          // The post is live: recorded first, so nothing that happens to its thread or comment undoes or repeats it.
          await posts.updateTarget(post, target.targetId, { progress: result.progress, platformPostId: result.platformPostId, postUrl: result.postUrl, waiting: null });
          const context = {
            account: { platformUserId: connection.platformUserId, ...(connection.username ? { username: connection.username } : {}) },
            tokens,
            progress: result.progress,
            platformPostId: result.platformPostId,
            postUrl: result.postUrl,
            refreshAfterRefusal,
          };
          // The thread's posts first; the first comment then goes under its last post.
          const threaded = thread ? await threads.post(post, target, publisher, thread, context) : undefined;
          const after = threaded?.progress ?? result.progress;
          let firstComment: FirstCommentResult | undefined;
          if (wantsFirstComment(post, target, publisher)) {
            if (threaded?.result.status === 'failed') firstComment = threadStoppedComment;
            else {
              const under = threaded?.last ?? { platformPostId: result.platformPostId, postUrl: result.postUrl };
              const root = { platformPostId: result.platformPostId, postUrl: result.postUrl };
              const commented = await firstComments.post(post, target, publisher, { ...context, progress: after, ...under, root });
              return await record(post, target, { ...result, progress: commented.progress }, { thread: threaded?.result, firstComment: commented.result });
            }
          }
          return await record(post, target, { ...result, progress: after }, { thread: threaded?.result, firstComment });
        }
        // The follow-up running this step, or the one the outer machine starts after it, must end in time.
        const sliceStart = input.followUpStartedAt ? new Date(input.followUpStartedAt).getTime() : clock.now().getTime();
        return await record(post, target, result, {}, sliceStart + FOLLOW_UP_SLICE_SECONDS * 1000);
      } catch (error) {
        if (error instanceof AuthExpired) {
          const latest = await connections.get(post.userId, target.connectionId);
          if (latest) await connections.markNeedsReconnect(latest, error.message);
          // Refused after a create was sent (a status read after the upload finished): the post may be there.
          const armed = (await posts.get(post.userId, post.postId))?.targets[target.targetId]?.publishArmedAt;
          if (armed) return fail(post, target, sentBeforeAccessEnded(name), 'outcome_unknown');
          return fail(post, target, `Reconnect your ${name} account to publish: ${error.message}`);
        }
        if (error instanceof RateLimited) {
          if (target.rateLimitWaits >= MAX_RATE_LIMIT_WAITS) return fail(post, target, `${name} kept asking us to wait: ${error.message}`);
          const waitUntil = error.resetAt ?? new Date(clock.now().getTime() + DEFAULT_RATE_LIMIT_WAIT_MS);
          const now = clock.now().getTime();
          // Bounded (publishingLimits.ts), so the reconciler's deadline holds.
          const until = new Date(Math.min(Math.max(waitUntil.getTime(), now + 1000), now + MAX_RATE_LIMIT_WAIT_SECONDS * 1000)).toISOString();
          // The target says why it waits and until when; the next step's outcome clears it.
          await posts.updateTarget(post, target.targetId, { rateLimitWaits: target.rateLimitWaits + 1, waiting: { reason: 'rate_limited', until } });
          return { state: 'rate_limited', waitUntil: until, action: input.action };
        }
        if (error instanceof OutcomeUnknown) return fail(post, target, error.message, 'outcome_unknown');
        if (error instanceof Rejected) return fail(post, target, error.message);
        throw error;
      }
    },
  };
}

export type Publishing = ReturnType<typeof createPublishing>;
