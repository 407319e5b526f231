import { describe, expect, it } from 'vitest';
import { bestTimes, engagementOf, metricsView, MINIMUM_SAMPLE, nextRefreshAt, summarize, weekdayHour } from '../../../../functions/services/analytics';
import type { MetricsSnapshot, TrackedTarget } from '../../../../functions/services/metricsStore';
import type { PostMetrics } from '../../../../functions/platforms/adapter';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

function target(overrides: Partial<TrackedTarget> & { publishedAt: string }): TrackedTarget {
  const targetId = overrides.targetId ?? `x#${Math.random()}`;
  return {
    userId: 'u',
    record: `target#p#${targetId}`,
    postId: overrides.postId ?? `p-${targetId}`,
    targetId,
    platform: 'x',
    accountId: '1',
    accountName: '@one',
    connectionId: 'x#1',
    platformPostId: '1',
    title: 'A post',
    state: 'tracking',
    refreshes: 1,
    ...overrides,
  };
}

describe('the refresh schedule', () => {
  const published = new Date('2026-11-01T12:00:00Z');
  const after = (ms: number) => nextRefreshAt(published, new Date(published.getTime() + ms))!.getTime() - (published.getTime() + ms);

  it('reads hourly on the first day, then every 6 hours, 12 hours, daily and weekly', () => {
    expect(after(10 * 60_000)).toBe(HOUR);
    expect(after(2 * DAY)).toBe(6 * HOUR);
    expect(after(5 * DAY)).toBe(12 * HOUR);
    expect(after(20 * DAY)).toBe(DAY);
    expect(after(40 * DAY)).toBe(7 * DAY);
  });

  it('reads a post on a platform that bills each read (X) on about 10 UTC days instead of 40, one of them in the first-48-hours window', () => {
    const readsOf = (platform: 'x' | 'youtube') => {
      const reads: Date[] = [];
      for (let at: Date | undefined = published; at; at = nextRefreshAt(published, at, platform)) reads.push(at);
      return reads;
    };
    const utcDays = (reads: Date[]) => new Set(reads.map((at) => at.toISOString().slice(0, 10))).size;
    expect(utcDays(readsOf('youtube'))).toBeGreaterThanOrEqual(35);
    expect(utcDays(readsOf('x'))).toBeLessThanOrEqual(11);
    // The best times compare engagement read between 48 and 96 hours after publishing.
    const ages = readsOf('x').map((at) => at.getTime() - published.getTime());
    expect(ages.some((age) => age >= 2 * DAY && age < 4 * DAY)).toBe(true);
    expect(ages.at(-1)).toBe(90 * DAY);
    // The first day reads hourly on every platform (one billed UTC day or two).
    expect(nextRefreshAt(published, new Date(published.getTime() + 10 * 60_000), 'x')!.getTime() - published.getTime()).toBe(10 * 60_000 + HOUR);
  });

  it('reads a last time at 90 days, then stops', () => {
    expect(nextRefreshAt(published, new Date(published.getTime() + 88 * DAY))!.getTime()).toBe(published.getTime() + 90 * DAY);
    expect(nextRefreshAt(published, new Date(published.getTime() + 90 * DAY))).toBeUndefined();
  });
});

describe('engagement', () => {
  it('adds what the platform reports of likes, comments, shares and saves; nothing reported is null', () => {
    expect(engagementOf({ views: 100, likes: 5, comments: 2 })).toBe(7);
    expect(engagementOf({ views: 100 })).toBeNull();
    expect(engagementOf(undefined)).toBeNull();
  });

  it('shows clicks, link clicks and video views where a platform reports them, null where not, and keeps them out of engagement', () => {
    expect(metricsView({ views: 100, saves: 3, clicks: 7, linkClicks: 2, videoViews: 40 })).toEqual({ views: 100, likes: null, comments: null, shares: null, saves: 3, clicks: 7, linkClicks: 2, videoViews: 40 });
    expect(metricsView({ views: 5 })).toMatchObject({ clicks: null, linkClicks: null, videoViews: null });
    expect(engagementOf({ saves: 3, clicks: 7, linkClicks: 2, videoViews: 40 })).toBe(3);
  });
});

