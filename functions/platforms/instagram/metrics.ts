import type { PostMetrics } from '../adapter';
import type { MetricsReaderFactory } from '../module';
import type { InstagramOptions } from './options';
import { withQuery } from '../http';
import { classifyInstagramError } from './adapter';

/**
 * Instagram (Instagram Login): GET /{media-id}/insights?metric=views,likes,comments,shares,saved
 * on graph.instagram.com, one media per call, permission instagram_business_manage_insights
 * (docs/analytics.md §Instagram). Connections made before we asked for it must reconnect.
 *
 * A story has other metrics (views, reach, replies, shares, navigation…; no likes, comments or
 * saves): the feed metrics are refused for it as not supported "for this media product type", and
 * it is then asked for its own — views, shares, and its replies shown as comments. Its numbers are
 * kept for 24 hours only: after that Instagram answers an empty set, and the story keeps the
 * numbers last read (the schedule reads it hourly on its first day).
 */
export const instagramInsightsScope = 'instagram_business_manage_insights';
export const instagramMetricNames = ['views', 'likes', 'comments', 'shares', 'saved'] as const;
export const instagramStoryMetricNames = ['views', 'shares', 'replies'] as const;

const ours: Record<(typeof instagramMetricNames)[number] | (typeof instagramStoryMetricNames)[number], keyof PostMetrics> = {
  views: 'views',
  likes: 'likes',
  comments: 'comments',
  shares: 'shares',
  saved: 'saves',
  // A story's replies are its conversation: shown where the other posts show comments.
  replies: 'comments',
};

export function instagramMetrics(data: Array<{ name?: string; values?: Array<{ value?: unknown }>; total_value?: { value?: unknown } }>): PostMetrics {
  const metrics: PostMetrics = {};
  for (const entry of data) {
    const key = ours[entry.name as keyof typeof ours];
    const value = entry.values?.[0]?.value ?? entry.total_value?.value;
    if (key && typeof value === 'number' && Number.isFinite(value) && value >= 0) metrics[key] = value;
  }
  return metrics;
}

type GraphAnswer = { error?: { code?: number; message?: string } } | undefined;

/** Graph's refusal of a metric the media's product type does not have (a story asked for likes). */
const notForThisProductType = (response: { status: number; body: unknown }) => {
  const error = (response.body as GraphAnswer)?.error;
  return response.status === 400 && error?.code === 100 && /media product type/i.test(error.message ?? '');
};

export const createInstagramMetricsReader: MetricsReaderFactory<InstagramOptions> = ({ hosts, http, clock, options }) => ({
  platform: 'instagram',
  batchSize: 1,
  // Business-use-case limits allow about 200 calls per account per hour; a run stays far below
  // (a story takes two calls: the feed metrics refused, then its own).
  callsPerRun: 60,
  appWideLimit: false,
  availability: (tokens) =>
    tokens.scopes.includes(instagramInsightsScope)
      ? { available: true }
      : { available: false, reason: 'Instagram insights need a newer permission: reconnect the account to see its numbers.' },
  async read(tokens, ids) {
    const result: Record<string, PostMetrics> = {};
    const insights = (id: string, metrics: readonly string[]) =>
      http({
        method: 'GET',
        url: withQuery(`${hosts['graph']}/${options.graphVersion}/${encodeURIComponent(id)}/insights`, { metric: metrics.join(',') }),
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
    for (const id of ids) {
      let response = await insights(id, instagramMetricNames);
      if (notForThisProductType(response)) response = await insights(id, instagramStoryMetricNames);
      if (response.status >= 200 && response.status < 300) {
        const data = (response.body as { data?: [] } | undefined)?.data ?? [];
        // An empty set: no numbers now (a story after its 24 hours) — the last ones read are kept.
        if (data.length) result[id] = instagramMetrics(data);
        continue;
      }
      const code = (response.body as GraphAnswer)?.error?.code;
      // 100: the media no longer exists (deleted by the user) — no numbers, not an error.
      if (code === 100) continue;
      throw classifyInstagramError(response, clock.now());
    }
    return result;
  },
});
