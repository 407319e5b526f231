import { describe, expect, it } from 'vitest';
import { dayRows } from '../../../frontend/src/features/analytics/AccountNumbers';
import type { AccountDailyMetrics } from '../../../shared/api/accountMetrics';

const numbers = (values: AccountDailyMetrics['days'][number]['values'][]): AccountDailyMetrics => ({
  from: '2026-11-01',
  to: `2026-11-0${values.length}`,
  metrics: ['calls'],
  totals: {},
  days: values.map((value, index) => ({ date: `2026-11-0${index + 1}`, values: value })),
  readAt: '2026-11-10T00:00:00.000Z',
});

describe("an account's days in the table", () => {
  it('lists the newest first; a day without numbers before the last known day is a zero day, after it not known yet', () => {
    const rows = dayRows(numbers([{ calls: 2 }, {}, { calls: 1 }, {}, {}]));
    expect(rows.map((row) => [row.day.date, row.known])).toEqual([
      ['2026-11-05', false],
      ['2026-11-04', false],
      ['2026-11-03', true],
      ['2026-11-02', true],
      ['2026-11-01', true],
    ]);
  });

  it('knows no day when the platform reported none', () => {
    expect(dayRows(numbers([{}, {}])).every((row) => !row.known)).toBe(true);
  });
});
