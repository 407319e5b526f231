import type { PostMetrics } from '../adapter';
import type { MetricsReaderFactory } from '../module';
import type { InstagramOptions } from './options';
import { withQuery } from '../http';
import { classifyInstagramError } from './adapter';

/**
 * Instagram (Instagram Login): GET /{media-id}/insights?metric=views,likes,comments,shares,saved
 * on graph.instagram.com, one media per call, permission instagram_business_manage_insights
 * (docs/analytics.md §Instagram). Connections made before we asked for it must reconnect.
 */
export const instagramInsightsScope = 'instagram_business_manage_insights';
export const instagramMetricNames = ['views', 'likes', 'comments', 'shares', 'saved'] as const;

const ours: Record<(typeof instagramMetricNames)[number], keyof PostMetrics> = {
  views: 'views',
  likes: 'likes',
  comments: 'comments',
  shares: 'shares',
  saved: 'saves',
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

export const createInstagramMetricsReader: MetricsReaderFactory<InstagramOptions> = ({ hosts, http, clock, options }) => ({
  platform: 'instagram',
  batchSize: 1,
  // Business-use-case limits allow about 200 calls per account per hour; a run stays far below.
  callsPerRun: 60,
  appWideLimit: false,
  availability: (tokens) =>
    tokens.scopes.includes(instagramInsightsScope)
      ? { available: true }
      : { available: false, reason: 'Instagram insights need a newer permission: reconnect the account to see its numbers.' },
  async read(tokens, ids) {
    const result: Record<string, PostMetrics> = {};
    for (const id of ids) {
      const response = await http({
        method: 'GET',
        url: withQuery(`${hosts['graph']}/${options.graphVersion}/${encodeURIComponent(id)}/insights`, { metric: instagramMetricNames.join(',') }),
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      if (response.status >= 200 && response.status < 300) {
        result[id] = instagramMetrics((response.body as { data?: [] } | undefined)?.data ?? []);
        continue;
      }
      const code = (response.body as { error?: { code?: number } } | undefined)?.error?.code;
      // 100: the media no longer exists (deleted by the user) — no numbers, not an error.
      if (code === 100) continue;
      throw classifyInstagramError(response, clock.now());
    }
    return result;
  },
});
