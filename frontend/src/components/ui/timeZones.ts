import { browserTimeZone, timeZoneChoices } from '../../../../shared/scheduling';

export interface TimeZoneOption {
  /** The IANA name, e.g. Europe/Istanbul. */
  zone: string;
  /** The city (or the name itself for zones such as UTC), e.g. Istanbul, Ho Chi Minh. */
  city: string;
  /** The region before the city, e.g. Europe, America/Argentina. */
  region: string;
  /** Now, e.g. UTC+03:00 (daylight saving included). */
  offset: string;
  offsetMinutes: number;
}

function offsetOf(zone: string, at: Date): { offset: string; offsetMinutes: number } {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return { offset: 'UTC±00:00', offsetMinutes: 0 };
  const minutes = (Number(match[2]) * 60 + Number(match[3])) * (match[1] === '-' ? -1 : 1);
  return { offset: `UTC${match[1]}${match[2]}:${match[3]}`, offsetMinutes: minutes };
}

export function describeZone(zone: string, at = new Date()): TimeZoneOption {
  const parts = zone.split('/');
  const city = (parts.at(-1) ?? zone).replaceAll('_', ' ');
  return { zone, city, region: parts.slice(0, -1).join('/').replaceAll('_', ' '), ...offsetOf(zone, at) };
}

/**
 * Every zone the browser knows, described: the browser's own first, then by offset (west to
 * east) and city. `current` is kept even when the runtime does not list it.
 */
export function timeZoneOptions(current: string, at = new Date()): { yours: TimeZoneOption; others: TimeZoneOption[] } {
  const own = browserTimeZone();
  const others = timeZoneChoices(current)
    .filter((zone) => zone !== own)
    .map((zone) => describeZone(zone, at))
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.city.localeCompare(b.city));
  return { yours: describeZone(own, at), others };
}

const normalize = (text: string) => text.toLowerCase().replaceAll('_', ' ').normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Whether the typed words all appear in the zone's city, region, IANA name or offset. */
export function matchesZone(option: TimeZoneOption, query: string): boolean {
  const haystack = normalize(`${option.city} ${option.region} ${option.zone} ${option.offset} ${option.offset.replace(':00', '')}`);
  return normalize(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
