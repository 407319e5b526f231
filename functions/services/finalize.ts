import { unfinishedFollowUps } from './thread';
import { platformNames } from '../../shared/platforms';
import type { Post } from '../../shared/api/posts';
import type { Clock } from '../clock';
import { NotFound } from '../errors';
import { NOTIFICATION_PREFIX, toPost, type PostItem, type PostStore, type TargetItem } from './postStore';
import type { ActivityLog } from './activityLog';
import type { WebhookEvents } from './webhookEvents';

export interface FinalizeOptions {
  /** The execution finalizing: a replaced or cancelled one changes nothing. */
  execution?: string;
  /**
   * Publishing stopped before every target ended (a state failed after its retries, or the
   * execution died): the unfinished targets fail with this reason in words, and the user is
   * notified whether or not the post was scheduled.
   */
  stoppedBecause?: string;
}

function excerpt(text: string): string {
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

const finished = (target: TargetItem) => target.status === 'published' || target.status === 'failed';

/** The words a target that never ended shows. */
export function unfinishedReason(target: Pick<TargetItem, 'platform'>, why: string): string {
  return `Publishing to ${platformNames[target.platform]} stopped before it finished: ${why} Nothing more will be sent; check your ${platformNames[target.platform]} account, then retry if the post is not there.`;
}

/** The message a Lambda failure carries in the state machine's Cause ({ Error, Cause }). */
export function failureInWords(error: { Error?: string; Cause?: string } | undefined): string {
  if (!error) return 'the publishing workflow failed.';
  let message = error.Cause ?? error.Error ?? 'unknown error';
  try {
    const cause = JSON.parse(message) as { errorMessage?: string };
    if (cause.errorMessage) message = cause.errorMessage;
  } catch {
    // The Cause is plain text.
  }
  return `the publishing workflow failed (${error.Error ?? 'error'}: ${message}).`;
}

/**
 * The state machine's last step, and the reconciler's way to finish a post: every target that
 * has not ended fails with the reason in words, then the post's status comes from its targets'.
 * A step of an execution that is no longer the post's current one (replaced, or the post
 * cancelled) changes nothing. A post that failed anywhere leaves the user a notification with
 * the reasons when it was scheduled (nobody is watching it) or when publishing stopped early, and
 * the workspace's activity log a line (published, or failed). The outcome is reported to the
 * workspace's webhooks once per execution (a finalize retried, or the reconciler finishing the
 * same execution, reports the same moment, which is queued once).
 */
export async function finalizePost(
  { posts, clock, activity, webhooks }: { posts: PostStore; clock: Clock; activity?: Pick<ActivityLog, 'record'> | undefined; webhooks?: Pick<WebhookEvents, 'postFinished'> | undefined },
  userId: string,
  postId: string,
  options: FinalizeOptions = {},
): Promise<Post> {
  const { execution, stoppedBecause } = options;
  let post = await posts.get(userId, postId);
  if (!post) throw new NotFound('Post not found');
  if (post.status === 'cancelled' || (execution && post.currentExecution && execution !== post.currentExecution)) return toPost(post);
  const why = stoppedBecause ?? 'the last step ended without an answer for this account.';
  for (const target of Object.values(post.targets)) {
    if (finished(target)) continue;
    // The post is live (recorded before its thread and first comment were tried): only those did not finish.
    if (target.platformPostId && target.postUrl) {
      await posts.updateTarget(post, target.targetId, { status: 'published', waiting: null, ...unfinishedFollowUps(post, target, why) });
      continue;
    }
    // An armed create may have acted: the user checks the account and may publish again.
    await posts.updateTarget(post, target.targetId, { status: 'failed', error: unfinishedReason(target, why), waiting: null, ...(target.publishArmedAt ? { failureCode: 'outcome_unknown' as const } : {}) });
  }
  post = (await posts.get(userId, postId)) as PostItem;
  const targets = Object.values(post.targets);
  const published = targets.filter((target) => target.status === 'published').length;
  const status = published === targets.length ? 'published' : published > 0 ? 'partially_published' : 'failed';
  const now = clock.now().toISOString();
  const updated = await posts.setStatus(post, status, published && !post.publishedAt ? { publishedAt: now } : {});
  // The workspace's activity log (its partition is the post's): recorded when the post's status changes, once.
  if (activity && post.status !== status) {
    await activity.record({
      workspaceId: userId,
      kind: published ? 'post.published' : 'post.failed',
      actor: { type: 'system' },
      target: { postId, excerpt: excerpt(post.title ?? post.description).slice(0, 80) },
    });
  }
  if ((post.scheduledFor || stoppedBecause) && (status === 'failed' || status === 'partially_published')) {
    const about = execution ?? post.currentExecution ?? 'legacy';
    await posts.putNotification({
      userId,
      postId: `${NOTIFICATION_PREFIX}${postId}#${about}`,
      notificationId: `${postId}.${about}`,
      // A post whose time came while it waited for approval: everyone in the workspace sees it (its author and approvers among them).
      kind: post.approval?.state === 'expired' ? 'approval_expired' : post.scheduledFor ? 'scheduled_post_failed' : 'post_failed',
      postStatus: status,
      excerpt: excerpt(post.title ?? post.description),
      scheduledFor: post.scheduledFor ?? null,
      failures: targets
        .filter((target) => target.status === 'failed')
        .map((target) => ({ platform: target.platform, accountName: target.accountName, reason: target.error ?? 'The platform gave no reason.' })),
      createdAt: now,
    });
  }
  await webhooks?.postFinished(updated, execution ?? post.currentExecution ?? 'legacy');
  return toPost(updated);
}
