import * as z from '../zod';
import { platforms } from '../platforms';

/**
 * In-app notices about the user's posts: a scheduled post that failed on some platform, and any
 * post whose publishing stopped before it finished (failed by the workflow's last step or the reconciler).
 */
export const notificationKinds = ['scheduled_post_failed', 'post_failed'] as const;

export const notificationSchema = z.object({
  notificationId: z.string(),
  kind: z.enum(notificationKinds),
  postId: z.string(),
  /** The post's outcome: failed everywhere, or on some platforms only. */
  postStatus: z.enum(['failed', 'partially_published']),
  /** The post's description, shortened. */
  excerpt: z.string(),
  scheduledFor: z.string().nullable(),
  /** Each failed target's platform and reason in words. */
  failures: z.array(z.object({ platform: z.enum(platforms), accountName: z.string(), reason: z.string() })),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationListSchema>;