describe('weekday and hour in the user\'s time zone', () => {
  it('uses the zone\'s offset, daylight saving and half hours', () => {
    // Sunday 22:30 UTC is Monday 01:30 in Istanbul (UTC+3) and Monday 04:00 in Kolkata (UTC+5:30).
    expect(weekdayHour('2026-11-22T22:30:00Z', 'Europe/Istanbul')).toEqual({ weekday: 0, hour: 1 });
    expect(weekdayHour('2026-11-22T22:30:00Z', 'Asia/Kolkata')).toEqual({ weekday: 0, hour: 4 });
    // New York: 17:00 UTC is 13:00 in summer (EDT) and 12:00 in winter (EST).
    expect(weekdayHour('2026-07-01T17:00:00Z', 'America/New_York').hour).toBe(13);
    expect(weekdayHour('2026-12-01T17:00:00Z', 'America/New_York').hour).toBe(12);
  });
});

describe('the summary', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const metrics = (views: number, likes: number): PostMetrics => ({ views, likes, comments: 1 });
  const snapshot = (targetId: string, at: string, value: PostMetrics, postId = `p-${targetId}`): MetricsSnapshot => ({
    userId: 'u',
    record: `snap#${at}#${postId}#${targetId}`,
    postId,
    targetId,
    platform: 'x',
    account: 'x#1',
    at,
    metrics: value,
  });

  it('totals the period\'s posts, draws their growth day by day in the time zone, and ranks the top posts', () => {
    const a = target({ targetId: 'a', publishedAt: '2026-11-20T09:00:00Z', metrics: metrics(1000, 50), title: 'First' });
    const b = target({ targetId: 'b', publishedAt: '2026-11-21T09:00:00Z', metrics: metrics(400, 90), title: 'Second' });
    const old = target({ targetId: 'old', publishedAt: '2026-10-01T09:00:00Z', metrics: metrics(9999, 999) });
    const snapshots = [
      snapshot('a', '2026-11-20T12:00:00Z', metrics(300, 10)),
      snapshot('a', '2026-11-21T12:00:00Z', metrics(1000, 50)),
      snapshot('b', '2026-11-21T20:30:00Z', metrics(400, 90)), // 23:30 in Istanbul: still the 21st there
    ];
    const summary = summarize([a, b, old], snapshots, { days: 7, timeZone: 'Europe/Istanbul', now });
    expect(summary.totals).toEqual({ posts: 2, targets: 2, views: 1400, likes: 140, comments: 2, shares: 0, saves: 0, engagement: 142 });
    expect(summary.series.map((point) => point.date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(summary.series.map((point) => point.views)).toEqual([0, 0, 0, 0, 300, 1400, 1400]);
    expect(summary.topPosts.map((post) => post.title)).toEqual(['Second', 'First']);
  });

  it('keeps two posts on the same account apart (a target id is per account)', () => {
    const first = target({ targetId: 'x#1', postId: 'p1', publishedAt: '2026-11-20T09:00:00Z', metrics: metrics(100, 1) });
    const second = target({ targetId: 'x#1', postId: 'p2', publishedAt: '2026-11-21T09:00:00Z', metrics: metrics(50, 1) });
    const snapshots = [snapshot('x#1', '2026-11-20T10:00:00Z', metrics(100, 1), 'p1'), snapshot('x#1', '2026-11-21T10:00:00Z', metrics(50, 1), 'p2')];
    const summary = summarize([first, second], snapshots, { days: 7, timeZone: 'UTC', now });
    expect(summary.series.slice(-3).map((point) => point.views)).toEqual([100, 150, 150]);
  });

  it('counts posts and targets apart, counts a post before its first reading, and says when the next reading is due', () => {
    // One post to X and LinkedIn, read once; a second post published minutes ago, not read yet.
    const read = target({ targetId: 'x#1', postId: 'p1', publishedAt: '2026-11-22T08:00:00Z', metrics: metrics(100, 4), nextRefreshAt: '2026-11-22T11:00:00Z' });
    const sibling = target({ targetId: 'linkedin#2', postId: 'p1', platform: 'linkedin', publishedAt: '2026-11-22T08:00:00Z', nextRefreshAt: '2026-11-22T10:15:00Z' });
    const fresh = target({ targetId: 'x#1', postId: 'p2', publishedAt: '2026-11-22T09:55:00Z', nextRefreshAt: '2026-11-22T10:10:00Z' });
    const summary = summarize([read, sibling, fresh], [], { days: 7, timeZone: 'UTC', now });
    expect(summary.totals.posts).toBe(2);
    expect(summary.totals.targets).toBe(3);
    expect(summary.totals.views).toBe(100);
    expect(summary.awaitingFirstRead).toBe(2);
    expect(summary.nextRefreshAt).toBe('2026-11-22T10:10:00Z');
  });

  it('narrows to one account', () => {
    const mine = target({ targetId: 'a', publishedAt: '2026-11-20T09:00:00Z', metrics: metrics(10, 1) });
    const other = target({ targetId: 'b', connectionId: 'youtube#UC1', platform: 'youtube', publishedAt: '2026-11-20T09:00:00Z', metrics: metrics(20, 2) });
    const summary = summarize([mine, other], [], { days: 7, account: 'youtube#UC1', timeZone: 'UTC', now });
    expect(summary.totals.views).toBe(20);
    expect(summary.accounts.map((account) => account.account)).toEqual(['x#1', 'youtube#UC1']);
  });
});

describe('best times to post', () => {
  const now = new Date('2026-11-22T10:00:00Z'); // a Sunday, 13:00 in Istanbul
  /** Posts at 18:00 UTC on Wednesdays do three times better than at other times. */
  function sample(count: number): TrackedTarget[] {
    return Array.from({ length: count }, (_, index) => {
      const hour = [9, 12, 18, 21][index % 4]!;
      const publishedAt = new Date(Date.UTC(2026, 9, 7 + 7 * Math.floor(index / 4), hour)).toISOString(); // Wednesdays
      return target({ targetId: `t${index}`, publishedAt, firstTwoDays: { engagement: hour === 18 ? 300 : 100 } });
    });
  }

  it('says there is too little data below the minimum, and suggests no slot', () => {
    const result = bestTimes(sample(MINIMUM_SAMPLE - 1), { timeZone: 'UTC', now });
    expect(result.enoughData).toBe(false);
    expect(result.sampleSize).toBe(MINIMUM_SAMPLE - 1);
    expect(result.nextBestSlot).toBeNull();
  });

  it('scores each weekday × hour against the account\'s usual, in the time zone, and offers the soonest of the best slots', () => {
    const result = bestTimes(sample(12), { timeZone: 'Europe/Istanbul', now });
    expect(result.enoughData).toBe(true);
    const best = [...result.cells].sort((a, b) => b.score - a.score)[0]!;
    expect(best).toMatchObject({ weekday: 2, hour: 21, posts: 3 }); // Wednesday 21:00 Istanbul = 18:00 UTC
    expect(best.score).toBeCloseTo(301 / 101, 2);
    // The three best slots are Wednesday 21:00 (best) and two ties; the soonest after Sunday 13:00 is on Wednesday.
    expect(result.nextBestSlot!.weekday).toBe(2);
    expect(new Date(result.nextBestSlot!.at).getTime()).toBeGreaterThan(now.getTime());
    expect(weekdayHour(result.nextBestSlot!.at, 'Europe/Istanbul')).toEqual({ weekday: 2, hour: result.nextBestSlot!.hour });
  });

  it('only counts posts with 48 hours of numbers', () => {
    const fresh = target({ targetId: 'new', publishedAt: '2026-11-22T08:00:00Z', metrics: { likes: 4 } });
    expect(bestTimes([...sample(3), fresh], { timeZone: 'UTC', now }).sampleSize).toBe(3);
  });
});
