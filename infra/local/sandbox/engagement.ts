import { createHash } from 'node:crypto';
import type { Platform } from '../../../shared/platforms';
import type { FeedEntry } from './feed';

/**
 * Believable, deterministic engagement for what a sandbox account published: every number is a
 * function of the post (its platform, id and publishing time) and the sandbox clock, so the same
 * post shows the same numbers at the same moment, and they only grow as the clock moves on.
 *
 * - Each post has a ceiling: its platform's typical views (declared in <platform>/metrics.ts),
 *   scaled by a per-post draw and by when it was published (posts published around 12:00 and
 *   18:00 UTC on weekdays do better, so the best-times heat map has something true to find).
 * - It approaches that ceiling as 1 − e^(−age/18 h): about half in the first half day, nearly
 *   all after three days.
 * - Likes, comments, shares and saves are fixed per-post fractions of the views.
 */

export interface SimulatedMetrics {
  views: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  /** Unique accounts reached (the platforms' reach or members reached). */
  reach: number;
}

const HOUR_MS = 3600_000;
const GROWTH_MS = 18 * HOUR_MS;
/** A platform that does not say what a post there typically reaches. */
const DEFAULT_TYPICAL_VIEWS = 1000;

/** Four draws in [0, 1) from the post's identity. */
function draws(platform: Platform, id: string): [number, number, number, number] {
  const hash = createHash('sha256').update(`${platform}:${id}`).digest();
  const draw = (index: number) => hash.readUInt32BE(index * 4) / 2 ** 32;
  return [draw(0), draw(1), draw(2), draw(3)];
}

/** How much a publishing time helps (UTC): peaks at 12:00 and 18:00, weekdays better than weekends. */
export function timeFactor(publishedAt: number): number {
  const date = new Date(publishedAt);
  const hour = date.getUTCHours() + date.getUTCMinutes() / 60;
  const peak = (center: number, width: number) => Math.exp(-((hour - center) ** 2) / width);
  const daily = 0.35 + 0.9 * peak(18, 6) + 0.5 * peak(12, 4);
  const weekday = date.getUTCDay();
  const weekly = weekday === 0 || weekday === 6 ? 0.75 : weekday >= 2 && weekday <= 4 ? 1.15 : 1;
  return daily * weekly;
}

/** `typicalViews`: a post's typical views on its platform (each platform's <platform>/metrics.ts declares its own). */
export function simulatedMetrics(entry: Pick<FeedEntry, 'platform' | 'id' | 'createdAt'>, now: number, typicalViews = DEFAULT_TYPICAL_VIEWS): SimulatedMetrics {
  const [size, likeRate, commentRate, shareRate] = draws(entry.platform, entry.id);
  const age = Math.max(0, now - entry.createdAt);
  const ceiling = typicalViews * timeFactor(entry.createdAt) * (0.6 + 0.8 * size);
  const views = Math.floor(ceiling * (1 - Math.exp(-age / GROWTH_MS)));
  return {
    views,
    likes: Math.floor(views * (0.03 + 0.05 * likeRate)),
    comments: Math.floor(views * (0.003 + 0.007 * commentRate)),
    shares: Math.floor(views * (0.002 + 0.008 * shareRate)),
    saves: Math.floor(views * 0.012 * likeRate),
    reach: Math.floor(views * (0.7 + 0.2 * size)),
  };
}
