import type { Platform } from '../../../shared/platforms';

/**
 * Rate limits and quotas: each platform's sandbox declares its limits with their defaults
 * (setLimit changes them until reset), and counts events (calls, uploads, posts) per key in an
 * event log read over the platform's window: rolling (the last N ms) or a calendar day.
 */

export interface LimitDefinition {
  default: number;
  description: string;
}

export type LimitDefinitions = Record<string, LimitDefinition>;

export interface LimitValues {
  value(platform: Platform, name: string): number;
  set(platform: Platform, name: string, value: number): void;
  all(platform: Platform): Record<string, number>;
  clear(): void;
}

export function createLimitValues(definitions: Record<Platform, LimitDefinitions>): LimitValues {
  let overrides = new Map<string, number>();
  const known = (platform: Platform, name: string) => Object.hasOwn(definitions[platform], name);
  return {
    value(platform, name) {
      if (!known(platform, name)) throw new Error(`${platform} has no limit "${name}"`);
      return overrides.get(`${platform}/${name}`) ?? definitions[platform][name]!.default;
    },
    set(platform, name, value) {
      const names = Object.keys(definitions[platform]);
      if (!known(platform, name)) throw new Error(`${platform} has no limit "${name}"; its limits are ${names.join(', ') || 'none'}`);
      if (!Number.isInteger(value) || value < 0) throw new Error('a limit must be a non-negative integer');
      overrides.set(`${platform}/${name}`, value);
    },
    all(platform) {
      return Object.fromEntries(Object.keys(definitions[platform]).map((name) => [name, this.value(platform, name)]));
    },
    clear() {
      overrides = new Map();
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Timestamps of events per key (e.g. "tweets/<user id>"). */
export interface EventLog {
  record(key: string, at: number): void;
  /** Events at or after `since`. */
  since(key: string, since: number): number[];
  clear(): void;
}

export function createEventLog(): EventLog {
  let events = new Map<string, number[]>();
  return {
    record(key, at) {
      // Nothing reads further back than two days.
      const kept = (events.get(key) ?? []).filter((time) => time > at - 2 * DAY_MS);
      kept.push(at);
      events.set(key, kept);
    },
    since: (key, since) => (events.get(key) ?? []).filter((time) => time >= since),
    clear() {
      events = new Map();
    },
  };
}

/** 00:00 UTC of the day `now` is in. */
export function utcDayStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

const pacific = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Midnight Pacific time of the day `now` is in (the quota day of platforms that count in Pacific time). */
export function pacificDayStart(now: number): number {
  const parts = Object.fromEntries(pacific.formatToParts(new Date(now)).map((part) => [part.type, part.value]));
  const elapsed = ((Number(parts['hour']) % 24) * 3600 + Number(parts['minute']) * 60 + Number(parts['second'])) * 1000 + (now % 1000);
  return now - elapsed;
}
