import type { Platform } from '../../shared/platforms';
import type { ConnectionEventData, PostEventData } from '../../shared/api/webhooks';
import type { PostItem } from './postStore';
import type { WebhookMoment, WebhookQueue } from './webhookQueue';

/**
 * The moments webhooks report, from where they happen: the publishing engine's finalize (a post
 * published, partially published or failed), approvals (a post submitted, approved) and token
 * freshness (a connection needing reconnect). Each moment's key makes its webhook-id, so the same
 * moment reported again (a retried finalize) is not delivered twice. The data names the
 * workspace, the post and each account's outcome with the words the app shows, and links into
 * the app; never a token or a platform's own answer.
 */
export interface WebhookEvents {
  postFinished(post: PostItem, execution: string): Promise<void>;
  postSubmitted(post: PostItem): Promise<void>;
  postApproved(post: PostItem): Promise<void>;
  connectionNeedsReconnect(connection: { userId: string; connectionId: string; platform: Platform; platformUserId: string; displayName?: string; username?: string }, reason: string, at: string): Promise<void>;
}

function excerpt(text: string): string {
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

/** The post's data; `page` is the app's page that shows it (the posts list, or approvals). */
export function postEventData(post: PostItem, siteUrl: string, page: 'posts' | 'approvals' = 'posts'): PostEventData {
  return {
    workspaceId: post.userId,
    postId: post.postId,
    status: post.status,
    title: post.title ?? null,
    excerpt: excerpt(post.title ?? post.description),
    scheduledFor: post.scheduledFor ?? null,
    publishedAt: post.publishedAt ?? null,
    targets: Object.values(post.targets).map((target) => ({
      platform: target.platform,
      accountId: target.accountId,
      accountName: target.accountName,
      status: target.status,
      url: target.postUrl ?? null,
      error: target.status === 'failed' ? (target.error ?? 'The platform gave no reason.') : null,
    })),
    link: `${siteUrl}/dashboard/${page}?workspace=${encodeURIComponent(post.userId)}`,
  };
}

export function createWebhookEvents({ queue, siteUrl, now }: { queue: Pick<WebhookQueue, 'emit'>; siteUrl: () => string; now: () => Date }): WebhookEvents {
  const emit = (workspaceId: string, moment: WebhookMoment) => queue.emit(workspaceId, moment).then(() => undefined);
  return {
    async postFinished(post, execution) {
      const type = post.status === 'published' ? 'post.published' : post.status === 'partially_published' ? 'post.partially_published' : post.status === 'failed' ? 'post.failed' : undefined;
      if (!type) return;
      // One outcome per execution: the key leaves the type out, so a retried finalize never sends a second, different event.
      await emit(post.userId, { type, moment: `post:${post.postId}:outcome:${execution}`, at: post.publishedAt ?? now().toISOString(), data: postEventData(post, siteUrl()) });
    },
    async postSubmitted(post) {
      const approval = post.approval;
      if (!approval) return;
      await emit(post.userId, {
        type: 'post.needs_approval',
        moment: `post:${post.postId}:submitted:${approval.submittedAt}`,
        at: approval.submittedAt,
        data: { ...postEventData(post, siteUrl(), 'approvals'), by: approval.submittedByEmail },
      });
    },
    async postApproved(post) {
      const approval = post.approval;
      if (!approval?.decidedAt) return;
      await emit(post.userId, {
        type: 'post.approved',
        moment: `post:${post.postId}:approved:${approval.decidedAt}`,
        at: approval.decidedAt,
        data: { ...postEventData(post, siteUrl(), 'approvals'), by: approval.decidedByEmail ?? '' },
      });
    },
    async connectionNeedsReconnect(connection, reason, at) {
      const data: ConnectionEventData = {
        workspaceId: connection.userId,
        platform: connection.platform,
        accountId: connection.platformUserId,
        accountName: connection.displayName ?? connection.username ?? connection.platformUserId,
        reason,
        link: `${siteUrl()}/dashboard/accounts?workspace=${encodeURIComponent(connection.userId)}`,
      };
      await emit(connection.userId, { type: 'connection.needs_reconnect', moment: `connection:${connection.connectionId}:needs_reconnect:${at}`, at, data });
    },
  };
}
