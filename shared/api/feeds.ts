import * as z from '../zod';
import { platforms } from '../platforms';

/**
 * Feeds to drafts (issue 31, item 4): a workspace follows RSS or Atom feeds; each new item of a
 * feed becomes a draft with its title and link, once (functions/services/feeds.ts). The feed is
 * fetched by a scheduled job under the one outbound rule (functions/http/outbound.ts).
 */
export const MAX_FEEDS = 20;
/** How often a healthy feed is fetched. */
export const FEED_INTERVAL_MINUTES = 30;
/** The longest wait after failures (the wait doubles from FEED_INTERVAL_MINUTES up to this). */
export const FEED_BACKOFF_MAX_MINUTES = 24 * 60;
/** At most this many new items become drafts per fetch (the rest wait for the next fetch). */
export const FEED_ITEMS_PER_FETCH = 10;
/** A feed's first fetch turns only its newest items into drafts (the older ones are marked seen). */
export const FEED_FIRST_FETCH_ITEMS = 3;

/**
 * What each new item becomes: `draft`, a draft; `queue`, a post in the queues of the feed's
 * accounts (docs/queue.md), going for approval where the workspace's rule says. A post needs a
 * file, so in the queue mode an item that brought no image (or whose image was not taken) stays a
 * draft, and the fetch's outcome says why.
 */
export const feedModes = ['draft', 'queue'] as const;
export type FeedMode = (typeof feedModes)[number];

const feedAccountSchema = z.object({ platform: z.enum(platforms), accountId: z.string().min(1).max(200) });

const feedUrlSchema = z
  .string()
  .trim()
  .min(1, "Paste the feed's address.")
  .max(2000, 'A feed address can be at most 2,000 characters.')
  .refine((value) => URL.canParse(value), 'Not an address: paste the whole feed address, starting with https://.');

const feedAccountsSchema = z
  .array(feedAccountSchema)
  .max(20, 'Choose at most 20 accounts.')
  .refine((accounts) => new Set(accounts.map((account) => `${account.platform}#${account.accountId}`)).size === accounts.length, 'The same account is chosen twice.');

/** The queue mode needs the accounts whose queues the posts go to. */
export const QUEUE_NEEDS_ACCOUNTS = 'Choose the accounts whose queues the new items go to.';

export const addFeedSchema = z
  .object({
    url: feedUrlSchema,
    /** The accounts each new item's draft (or queued post) is for (none: choose them on the draft; not in the queue mode). */
    accounts: feedAccountsSchema.default([]),
    /** `draft`: each new item is a draft; `queue`: a post in the accounts' queues. */
    mode: z.enum(feedModes).default('draft'),
  })
  .superRefine((feed, context) => {
    if (feed.mode === 'queue' && feed.accounts.length === 0) context.addIssue({ code: 'custom', path: ['accounts'], message: QUEUE_NEEDS_ACCOUNTS });
  });
export type AddFeed = z.infer<typeof addFeedSchema>;

/** A change to a feed; the service checks that a feed in the queue mode keeps its accounts (its mode and accounts may change apart). */
export const updateFeedSchema = z.object({
  paused: z.boolean().optional(),
  accounts: feedAccountsSchema.optional(),
  mode: z.enum(feedModes).optional(),
});
export type UpdateFeed = z.infer<typeof updateFeedSchema>;

export const feedPathSchema = z.object({ feedId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a feed id.') });

/** How the last fetch ended: new items taken, nothing new, or failed (why, in words). */
export const feedFetchSchema = z.object({
  at: z.string(),
  outcome: z.enum(['ok', 'unchanged', 'failed']),
  /** In words, for the page: "2 new items became drafts.", "1 new item went to the queue.", "The feed answered 500 …". */
  message: z.string(),
  /** The new items taken: drafts, or in the queue mode queued posts and the items that stayed drafts. */
  newDrafts: z.number().int().nonnegative(),
});
export type FeedFetch = z.infer<typeof feedFetchSchema>;

export const feedSchema = z.object({
  feedId: z.string(),
  url: z.string(),
  /** The feed's own title, once fetched. */
  title: z.string().nullable(),
  accounts: z.array(feedAccountSchema),
  mode: z.enum(feedModes),
  paused: z.boolean(),
  createdAt: z.string(),
  lastFetch: feedFetchSchema.nullable(),
  /** Failed fetches in a row (0 when the last one worked). */
  failures: z.number().int().nonnegative(),
  /** When the job fetches it next (null while paused). */
  nextFetchAt: z.string().nullable(),
});
export type Feed = z.infer<typeof feedSchema>;

export const feedListSchema = z.object({ feeds: z.array(feedSchema) });
export type FeedList = z.infer<typeof feedListSchema>;

/** Where a draft came from, shown on it: the feed, the item's link, and its image (taken or why not). */
export const feedOriginSchema = z.object({
  feedId: z.string(),
  feedTitle: z.string().nullable(),
  link: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Why the item's image is not the draft's media, in words (null when it is, or the item had none). */
  imageNote: z.string().nullable(),
});
export type FeedOrigin = z.infer<typeof feedOriginSchema>;
