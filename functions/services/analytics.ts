import { TZDate } from '@date-fns/tz';
import type { AnalyticsSummary, BestTimes, Metrics, TargetMetrics } from '../../shared/api/analytics';
import type { PostMetrics } from '../platforms/adapter';
import type { MetricsSnapshot, TrackedTarget } from './metricsStore';
import { capabilities, type Platform } from '../../shared/platforms';

/**
 * Analytics computed from the user's own tracked targets and snapshots: the refresh schedule,
 * totals, the daily series, top posts, and the best-times heat map with the next best slot.
 * Pure functions of their inputs and `now` (docs/analytics.md).
 */

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** Numbers are read for this long after publishing, then the last ones stay. */
export const TRACKING_DAYS = 90;
/** The heat map compares posts by their engagement in the first 48 hours. */
export const FIRST_TWO_DAYS_MS = 48 * HOUR_MS;
/** Fewer posts than this (or fewer than 3 distinct slots) is too little to suggest times. */
export const MINIMUM_SAMPLE = 8;
const MINIMUM_SLOTS = 3;

/** The gap before the next read of a post this old (ms), where reading is free: the numbers move most at first. */
function freeInterval(age: number): number {
  return age < DAY_MS ? HOUR_MS : age < 3 * DAY_MS ? 6 * HOUR_MS : age < 7 * DAY_MS ? 12 * HOUR_MS : age < 30 * DAY_MS ? DAY_MS : 7 * DAY_MS;
}

/**
 * Where the platform bills each post read once per UTC day (X: its `apiPrices`), the
 * first day as everywhere, then one read in the third day (the first-48-hours engagement the best
 * times compare), and days 7, 14, 30, 60 and 90: about 10 billed days instead of 40.
 */
function billedInterval(age: number): number {
  return age < DAY_MS ? HOUR_MS : age < 2 * DAY_MS ? 12 * HOUR_MS : age < 7 * DAY_MS ? 5 * DAY_MS : age < 14 * DAY_MS ? 7 * DAY_MS : age < 30 * DAY_MS ? 16 * DAY_MS : 30 * DAY_MS;
}

/**
 * When to read a target next; undefined = stop. Free platforms: hourly on its first day, every 6
 * hours to day 3, every 12 hours to day 7, daily to day 30, weekly to day 90 (a last read then).
 * A platform that bills reads: fewer reads after the first day (billedInterval).
 */
export function nextRefreshAt(publishedAt: Date, now: Date, platform?: Platform): Date | undefined {
  const age = now.getTime() - publishedAt.getTime();
  const end = publishedAt.getTime() + TRACKING_DAYS * DAY_MS;
  if (age >= TRACKING_DAYS * DAY_MS) return undefined;
  const interval = platform && capabilities[platform].apiPrices.postReadUsd > 0 ? billedInterval(age) : freeInterval(age);
  return new Date(Math.min(now.getTime() + interval, end));
}

export function engagementOf(metrics: PostMetrics | undefined): number | null {
  if (!metrics) return null;
  const parts = [metrics.likes, metrics.comments, metrics.shares, metrics.saves].filter((value): value is number => value !== undefined);
  return parts.length ? parts.reduce((sum, value) => sum + value, 0) : null;
}

export function metricsView(metrics: PostMetrics): Metrics {
  return {
    views: metrics.views ?? null,
    likes: metrics.likes ?? null,
    comments: metrics.comments ?? null,
    shares: metrics.shares ?? null,
    saves: metrics.saves ?? null,
    clicks: metrics.clicks ?? null,
    linkClicks: metrics.linkClicks ?? null,
    videoViews: metrics.videoViews ?? null,
  };
}

export function targetMetricsView(target: TrackedTarget): TargetMetrics {
  return {
    targetId: target.targetId,
    platform: target.platform,
    accountId: target.accountId,
    state: target.state,
    metrics: target.metrics ? metricsView(target.metrics) : null,
    engagement: engagementOf(target.metrics),
    lastRefreshedAt: target.lastRefreshedAt ?? null,
    note: target.note ?? null,
  };
}

