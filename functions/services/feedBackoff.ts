import { FEED_BACKOFF_MAX_MINUTES, FEED_INTERVAL_MINUTES } from '../../shared/api/feeds';

/**
 * When a feed is fetched next: FEED_INTERVAL_MINUTES after a fetch that worked; after `failures`
 * failed fetches in a row, twice as long for each (30 min, 1 h, 2 h, …), at most
 * FEED_BACKOFF_MAX_MINUTES. A feed's server that told us when to come back (Retry-After) is
 * not asked sooner, within the same cap.
 */
export function nextFetchAt(now: Date, failures: number, retryAfterSeconds?: number): Date {
  const backoffMinutes = failures === 0 ? FEED_INTERVAL_MINUTES : Math.min(FEED_INTERVAL_MINUTES * 2 ** (failures - 1), FEED_BACKOFF_MAX_MINUTES);
  const askedMinutes = retryAfterSeconds !== undefined ? Math.min(retryAfterSeconds / 60, FEED_BACKOFF_MAX_MINUTES) : 0;
  return new Date(now.getTime() + Math.max(backoffMinutes, askedMinutes) * 60_000);
}

/** A Retry-After header's seconds (a number of seconds or an HTTP date), when it has a usable one. */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now.getTime()) / 1000);
}
