import type { PostMetrics } from '../adapter';
import type { MetricsReaderFactory } from '../module';
import { withQuery, type PlatformResponse } from '../http';
import { isOk } from '../steps';
import { classifyFacebookError, graphErrorOf } from './errors';
import type { FacebookOptions } from './options';

/**
 * A Page post's numbers (docs/analytics.md, docs/platforms/facebook.md "Insights"), two calls per
 * post with the Page's token:
 *
 * - GET /{post-id}/insights?metric=post_media_view,post_reactions_by_type_total (read_insights):
 *   views are post_media_view (the "views" metric Meta moved to in 2025, after deprecating
 *   post_impressions*), likes the sum of post_reactions_by_type_total's reactions;
 * - GET /{post-id}?fields=shares,comments.summary(true).limit(0) (pages_read_engagement): shares'
 *   count and the comments' total_count.
 *
 * A metric Facebook leaves out stays out (never 0). A post that is gone (code 100) has no numbers.
 */
export const facebookInsightsScope = 'read_insights';
export const facebookMetricNames = ['post_media_view', 'post_reactions_by_type_total'] as const;

type InsightEntry = { name?: string; values?: Array<{ value?: unknown }> };

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

export function facebookInsights(data: InsightEntry[]): PostMetrics {
  const metrics: PostMetrics = {};
  for (const entry of data) {
    const value = entry.values?.[0]?.value;
    if (entry.name === 'post_media_view' && count(value) !== undefined) metrics.views = count(value)!;
    if (entry.name === 'post_reactions_by_type_total' && value && typeof value === 'object') {
      const reactions = Object.values(value as Record<string, unknown>).map(count);
      if (reactions.every((reaction) => reaction !== undefined)) metrics.likes = reactions.reduce((sum: number, reaction) => sum + reaction!, 0);
    }
  }
  return metrics;
}

export const createFacebookMetricsReader: MetricsReaderFactory<FacebookOptions> = ({ hosts, http, clock, options }) => {
  const graph = (path: string) => `${hosts['graph']}/${options.graphVersion}${path}`;
  const gone = (response: PlatformResponse) => graphErrorOf(response)?.code === 100;

  return {
    platform: 'facebook',
    batchSize: 1,
    // Pages' business-use-case limit is 4,800 calls per engaged user a day; two calls a post keeps a run small.
    callsPerRun: 60,
    appWideLimit: false,
    availability: (tokens) =>
      tokens.scopes.includes(facebookInsightsScope)
        ? { available: true }
        : { available: false, reason: 'Facebook insights need the read_insights permission: reconnect the Page and allow it to see its numbers.' },
    async read(tokens, ids) {
      const result: Record<string, PostMetrics> = {};
      const headers = { authorization: `Bearer ${tokens.accessToken}` };
      for (const id of ids) {
        const insights = await http({ method: 'GET', url: withQuery(graph(`/${encodeURIComponent(id)}/insights`), { metric: facebookMetricNames.join(',') }), headers });
        if (!isOk(insights)) {
          if (gone(insights)) continue;
          throw classifyFacebookError(insights, clock.now());
        }
        const post = await http({ method: 'GET', url: withQuery(graph(`/${encodeURIComponent(id)}`), { fields: 'shares,comments.summary(true).limit(0)' }), headers });
        if (!isOk(post)) {
          if (gone(post)) continue;
          throw classifyFacebookError(post, clock.now());
        }
        const fields = (post.body ?? {}) as { shares?: { count?: unknown }; comments?: { summary?: { total_count?: unknown } } };
        const comments = count(fields.comments?.summary?.total_count);
        result[id] = {
          ...facebookInsights((insights.body as { data?: InsightEntry[] } | undefined)?.data ?? []),
          ...(comments === undefined ? {} : { comments }),
          // Facebook leaves `shares` out of a post nobody shared.
          shares: count(fields.shares?.count) ?? 0,
        };
      }
      return result;
    },
  };
};
