import * as z from '../zod';
import { platforms } from '../platforms';
import { postIdSchema, postSchema, queueChoiceSchema, timeZoneSchema } from './posts';

/** The posting queue and its slots (docs/queue.md); the planning itself is shared/queue.ts (not loaded by every function that reads the route table). */

/** At most this many slots a week per account. */
export const MAX_WEEKLY_SLOTS = 42;

/** One account's queue: the path names the connection as the connections routes do. */
export const queuePathSchema = z.object({
  platform: z.enum(platforms),
  accountId: z.string().min(1).max(200),
});

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A slot\'s time is HH:mm, 24-hour (09:00, 17:30).');

export const queueSlotSchema = z.object({
  /** 0 = Monday … 6 = Sunday. */
  weekday: z.number().int().min(0, 'A weekday is 0 (Monday) to 6 (Sunday).').max(6, 'A weekday is 0 (Monday) to 6 (Sunday).'),
  time: timeSchema,
});

export const slotSources = ['best_times', 'defaults', 'custom'] as const;

/** GET /queues/{platform}/{accountId}: the zone the slots are read in when the workspace has none (the member's own). */
export const queueQuerySchema = z.object({ timeZone: timeZoneSchema.optional() });

/** PUT …/slots: the account's weekly slots (empty: no slots; its queued posts wait for some). */
export const setQueueSlotsSchema = z.object({
  slots: z.array(queueSlotSchema).max(MAX_WEEKLY_SLOTS, `At most ${MAX_WEEKLY_SLOTS} slots a week.`),
  /** The zone they are in, used when the workspace has no time zone of its own. */
  timeZone: timeZoneSchema.optional(),
});
export type SetQueueSlots = z.infer<typeof setQueueSlotsSchema>;

/** POST …/order: the queued posts in their new order (every one of them, each once). */
export const reorderQueueSchema = z.object({
  postIds: z.array(postIdSchema.shape.postId).min(1, 'Name the queued posts in their new order.').max(500),
});

/** POST …/skip: leave one slot empty (skip: true) or use it again (false). */
export const skipQueueSlotSchema = z.object({
  at: z.iso.datetime({ offset: true, message: 'The slot is an ISO date and time with its offset.' }),
  skip: z.boolean().default(true),
});

/** POST …/next: "share next": this queued post moves to the front. */
export const shareNextSchema = postIdSchema;

/** POST /queues/preview: where "Add to queue" would put a post for these accounts, before it is added. */
export const queuePreviewSchema = z.object({
  accounts: z.array(queuePathSchema).min(1, 'Choose at least one account.').max(20),
  ...queueChoiceSchema.shape,
  timeZone: timeZoneSchema.optional(),
});

export const queuePreviewResultSchema = z.object({
  /** One line per post it would make: its time (null: no free slot, with why) and its accounts. */
  posts: z.array(z.object({ scheduledFor: z.string().nullable(), accounts: z.array(z.string()), problem: z.string().nullable() })),
});
export type QueuePreviewResult = z.infer<typeof queuePreviewResultSchema>;

export const queueViewSchema = z.object({
  /** "<platform>#<account id>" */
  account: z.string(),
  accountName: z.string(),
  platform: z.enum(platforms),
  accountId: z.string(),
  timeZone: z.string(),
  /** Whether the zone is the workspace's (true) or the member's own (false: the workspace has none). */
  workspaceZone: z.boolean(),
  slots: z.array(queueSlotSchema),
  /** best_times: proposed from the account's numbers; defaults: it has too few yet (said so); custom: set by a person. */
  source: z.enum(slotSources),
  paused: z.boolean(),
  pausedAt: z.string().nullable(),
  /** The next slots in order, each with the post it holds (null: free) or skipped. */
  upcoming: z.array(z.object({ at: z.string(), skipped: z.boolean(), post: postSchema.nullable() })),
  /** Queued posts that have no slot: waiting for a paused queue, or beyond the slots (none left within the horizon). */
  waiting: z.array(postSchema),
});
export type QueueView = z.infer<typeof queueViewSchema>;

/** What a re-plan did to each queued post: moved, kept, held, or left (it is publishing already), in words. */
export const queueChangeSchema = z.object({
  queue: queueViewSchema,
  outcomes: z.array(z.object({ postId: z.string(), outcome: z.enum(['moved', 'kept', 'held', 'left']), message: z.string().nullable() })),
});
export type QueueChange = z.infer<typeof queueChangeSchema>;
