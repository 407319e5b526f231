import * as z from '../zod';
import { platforms } from '../platforms';
import { postIdSchema } from './posts';

/** Engagement tracking and best times to post (docs/analytics.md). */

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, 'Not a time zone: use an IANA name such as Europe/Istanbul.')
  .default('UTC');

/** A connected account: "<platform>#<platform user id>" (the connection id). */
const accountSchema = z
  .string()
  .max(300)
  .regex(new RegExp(`^(${platforms.join('|')})#.+$`), 'Not an account: expected "<platform>#<account id>".')
  .optional();

export const analyticsPeriods = [7, 30, 90] as const;

/** A platform leaves out what it does not report: null means "not reported", never 0. */
export const metricsSchema = z.object({
  views: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  shares: z.number().int().nullable(),
  saves: z.number().int().nullable(),
  /** Reported by few platforms (Pinterest's pin clicks, outbound clicks, video views): absent or null where not reported. */
  clicks: z.number().int().nullable().optional(),
  linkClicks: z.number().int().nullable().optional(),
  videoViews: z.number().int().nullable().optional(),
});
export type Metrics = z.infer<typeof metricsSchema>;

/**
 * tracking: numbers are read on a decaying schedule; finished: the post is older than the
 * tracking window, its last numbers stay; unavailable: the platform does not share them for this
 * grant (the note says why); paused: the connection needs the user (reconnect), earlier numbers stay.
 */
export const trackingStates = ['tracking', 'finished', 'unavailable', 'paused'] as const;

export const targetMetricsSchema = z.object({
  targetId: z.string(),
  platform: z.enum(platforms),
  accountId: z.string(),
  state: z.enum(trackingStates),
  metrics: metricsSchema.nullable(),
  /** likes + comments + shares + saves (what the platform reports of them). */
  engagement: z.number().int().nullable(),
  lastRefreshedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type TargetMetrics = z.infer<typeof targetMetricsSchema>;

export const postMetricsSchema = z.object({ postId: z.string(), targets: z.array(targetMetricsSchema) });
export type PostMetricsView = z.infer<typeof postMetricsSchema>;
export const postMetricsPathSchema = postIdSchema;

export const analyticsSummaryQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (analyticsPeriods as readonly number[]).includes(days), 'The period must be 7, 30 or 90 days.')
    .default(30),
  account: accountSchema,
  timeZone: timeZoneSchema,
});

const totalsSchema = z.object({
  /** Posts published in the period (a post to three accounts is one post). */
  posts: z.number().int(),
  /** Their targets: one per account a post went to. */
  targets: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  saves: z.number().int(),
  engagement: z.number().int(),
});

export const analyticsSummarySchema = z.object({
  days: z.number().int(),
  timeZone: z.string(),
  /** Accounts with tracked posts (for the account filter). */
  accounts: z.array(z.object({ account: z.string(), platform: z.enum(platforms), accountId: z.string(), accountName: z.string() })),
  totals: totalsSchema,
  /** One point per day of the period (in the time zone): the totals so far of the period's posts. */
  series: z.array(z.object({ date: z.string(), views: z.number().int(), engagement: z.number().int() })),
  topPosts: z.array(
    z.object({
      postId: z.string(),
      targetId: z.string(),
      platform: z.enum(platforms),
      accountName: z.string(),
      title: z.string(),
      postUrl: z.string().nullable(),
      publishedAt: z.string(),
      metrics: metricsSchema,
      engagement: z.number().int(),
    }),
  ),
  lastRefreshedAt: z.string().nullable(),
  /** Targets of the period whose numbers have not been read yet (just published). */
  awaitingFirstRead: z.number().int(),
  /** When the next reading of the period's targets is due (null: none is tracked any more). */
  nextRefreshAt: z.string().nullable(),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const bestTimesQuerySchema = z.object({ account: accountSchema, timeZone: timeZoneSchema });

export const bestTimesSchema = z.object({
  timeZone: z.string(),
  /** Posts whose first-48-hours engagement is known (the heat map's sample). */
  sampleSize: z.number().int(),
  minimumSample: z.number().int(),
  enoughData: z.boolean(),
  /** weekday 0 = Monday … 6 = Sunday; hour 0–23, in the time zone. score 1 = the account's usual. */
  cells: z.array(z.object({ weekday: z.number().int().min(0).max(6), hour: z.number().int().min(0).max(23), posts: z.number().int(), score: z.number() })),
  nextBestSlot: z.object({ at: z.string(), weekday: z.number().int(), hour: z.number().int(), score: z.number() }).nullable(),
});
export type BestTimes = z.infer<typeof bestTimesSchema>;
