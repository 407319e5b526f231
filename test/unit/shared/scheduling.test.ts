import { describe, expect, it } from 'vitest';
import { instantToWallTime, moveToDay, wallTimeToInstant } from '../../../shared/scheduling';
import { SCHEDULE_HORIZON_DAYS, createPostSchema, isTimeZone, reschedulePostSchema } from '../../../shared/api/posts';
import { checkScheduledTime } from '../../../functions/services/posts';
import type { Clock } from '../../../functions/clock';

/** A clock the test moves by hand. */
function manualClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

describe('scheduled times across daylight-saving changes (stored as UTC + the IANA zone)', () => {
  it('turns a Berlin wall time into the right instant on either side of the spring-forward change', () => {
    // Europe/Berlin goes from UTC+1 to UTC+2 at 02:00 on 29 March 2026.
    expect(wallTimeToInstant({ date: '2026-03-28', time: '10:00' }, 'Europe/Berlin').toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(wallTimeToInstant({ date: '2026-03-29', time: '10:00' }, 'Europe/Berlin').toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('turns a New York wall time into the right instant on either side of the fall-back change', () => {
    // America/New_York goes from UTC-4 to UTC-5 at 02:00 on 1 November 2026.
    expect(wallTimeToInstant({ date: '2026-10-31', time: '09:30' }, 'America/New_York').toISOString()).toBe('2026-10-31T13:30:00.000Z');
    expect(wallTimeToInstant({ date: '2026-11-02', time: '09:30' }, 'America/New_York').toISOString()).toBe('2026-11-02T14:30:00.000Z');
  });

  it('reads an instant back as the same wall time in its zone', () => {
    expect(instantToWallTime('2026-03-29T08:00:00.000Z', 'Europe/Berlin')).toEqual({ date: '2026-03-29', time: '10:00' });
    expect(instantToWallTime('2026-03-29T08:00:00.000Z', 'Europe/Istanbul')).toEqual({ date: '2026-03-29', time: '11:00' });
  });

  it('a drag in the calendar to a day after the change keeps 10:00 in Berlin (the instant moves by 23 h, not 24 h)', () => {
    const before = '2026-03-27T09:00:00.000Z'; // Friday 10:00 in Berlin (UTC+1)
    const moved = moveToDay(before, 'Europe/Berlin', '2026-03-30');
    expect(moved.toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect(instantToWallTime(moved, 'Europe/Berlin')).toEqual({ date: '2026-03-30', time: '10:00' });
    expect(moveToDay(before, 'Europe/Berlin', '2026-03-30', '16:15').toISOString()).toBe('2026-03-30T14:15:00.000Z');
  });

  it('a time skipped by the spring-forward change moves on by the gap', () => {
    expect(wallTimeToInstant({ date: '2026-03-29', time: '02:30' }, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('with an injected clock before the change, a post for after it is accepted as chosen and does not shift as the clock passes the change', () => {
    const clock = manualClock('2026-03-28T12:00:00.000Z');
    const chosen = wallTimeToInstant({ date: '2026-03-30', time: '10:00' }, 'Europe/Berlin');
    const stored = checkScheduledTime(chosen, clock.now());
    expect(stored).toBe('2026-03-30T08:00:00.000Z');
    clock.advance(36 * 3600_000); // now past the change (2026-03-30T00:00Z)
    expect(checkScheduledTime(new Date(stored), clock.now())).toBe(stored);
    expect(instantToWallTime(stored, 'Europe/Berlin').time).toBe('10:00');
    clock.advance(9 * 3600_000); // 09:00Z: the time has passed
    expect(() => checkScheduledTime(new Date(stored), clock.now())).toThrow(/is in the past/);
  });
});

describe('the scheduling rules', () => {
  it('refuses the past and anything beyond the horizon, with the limit in words', () => {
    const now = new Date('2026-06-01T00:00:00.000Z');
    expect(() => checkScheduledTime(new Date('2026-05-31T23:59:59.000Z'), now)).toThrow(
      'The scheduled time 2026-05-31T23:59:59.000Z is in the past (it is now 2026-06-01T00:00:00.000Z): choose a later time.',
    );
    expect(() => checkScheduledTime(now, now)).toThrow(/is in the past/);
    const limit = new Date(now.getTime() + SCHEDULE_HORIZON_DAYS * 86_400_000);
    expect(checkScheduledTime(limit, now)).toBe(limit.toISOString());
    expect(() => checkScheduledTime(new Date(limit.getTime() + 1000), now)).toThrow(`Posts can be scheduled at most ${SCHEDULE_HORIZON_DAYS} days ahead`);
  });

  it('accepts IANA zones only, and asks for the zone with a time', () => {
    expect(isTimeZone('Europe/Istanbul')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(reschedulePostSchema.safeParse({ scheduledFor: '2026-06-01T10:00:00+03:00', timeZone: 'Europe/Istanbul' }).success).toBe(true);
    const missing = createPostSchema.safeParse({ description: 'x', media: [{ key: 'k' }], targets: [{ platform: 'x', accountId: '1' }], scheduledFor: '2026-06-01T10:00:00Z' });
    expect(missing.success).toBe(false);
    expect(JSON.stringify(missing.error?.issues)).toMatch(/Say which time zone/);
    const native = createPostSchema.safeParse({ description: 'x', media: [{ key: 'k' }], targets: [{ platform: 'x', accountId: '1' }], youtubeNative: true });
    expect(JSON.stringify(native.error?.issues)).toMatch(/needs a scheduled time/);
  });
});
