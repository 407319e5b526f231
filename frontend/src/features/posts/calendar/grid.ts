import { instantToWallTime, moveToDay } from '../../../../../shared/scheduling';

/**
 * Calendar days as 'YYYY-MM-DD' strings (in the viewer's zone): plain date arithmetic, so a
 * daylight-saving change never makes a day disappear or repeat. Weeks start on Monday.
 */
const toUtc = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date, 12);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * 86_400_000);
}

export function addMonths(day: string, months: number): string {
  const date = new Date(toUtc(day));
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, 12));
  return fromUtc(target.getTime());
}

/** Monday of the day's week. */
export function startOfWeek(day: string): string {
  const weekday = (new Date(toUtc(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export function weekDays(day: string): string[] {
  const monday = startOfWeek(day);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The weeks shown for the day's month: from the Monday on or before the 1st to the Sunday on or after the last day. */
export function monthDays(day: string): string[] {
  const first = `${day.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const days: string[] = [];
  for (let current = startOfWeek(first); current <= last || days.length % 7 !== 0; current = addDays(current, 1)) days.push(current);
  return days;
}

/** A day as a Date at noon UTC, for formatting its name without a zone shift. */
export const dayDate = (day: string) => new Date(toUtc(day));

/** Where an instant sits on the calendar of a zone: its day there and its hour (0–23) there. */
export function placeInZone(instant: Date | string, zone: string): { day: string; hour: number } {
  const wall = instantToWallTime(instant, zone);
  return { day: wall.date, hour: Number(wall.time.slice(0, 2)) };
}

/** Today in a zone, for an injected now. */
export const todayIn = (now: Date, zone: string): string => instantToWallTime(now, zone).date;

/**
 * The instant a post dropped on a day (month view: at its own wall time there) or on an hour (week
 * view: that hour, its own minutes) lands on, in the calendar's zone. A wall time that a
 * spring-forward change skips moves on by the gap (02:30 → 03:30).
 */
export function dropInstant(instant: Date | string, zone: string, day: string, hour?: number): Date {
  const minutes = instantToWallTime(instant, zone).time.slice(3);
  return moveToDay(instant, zone, day, hour === undefined ? undefined : `${String(hour).padStart(2, '0')}:${minutes}`);
}

/** Whether the hour slot of a day (or, without an hour, the whole day) is over in the zone at `now`. */
export function slotIsPast(now: Date, zone: string, day: string, hour?: number): boolean {
  if (hour === undefined) return day < todayIn(now, zone);
  return moveToDay(now, zone, day, `${String(hour).padStart(2, '0')}:59`).getTime() < now.getTime();
}
