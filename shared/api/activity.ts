import * as z from '../zod';

/**
 * The activity log: who did what and when in a workspace. The HTTP layer records each successful
 * write a route names in `routeActivity` (shared/api/authorization.ts); the publishing engine's
 * finalize step records a post published or failed; a review link records its client's actions.
 */
export const activityKinds = [
  'connection.connected',
  'connection.disconnected',
  'post.created',
  'post.edited',
  'post.rescheduled',
  'post.cancelled',
  'post.deleted',
  'post.retried',
  'post.submitted',
  'post.approved',
  'post.rejected',
  'post.changesRequested',
  'post.commented',
  'post.published',
  'post.failed',
  'draft.saved',
  'member.invited',
  'member.invitationRevoked',
  'member.joined',
  'member.roleChanged',
  'member.removed',
  'member.left',
  'workspace.ownershipTransferred',
  'workspace.updated',
  'reviewLink.created',
  'reviewLink.revoked',
  'review.approved',
  'review.commented',
  'apiKey.created',
  'apiKey.revoked',
  'apiKey.assistantApproved',
  'webhook.created',
  'webhook.changed',
  'webhook.enabled',
  'webhook.disabled',
  'webhook.secretRotated',
  'webhook.deleted',
  'queue.slotsChanged',
  'queue.paused',
  'queue.resumed',
  'queue.reordered',
  'queue.slotSkipped',
  'queue.slotRestored',
  'feed.added',
  'feed.changed',
  'feed.removed',
  'posts.imported',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/**
 * Who acted: a member (their user id and e-mail as they were then), a client through a review
 * link (the name they typed, and the link), or OneClick itself (the publishing engine).
 */
export const activityActorSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('member'), userId: z.string(), email: z.string() }),
  z.object({ type: z.literal('client'), name: z.string(), linkId: z.string() }),
  z.object({ type: z.literal('system') }),
]);
export type ActivityActor = z.infer<typeof activityActorSchema>;

/** What the action was about: the ids the route named and the ones its answer carried. */
export const activityTargetSchema = z.object({
  postId: z.string().optional(),
  memberId: z.string().optional(),
  email: z.string().optional(),
  role: z.string().optional(),
  platform: z.string().optional(),
  accountId: z.string().optional(),
  invitationId: z.string().optional(),
  linkId: z.string().optional(),
  keyId: z.string().optional(),
  /** A webhook endpoint (its address is the excerpt; its secret is never kept). */
  endpointId: z.string().optional(),
  feedId: z.string().optional(),
  /** An import's rows made into posts or drafts. */
  count: z.number().int().optional(),
  /** A short excerpt of the post or comment, where the action had one. */
  excerpt: z.string().optional(),
});
export type ActivityTarget = z.infer<typeof activityTargetSchema>;

export const activityEntrySchema = z.object({
  activityId: z.string(),
  kind: z.enum(activityKinds),
  at: z.string(),
  actor: activityActorSchema,
  target: activityTargetSchema,
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const ACTIVITY_PAGE_SIZE = 50;

export const listActivityQuerySchema = z.object({
  kind: z.enum(activityKinds, 'Choose a kind of activity from the list.').optional(),
  /** A member's user id: only what they did. */
  member: z.uuid('Choose a member from the list.').optional(),
  /** From a previous page's `nextCursor`. */
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
