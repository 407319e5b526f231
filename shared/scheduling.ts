import { TZDate } from '@date-fns/tz';

/**
 * Scheduled times: the server stores the instant (UTC) and the IANA zone the user chose it in.
 * The picker and the calendar work in the zone's wall time ("10:00 in Europe/Berlin") and turn
 * it into an instant here, so a daylight-saving change between now and then shifts nothing:
 * 10:00 stays 10:00 on that day in that zone.
 */

export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm (24 h) */
  time: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The instant of a wall time in a zone. A time skipped by a spring-forward change moves on by the gap (02:30 → 03:30). */
export function wallTimeToInstant({ date, time }: WallTime, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, 0, 0, zone).getTime());
}

/** The wall time of an instant in a zone. */
export function instantToWallTime(instant: Date | string, zone: string): WallTime {
  const zoned = new TZDate(new Date(instant).getTime(), zone);
  return {
    date: `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}`,
    time: `${pad(zoned.getHours())}:${pad(zoned.getMinutes())}`,
  };
}

/**
 * The calendar's drag: the post moves to another day (and, in the week view, another hour)
 * keeping its wall time in its own zone, whatever the offsets on either side.
 */
export function moveToDay(instant: Date | string, zone: string, day: string, time?: string): Date {
  const wall = instantToWallTime(instant, zone);
  return wallTimeToInstant({ date: day, time: time ?? wall.time }, zone);
}

/** The browser's own IANA zone (UTC when the runtime cannot tell). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone the runtime knows, for the picker (the browser's own first). */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...known])];
}
