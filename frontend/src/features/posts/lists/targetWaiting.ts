import type { PostTarget } from '../../../../../shared/api/posts';
import { capabilities, platformNames } from '../../../../../shared/platforms';
import type { MediaKind } from '../../../../../shared/media';

/** The translate function's shape (react-i18next's `t`), so the wording can be tested without React. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export interface WaitingContext {
  now: Date;
  /** The user's IANA zone (Settings, else the browser's). */
  timeZone: string;
  language: string;
  /** What the platform is processing, when known. */
  mediaKind?: MediaKind | undefined;
}

/** "in 3 h" / "3 sa. sonra": the largest whole unit (seconds under a minute, minutes under an hour). */
function inWords(ms: number, language: string): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'always', style: 'short' });
  if (seconds < 60) return relative.format(seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(minutes, 'minute');
  return relative.format(Math.round(seconds / 3600), 'hour');
}

/** The time in the user's zone with the zone's short name; with the date when it is not today there. */
function timeInZone(until: Date, context: WaitingContext): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: context.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const sameDay = day.format(until) === day.format(context.now);
  return new Intl.DateTimeFormat(context.language, {
    timeZone: context.timeZone,
    ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(until);
}

/**
 * Why a target waits and until when, in words: "Waiting for LinkedIn's daily limit to reset —
 * until 00:00 UTC (in 3 hr.)", "TikTok is processing the video — checking again at 14:05 GMT+3".
 * Null when the target is not waiting.
 */
export function waitingInWords(t: Translate, target: Pick<PostTarget, 'platform' | 'waiting'>, context: WaitingContext): string | null {
  const waiting = target.waiting;
  if (!waiting) return null;
  const until = new Date(waiting.until);
  if (Number.isNaN(until.getTime())) return null;
  const values = {
    platform: platformNames[target.platform],
    time: timeInZone(until, context),
    in: inWords(until.getTime() - context.now.getTime(), context.language),
  };
  if (waiting.reason === 'rate_limited') {
    // Daily limits (LinkedIn's reset at midnight UTC) say so; the others reset within the day.
    return t(capabilities[target.platform].dailyRateLimit ? 'posts.waiting.dailyLimit' : 'posts.waiting.rateLimit', values);
  }
  return t(`posts.waiting.processing.${context.mediaKind ?? 'media'}`, values);
}
