import * as z from '../zod';

/**
 * An account's own numbers per day, where its platform reports numbers for the account rather
 * than for each post (e.g. a place's views on search and maps, calls, website clicks, direction
 * requests). A metric the platform does not report is absent, not zero.
 */
export const accountMetricKeys = ['searchViews', 'mapsViews', 'calls', 'websiteClicks', 'directionRequests'] as const;
export type AccountMetricKey = (typeof accountMetricKeys)[number];

/** How many days the route reads: the last four weeks. */
export const ACCOUNT_METRICS_DAYS = 28;

const valuesSchema = z.partialRecord(z.enum(accountMetricKeys), z.number().int().min(0));

export const accountDailyMetricsSchema = z.object({
  /** The first and last day asked for (YYYY-MM-DD, UTC). */
  from: z.string(),
  to: z.string(),
  /** The metrics the platform reports for this account, in display order. */
  metrics: z.array(z.enum(accountMetricKeys)),
  /** Each metric's sum over the days. */
  totals: valuesSchema,
  /** One entry per day from `from` to `to`, oldest first; a day the platform has no number for yet has none. */
  days: z.array(z.object({ date: z.string(), values: valuesSchema })),
  /** When we read them (ISO). */
  readAt: z.string(),
});
export type AccountDailyMetrics = z.infer<typeof accountDailyMetricsSchema>;
