import type { FeedEntry } from './feed';
import type { PlatformContext } from './platform';

/**
 * What the platforms' metrics endpoints share (each platform's own are in <platform>/metrics.ts):
 * they answer from the simulated engagement of what the account published (engagement.ts),
 * find only the account's own posts, as the platforms do, and count calls against a rate limit
 * the platform declares (changeable with setLimit; docs/analytics.md).
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** The account's own post with this id; another account's posts are not found. */
export function ownPost(context: PlatformContext, account: string, id: string): FeedEntry | undefined {
  return context.feed.list(context.platform, account).find((entry) => entry.id === id);
}

/** Counts the call against a rolling window; true when the limit was already reached. */
export function overLimit(context: PlatformContext, key: string, windowMs: number, limitName: string): { over: boolean; resetAt: number } {
  const now = context.now();
  const calls = context.events.since(key, now - windowMs + 1);
  const resetAt = (calls[0] ?? now) + windowMs;
  if (calls.length >= context.limit(limitName)) return { over: true, resetAt };
  context.events.record(key, now);
  return { over: false, resetAt };
}
