import { SCHEDULE_HORIZON_DAYS } from '../../../../../shared/api/posts';
import { browserTimeZone, instantToWallTime, wallTimeToInstant } from '../../../../../shared/scheduling';
import { savedTimeZone } from '../../settings';

/** The wizard's step-4 choice: now, a wall time in a zone, or the accounts' queues (docs/queue.md). */
export interface ScheduleChoice {
  mode: 'now' | 'schedule' | 'queue';
  /** Queue: one post at the earliest time free for every chosen account, rather than one per account. */
  sameTimeForAll?: boolean;
  date: string;
  time: string;
  zone: string;
  youtubeNative: boolean;
  /** The user picked the zone; until then it follows the zone chosen in Settings as that loads. */
  zoneChosen?: boolean;
}

/** The default time offered: the next full hour after an hour from now, in the browser's zone. */
export function defaultChoice(now = new Date()): ScheduleChoice {
  // The time zone saved in Settings, else the browser's.
  const zone = savedTimeZone() ?? browserTimeZone();
  const next = new Date(now.getTime() + 3600_000);
  next.setMinutes(0, 0, 0);
  const wall = instantToWallTime(new Date(next.getTime() + 3600_000), zone);
  return { mode: 'now', ...wall, zone, youtubeNative: false };
}

export type ScheduleProblem = 'needDateTime' | 'pastTime' | 'tooFar';

/** The instant chosen, or why it cannot be used (the same rules the server applies). */
export function resolveChoice(choice: Pick<ScheduleChoice, 'date' | 'time' | 'zone'>, now = new Date()): { at: Date } | { problem: ScheduleProblem } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(choice.date) || !/^\d{2}:\d{2}$/.test(choice.time)) return { problem: 'needDateTime' };
  const at = wallTimeToInstant({ date: choice.date, time: choice.time }, choice.zone);
  if (Number.isNaN(at.getTime())) return { problem: 'needDateTime' };
  if (at.getTime() <= now.getTime()) return { problem: 'pastTime' };
  if (at.getTime() - now.getTime() > SCHEDULE_HORIZON_DAYS * 86_400_000) return { problem: 'tooFar' };
  return { at };
}

/** A time in the user's language, in the given zone, naming the zone ("Mar 30, 2026, 10:00 AM GMT+2"). */
export function formatInZone(instant: Date | string, zone: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(instant));
}

/**
 * The choice once the zone chosen in Settings is known: a zone the user has not picked moves to
 * it, keeping the moment offered; a picked zone, or no zone in Settings, leaves it as it is.
 */
export function followSettingsZone(choice: ScheduleChoice, settings: { zone: string; fromSettings: boolean }): ScheduleChoice {
  if (choice.zoneChosen || !settings.fromSettings || choice.zone === settings.zone) return choice;
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(choice.date) && /^\d{2}:\d{2}$/.test(choice.time);
  const at = valid ? wallTimeToInstant(choice, choice.zone) : undefined;
  return { ...choice, ...(at && !Number.isNaN(at.getTime()) ? instantToWallTime(at, settings.zone) : {}), zone: settings.zone };
}
