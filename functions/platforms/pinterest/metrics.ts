import type { PostMetrics } from '../adapter';
import { withQuery } from '../http';
import type { MetricsReaderFactory } from '../module';
import { classifyPinterestError } from './errors';
import type { PinterestOptions } from './options';

/**
 * Pin analytics: GET /v5/pins/{pin_id}/analytics?start_date&end_date&metric_types=… (scopes
 * boards:read and pins:read; at most 90 days back), one Pin per call. IMPRESSION → views, SAVE →
 * saves, PIN_CLICK → clicks, OUTBOUND_CLICK → link clicks, and for a video Pin VIDEO_MRC_VIEW →
 * video views (an image Pin reports none: left out). Pinterest's reactions and comments counts are
 * lifetime figures of another kind and are not read here.
 */
export const pinterestMetricTypes = ['IMPRESSION', 'SAVE', 'PIN_CLICK', 'OUTBOUND_CLICK', 'VIDEO_MRC_VIEW'] as const;
const DAYS_BACK = 89;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Our numbers from one Pin's analytics answer ({ all: { summary_metrics: { IMPRESSION, SAVE, … } } }). */
export function pinterestMetrics(body: unknown): PostMetrics {
  const summary = ((body as Record<string, { summary_metrics?: Record<string, unknown> }> | undefined)?.['all']?.summary_metrics ?? {}) as Record<string, unknown>;
  const value = (name: string) => {
    const found = summary[name];
    return typeof found === 'number' && Number.isFinite(found) && found >= 0 ? found : undefined;
  };
  const metrics: PostMetrics = {};
  const read: Array<[keyof PostMetrics, string]> = [
    ['views', 'IMPRESSION'],
    ['saves', 'SAVE'],
    ['clicks', 'PIN_CLICK'],
    ['linkClicks', 'OUTBOUND_CLICK'],
    ['videoViews', 'VIDEO_MRC_VIEW'],
  ];
  for (const [ours, theirs] of read) {
    const found = value(theirs);
    if (found !== undefined) metrics[ours] = found;
  }
  return metrics;
}

export const createPinterestMetricsReader: MetricsReaderFactory<PinterestOptions> = ({ hosts, http, clock, options }) => ({
  platform: 'pinterest',
  batchSize: 1,
  // org_analytics: 300 calls per minute per user and app (Standard access); a run stays far below.
  callsPerRun: 60,
  appWideLimit: false,
  availability: (tokens) =>
    tokens.scopes.includes('pins:read') ? { available: true } : { available: false, reason: 'Pinterest analytics need the pins:read permission: reconnect the account to see its numbers.' },
  async read(tokens, ids) {
    const result: Record<string, PostMetrics> = {};
    const now = clock.now();
    const start = new Date(now.getTime() - DAYS_BACK * 86_400_000);
    for (const id of ids) {
      const response = await http({
        method: 'GET',
        url: withQuery(`${hosts['api']}/${options.apiVersion}/pins/${encodeURIComponent(id)}/analytics`, {
          start_date: day(start),
          end_date: day(now),
          metric_types: pinterestMetricTypes.join(','),
        }),
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      if (response.status >= 200 && response.status < 300) {
        result[id] = pinterestMetrics(response.body);
        continue;
      }
      // The Pin no longer exists (deleted by the user): no numbers, not an error.
      if (response.status === 404) continue;
      throw classifyPinterestError(response, clock.now());
    }
    return result;
  },
});
