import { describe, expect, it } from 'vitest';
import { nextFetchAt, retryAfterSeconds } from '../../../../functions/services/feedBackoff';

const now = new Date('2026-11-28T12:00:00.000Z');
const minutesAfter = (at: Date) => (at.getTime() - now.getTime()) / 60_000;

describe('when a feed is fetched next', () => {
  it('comes back after 30 minutes when the fetch worked', () => {
    expect(minutesAfter(nextFetchAt(now, 0))).toBe(30);
  });

  it('doubles the wait with each failure in a row, up to a day', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((failures) => minutesAfter(nextFetchAt(now, failures)))).toEqual([30, 60, 120, 240, 480, 960, 1440, 1440, 1440]);
  });

  it('waits as long as the feed asked (Retry-After) when that is longer, within the same day', () => {
    expect(minutesAfter(nextFetchAt(now, 1, 3 * 3600))).toBe(180);
    expect(minutesAfter(nextFetchAt(now, 1, 60))).toBe(30);
    expect(minutesAfter(nextFetchAt(now, 1, 7 * 86_400))).toBe(1440);
  });

  it('reads Retry-After as seconds or as a date, and ignores what is neither', () => {
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 13:00:00 GMT', now)).toBe(3600);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});
