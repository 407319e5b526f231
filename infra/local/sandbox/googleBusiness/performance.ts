import { json, type SandboxRequest, type SandboxResponse } from '../http';
import { overLimit } from '../metrics';
import type { PlatformContext } from '../platform';
import { invalidArgument, quotaExceeded } from './api';
import { locationId } from './identity';
import type { LocationAccess } from './localPosts';

/**
 * A location's numbers per day (Business Profile Performance API,
 * GET /v1/locations/{l}:fetchMultiDailyMetricsTimeSeries): `dailyMetrics` repeated (at least one,
 * each a known DailyMetric), `dailyRange.start_date.{year,month,day}` and `dailyRange.end_date.*`
 * required (400 INVALID_ARGUMENT otherwise, or when the start is after the end). The answer is
 * one multiDailyMetricTimeSeries holding a dailyMetricTimeSeries per metric asked, each with a
 * datedValues entry per day; `value` is an int64 as a string and is left out where the day's
 * number is zero or not known yet: the last three days (by the sandbox clock) have none, as
 * Google's numbers arrive two to three days late. Numbers are steady per location, metric and day.
 * Counted against the per-minute quota (429 RESOURCE_EXHAUSTED).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const SERVICE = 'businessprofileperformance.googleapis.com';
const LATE_DAYS = 3;

export const dailyMetrics = [
  'BUSINESS_IMPRESSIONS_DESKTOP_MAPS',
  'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH',
  'BUSINESS_IMPRESSIONS_MOBILE_MAPS',
  'BUSINESS_IMPRESSIONS_MOBILE_SEARCH',
  'BUSINESS_CONVERSATIONS',
  'BUSINESS_DIRECTION_REQUESTS',
  'CALL_CLICKS',
  'WEBSITE_CLICKS',
  'BUSINESS_BOOKINGS',
  'BUSINESS_FOOD_ORDERS',
  'BUSINESS_FOOD_MENU_CLICKS',
] as const;

/** A steady small number for a location, metric and day (FNV-1a of the three). */
export function sandboxDailyValue(location: string, metric: string, date: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${location}|${metric}|${date}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  const scale = metric.startsWith('BUSINESS_IMPRESSIONS') ? 40 : 6;
  return hash % scale;
}

function dateOf(query: URLSearchParams, which: 'start_date' | 'end_date'): number | undefined {
  const part = (name: string) => query.get(`dailyRange.${which}.${name}`) ?? query.get(`daily_range.${which}.${name}`);
  const [year, month, day] = ['year', 'month', 'day'].map((name) => Number(part(name)));
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day) || month! < 1 || month! > 12 || day! < 1 || day! > 31) return undefined;
  const time = Date.UTC(year!, month! - 1, day!);
  return new Date(time).getUTCDate() === day ? time : undefined;
}

export function googleBusinessPerformance(context: PlatformContext) {
  const limited = () => overLimit(context, 'googleBusiness:requests', MINUTE_MS, 'requestsPerMinute').over;

  function fetchMulti(request: SandboxRequest, access: LocationAccess): SandboxResponse {
    if (limited()) return quotaExceeded(SERVICE);
    const asked = request.query.getAll('dailyMetrics');
    if (asked.length === 0) return invalidArgument('Request contains an invalid argument: daily_metrics is required.');
    const unknown = asked.find((metric) => !(dailyMetrics as readonly string[]).includes(metric));
    if (unknown) return invalidArgument(`Invalid value at 'daily_metrics' (type.googleapis.com/google.type.DailyMetric), "${unknown}"`);
    const start = dateOf(request.query, 'start_date');
    const end = dateOf(request.query, 'end_date');
    if (start === undefined || end === undefined) return invalidArgument('Request contains an invalid argument: daily_range is required with a full start_date and end_date.');
    if (start > end) return invalidArgument('Request contains an invalid argument: daily_range start_date is after end_date.');
    const lastKnown = Math.floor(context.now() / DAY_MS) * DAY_MS - LATE_DAYS * DAY_MS;
    const id = locationId(access.location.name);
    const days: number[] = [];
    for (let day = start; day <= end; day += DAY_MS) days.push(day);
    return json(200, {
      multiDailyMetricTimeSeries: [
        {
          dailyMetricTimeSeries: asked.map((metric) => ({
            dailyMetric: metric,
            timeSeries: {
              datedValues: days.map((day) => {
                const at = new Date(day);
                const date = { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
                const value = day <= lastKnown ? sandboxDailyValue(id, metric, at.toISOString().slice(0, 10)) : 0;
                return value > 0 ? { date, value: String(value) } : { date };
              }),
            },
          })),
        },
      ],
    });
  }

  return { fetchMulti };
}
