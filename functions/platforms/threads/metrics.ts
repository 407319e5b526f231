import type { PostMetrics } from '../adapter';
import type { MetricsReaderFactory } from '../module';
import type { ThreadsOptions } from './options';
import { withQuery } from '../http';
import { classifyThreadsError } from './errors';

/**
 * Threads media insights: GET /{media-id}/insights?metric=views,likes,replies,reposts,quotes on
 * graph.threads.net, one post per call, permission threads_manage_insights (Threads Insights API;
 * docs/analytics.md §Threads). Mapped as Bluesky's: views → views, likes → likes, replies →
 * comments, reposts + quotes → shares; Threads reports no saves.
 */
export const threadsInsightsScope = 'threads_manage_insights';
export const threadsMetricNames = ['views', 'likes', 'replies', 'reposts', 'quotes'] as const;

type Entry = { name?: string; values?: Array<{ value?: unknown }>; total_value?: { value?: unknown } };

export function threadsMetrics(data: Entry[]): PostMetrics {
  const value = (name: (typeof threadsMetricNames)[number]) => {
    const entry = data.find((candidate) => candidate.name === name);
    const found = entry?.values?.[0]?.value ?? entry?.total_value?.value;
    return typeof found === 'number' && Number.isFinite(found) && found >= 0 ? found : undefined;
  };
  const metrics: PostMetrics = {};
  const views = value('views');
  const likes = value('likes');
  const replies = value('replies');
  const reposts = value('reposts');
  const quotes = value('quotes');
  if (views !== undefined) metrics.views = views;
  if (likes !== undefined) metrics.likes = likes;
  if (replies !== undefined) metrics.comments = replies;
  if (reposts !== undefined || quotes !== undefined) metrics.shares = (reposts ?? 0) + (quotes ?? 0);
  return metrics;
}

export const createThreadsMetricsReader: MetricsReaderFactory<ThreadsOptions> = ({ hosts, http, clock, options }) => ({
  platform: 'threads',
  batchSize: 1,
  // Calls count against 4,800 × the account's impressions a day (at least 48,000): a run stays far below.
  callsPerRun: 60,
  appWideLimit: false,
  availability: (tokens) =>
    tokens.scopes.includes(threadsInsightsScope)
      ? { available: true }
      : { available: false, reason: 'Threads insights need a newer permission: reconnect the account to see its numbers.' },
  async read(tokens, ids) {
    const result: Record<string, PostMetrics> = {};
    for (const id of ids) {
      const response = await http({
        method: 'GET',
        url: withQuery(`${hosts['graph']}/${options.graphVersion}/${encodeURIComponent(id)}/insights`, { metric: threadsMetricNames.join(',') }),
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      if (response.status >= 200 && response.status < 300) {
        result[id] = threadsMetrics((response.body as { data?: Entry[] } | undefined)?.data ?? []);
        continue;
      }
      // 100: the post no longer exists (deleted by the user) — no numbers, not an error.
      if ((response.body as { error?: { code?: number } } | undefined)?.error?.code === 100) continue;
      throw classifyThreadsError(response, clock.now());
    }
    return result;
  },
});
