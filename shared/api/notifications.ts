import * as z from '../zod';
import { platforms } from '../platforms';
import { postStatuses } from './posts';

/**
 * In-app notices about the workspace's posts: a scheduled post that failed on some platform, and any
 * post whose publishing stopped before it finished (failed by the workflow's last step or the reconciler).
 * Approvals (shared/api/approvals.ts) add: a post waits for the reader's approval, its author's
 * post was approved, sent back for changes or rejected, a post's time came while it still waited
 * (everyone in the workspace sees that one), and a comment that names the reader. Webhooks
 * (shared/api/webhooks.ts) add: an endpoint was disabled after failing (for the workspace's owner
 * and admins; `excerpt` is its address, `comment` why, `postId` names the endpoint, not a post).
 */
export const notificationKinds = ['scheduled_post_failed', 'post_failed', 'approval_requested', 'changes_requested', 'post_approved', 'post_rejected', 'approval_expired', 'mentioned', 'webhook_disabled'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  notificationId: z.string(),
  kind: z.enum(notificationKinds),
  postId: z.string(),
  /** The post's status when the notice was written (a failure: failed everywhere, or on some platforms only). */
  postStatus: z.enum(postStatuses),
  /** The post's description, shortened. */
  excerpt: z.string(),
  scheduledFor: z.string().nullable(),
  /** Each failed target's platform and reason in words. */
  failures: z.array(z.object({ platform: z.enum(platforms), accountName: z.string(), reason: z.string() })),
  /** Who acted (submitted, decided, commented), on approval and comment notices. */
  byEmail: z.string().nullable().optional(),
  /** What they wrote with it (a decision's comment, the comment naming the reader). */
  comment: z.string().nullable().optional(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationListSchema>;