/** 0 = Monday … 6 = Sunday, and the hour, of an instant in a time zone. */
export function weekdayHour(at: Date | string, timeZone: string): { weekday: number; hour: number } {
  const local = new TZDate(new Date(at).getTime(), timeZone);
  return { weekday: (local.getDay() + 6) % 7, hour: local.getHours() };
}

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
function localDate(at: number, timeZone: string): string {
  const local = new TZDate(at, timeZone);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
}

/** Midnight of the local day `daysBack` days before the day of `now`, as an instant. */
function localDayStart(now: Date, timeZone: string, daysBack: number): TZDate {
  const local = new TZDate(now.getTime(), timeZone);
  local.setDate(local.getDate() - daysBack);
  local.setHours(0, 0, 0, 0);
  return local;
}

const inAccount = (account: string | undefined) => (target: TrackedTarget) => !account || target.connectionId === account;

export interface SummaryOptions {
  days: number;
  account?: string | undefined;
  timeZone: string;
  now: Date;
}

/** The period's window: from local midnight `days - 1` days ago to now. */
export function periodStart(options: Pick<SummaryOptions, 'days' | 'timeZone' | 'now'>): Date {
  return new Date(localDayStart(options.now, options.timeZone, options.days - 1).getTime());
}

export function summarize(targets: TrackedTarget[], snapshots: MetricsSnapshot[], options: SummaryOptions): AnalyticsSummary {
  const from = periodStart(options).getTime();
  const now = options.now.getTime();
  const accounts = new Map<string, AnalyticsSummary['accounts'][number]>();
  for (const target of targets) {
    accounts.set(target.connectionId, { account: target.connectionId, platform: target.platform, accountId: target.accountId, accountName: target.accountName });
  }
  // Every target published in the period counts as published, numbers or not; the sums add
  // what has been read so far. A post to three accounts is one post and three targets.
  const inPeriod = targets.filter(inAccount(options.account)).filter((target) => new Date(target.publishedAt).getTime() >= from);
  const chosen = inPeriod.filter((target) => target.metrics);
  const totals = {
    posts: new Set(inPeriod.map((target) => target.postId)).size,
    targets: inPeriod.length,
    views: 0,
    likes: 0,
    comments: 0,
    shares: 0,
    saves: 0,
    engagement: 0,
  };
  for (const target of chosen) {
    const metrics = target.metrics!;
    totals.views += metrics.views ?? 0;
    totals.likes += metrics.likes ?? 0;
    totals.comments += metrics.comments ?? 0;
    totals.shares += metrics.shares ?? 0;
    totals.saves += metrics.saves ?? 0;
    totals.engagement += engagementOf(metrics) ?? 0;
  }

  // The series: at the end of each local day, the sum of each chosen target's latest reading.
  // A target id is per account: a post's target is its post id and target id together.
  const keyOf = (item: { postId: string; targetId: string }) => `${item.postId}#${item.targetId}`;
  const chosenIds = new Set(chosen.map(keyOf));
  const readings = snapshots.filter((snapshot) => chosenIds.has(keyOf(snapshot))).sort((a, b) => a.at.localeCompare(b.at));
  const latest = new Map<string, PostMetrics>();
  const series: AnalyticsSummary['series'] = [];
  let next = 0;
  for (let day = options.days - 1; day >= 0; day--) {
    const dayEnd = Math.min(day === 0 ? now : localDayStart(options.now, options.timeZone, day - 1).getTime() - 1, now);
    while (next < readings.length && new Date(readings[next]!.at).getTime() <= dayEnd) {
      latest.set(keyOf(readings[next]!), readings[next]!.metrics);
      next++;
    }
    let views = 0;
    let engagement = 0;
    for (const metrics of latest.values()) {
      views += metrics.views ?? 0;
      engagement += engagementOf(metrics) ?? 0;
    }
    series.push({ date: localDate(localDayStart(options.now, options.timeZone, day).getTime(), options.timeZone), views, engagement });
  }

  const topPosts = [...chosen]
    .sort((a, b) => (engagementOf(b.metrics) ?? 0) - (engagementOf(a.metrics) ?? 0) || (b.metrics!.views ?? 0) - (a.metrics!.views ?? 0))
    .slice(0, 5)
    .map((target) => ({
      postId: target.postId,
      targetId: target.targetId,
      platform: target.platform,
      accountName: target.accountName,
      title: target.title,
      postUrl: target.postUrl ?? null,
      publishedAt: target.publishedAt,
      metrics: metricsView(target.metrics!),
      engagement: engagementOf(target.metrics) ?? 0,
    }));
  const refreshed = targets.map((target) => target.lastRefreshedAt).filter((at): at is string => Boolean(at)).sort();
  const due = inPeriod
    .filter((target) => target.state === 'tracking' && target.nextRefreshAt)
    .map((target) => target.nextRefreshAt!)
    .sort();
  return {
    days: options.days,
    timeZone: options.timeZone,
    accounts: [...accounts.values()].sort((a, b) => a.account.localeCompare(b.account)),
    totals,
    series,
    topPosts,
    lastRefreshedAt: refreshed.at(-1) ?? null,
    awaitingFirstRead: inPeriod.length - chosen.length,
    nextRefreshAt: due[0] ?? null,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The heat map: each post's first-48-hours engagement relative to its account's median (so a
 * big account does not drown a small one; 1 = usual), averaged per local weekday × hour of
 * publishing. The next best slot is the soonest hour, at least 30 minutes ahead, that is one of
 * the three best-scoring slots — offered only with enough data.
 */
export function bestTimes(targets: TrackedTarget[], options: { account?: string | undefined; timeZone: string; now: Date }): BestTimes {
  const sample = targets.filter(inAccount(options.account)).filter((target) => target.firstTwoDays !== undefined);
  const medians = new Map<string, number>();
  for (const account of new Set(sample.map((target) => target.connectionId))) {
    medians.set(account, median(sample.filter((target) => target.connectionId === account).map((target) => target.firstTwoDays!.engagement)));
  }
  const cells = new Map<string, { weekday: number; hour: number; posts: number; total: number }>();
  for (const target of sample) {
    const { weekday, hour } = weekdayHour(target.publishedAt, options.timeZone);
    const score = (target.firstTwoDays!.engagement + 1) / (medians.get(target.connectionId)! + 1);
    const key = `${weekday}/${hour}`;
    const cell = cells.get(key) ?? { weekday, hour, posts: 0, total: 0 };
    cell.posts += 1;
    cell.total += score;
    cells.set(key, cell);
  }
  const scored = [...cells.values()]
    .map((cell) => ({ weekday: cell.weekday, hour: cell.hour, posts: cell.posts, score: Math.round((cell.total / cell.posts) * 100) / 100 }))
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  const enoughData = sample.length >= MINIMUM_SAMPLE && scored.length >= MINIMUM_SLOTS;
  let nextBestSlot: BestTimes['nextBestSlot'] = null;
  if (enoughData) {
    const best = [...scored].sort((a, b) => b.score - a.score || b.posts - a.posts).slice(0, 3);
    const candidate = new TZDate(options.now.getTime() + 30 * 60_000, options.timeZone);
    if (candidate.getMinutes() !== 0 || candidate.getSeconds() !== 0 || candidate.getMilliseconds() !== 0) {
      candidate.setMinutes(60, 0, 0);
    }
    for (let step = 0; step < 8 * 24 && !nextBestSlot; step++) {
      const weekday = (candidate.getDay() + 6) % 7;
      const hour = candidate.getHours();
      const match = best.find((cell) => cell.weekday === weekday && cell.hour === hour);
      if (match) nextBestSlot = { at: new Date(candidate.getTime()).toISOString(), weekday, hour, score: match.score };
      else candidate.setTime(candidate.getTime() + HOUR_MS);
    }
  }
  return { timeZone: options.timeZone, sampleSize: sample.length, minimumSample: MINIMUM_SAMPLE, enoughData, cells: scored, nextBestSlot };
}
