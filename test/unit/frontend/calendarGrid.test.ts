import { describe, expect, it } from 'vitest';
import { dropInstant, monthDays, placeInZone, slotIsPast, todayIn, weekDays } from '../../../frontend/src/features/posts/calendar/grid';
import { describeZone } from '../../../frontend/src/components/ui/timeZones';
import { followSettingsZone } from '../../../frontend/src/features/posts/scheduling/schedule';

/** The calendar's days, hours, today and drops in the zone chosen in Settings, whatever the machine's zone. */
describe("the calendar's grid in a chosen zone", () => {
  it("places a post on the zone's own day: 23:30 in Istanbul is 20:30 UTC the same day", () => {
    const at = '2026-06-01T20:30:00.000Z';
    expect(placeInZone(at, 'Europe/Istanbul')).toEqual({ day: '2026-06-01', hour: 23 });
    expect(placeInZone(at, 'UTC')).toEqual({ day: '2026-06-01', hour: 20 });
    expect(placeInZone(at, 'Asia/Tokyo')).toEqual({ day: '2026-06-02', hour: 5 });
    expect(placeInZone(at, 'America/Los_Angeles')).toEqual({ day: '2026-06-01', hour: 13 });
  });

  it("knows today in the zone, not the machine's (an injected now)", () => {
    const now = new Date('2026-06-01T21:30:00.000Z');
    expect(todayIn(now, 'Europe/Istanbul')).toBe('2026-06-02');
    expect(todayIn(now, 'UTC')).toBe('2026-06-01');
    expect(todayIn(now, 'Pacific/Honolulu')).toBe('2026-06-01');
  });

  it("marks days and hours past in the zone's time", () => {
    const now = new Date('2026-06-01T21:30:00.000Z'); // 00:30 on 2 June in Istanbul
    expect(slotIsPast(now, 'Europe/Istanbul', '2026-06-01')).toBe(true);
    expect(slotIsPast(now, 'UTC', '2026-06-01')).toBe(false);
    expect(slotIsPast(now, 'Europe/Istanbul', '2026-06-02', 0)).toBe(false);
    expect(slotIsPast(now, 'UTC', '2026-06-01', 20)).toBe(true);
    expect(slotIsPast(now, 'UTC', '2026-06-01', 21)).toBe(false);
  });

  it('moves a dropped post to the day at its own wall time in the zone', () => {
    const at = '2026-06-01T20:30:00.000Z'; // 23:30 Istanbul
    expect(dropInstant(at, 'Europe/Istanbul', '2026-06-05').toISOString()).toBe('2026-06-05T20:30:00.000Z');
    // The same drop seen in Tokyo (05:30 on 2 June there) keeps 05:30 Tokyo time.
    expect(dropInstant(at, 'Asia/Tokyo', '2026-06-05').toISOString()).toBe('2026-06-04T20:30:00.000Z');
    // The week view takes the hour and keeps the minutes.
    expect(dropInstant(at, 'Europe/Istanbul', '2026-06-05', 9).toISOString()).toBe('2026-06-05T06:30:00.000Z');
  });

  it('keeps the wall time across a daylight-saving change', () => {
    // 10:00 in Berlin on Saturday 28 March 2026 (CET, UTC+1) moved to Sunday 29 March (CEST, UTC+2): still 10:00.
    const before = '2026-03-28T09:00:00.000Z';
    expect(placeInZone(before, 'Europe/Berlin')).toEqual({ day: '2026-03-28', hour: 10 });
    expect(dropInstant(before, 'Europe/Berlin', '2026-03-29').toISOString()).toBe('2026-03-29T08:00:00.000Z');
    // 02:xx does not exist on 29 March in Berlin: a drop on that hour lands an hour later.
    expect(dropInstant(before, 'Europe/Berlin', '2026-03-29', 2).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(placeInZone('2026-03-29T01:00:00.000Z', 'Europe/Berlin')).toEqual({ day: '2026-03-29', hour: 3 });
    // New York falls back on 1 November 2026: 09:15 on the 2nd is UTC−5, on 31 October UTC−4.
    expect(dropInstant('2026-10-31T13:15:00.000Z', 'America/New_York', '2026-11-02').toISOString()).toBe('2026-11-02T14:15:00.000Z');
  });

  it('has every day once around a daylight-saving change, weeks from Monday', () => {
    const march = monthDays('2026-03-15');
    expect(march[0]).toBe('2026-02-23');
    expect(march).toContain('2026-03-29');
    expect(new Set(march).size).toBe(march.length);
    expect(march.length % 7).toBe(0);
    expect(weekDays('2026-03-29')).toEqual(['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29']);
  });

  it("names the zone's offset on the day in question", () => {
    expect(describeZone('Europe/Istanbul', new Date('2026-01-15T12:00:00Z')).offset).toBe('UTC+03:00');
    expect(describeZone('Europe/Berlin', new Date('2026-01-15T12:00:00Z')).offset).toBe('UTC+01:00');
    expect(describeZone('Europe/Berlin', new Date('2026-07-15T12:00:00Z')).offset).toBe('UTC+02:00');
    expect(describeZone('Asia/Kolkata', new Date('2026-07-15T12:00:00Z')).offset).toBe('UTC+05:30');
  });
});

describe("the picker's zone before and after Settings are known", () => {
  const offered = { mode: 'schedule' as const, date: '2026-06-01', time: '10:00', zone: 'Europe/Istanbul', youtubeNative: false };

  it("moves a zone the user has not picked to the Settings zone, keeping the moment offered", () => {
    const next = followSettingsZone(offered, { zone: 'Asia/Tokyo', fromSettings: true });
    expect(next).toEqual({ ...offered, date: '2026-06-01', time: '16:00', zone: 'Asia/Tokyo' });
  });

  it("leaves a picked zone, the browser's own fallback and an unchanged zone alone", () => {
    const picked = { ...offered, zoneChosen: true };
    expect(followSettingsZone(picked, { zone: 'Asia/Tokyo', fromSettings: true })).toBe(picked);
    expect(followSettingsZone(offered, { zone: 'Asia/Tokyo', fromSettings: false })).toBe(offered);
    expect(followSettingsZone(offered, { zone: 'Europe/Istanbul', fromSettings: true })).toBe(offered);
  });

  it('moves only the zone when no time is filled in yet', () => {
    expect(followSettingsZone({ ...offered, time: '' }, { zone: 'Asia/Tokyo', fromSettings: true })).toEqual({ ...offered, time: '', zone: 'Asia/Tokyo' });
  });
});
