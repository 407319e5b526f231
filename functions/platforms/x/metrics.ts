import type { PostMetrics } from '../adapter';
import type { MetricsReaderFactory } from '../module';
import { withQuery } from '../http';
import { classifyXError } from './adapter';

/**
 * X: GET /2/tweets?ids=…&tweet.fields=public_metrics (up to 100 ids), scopes tweet.read and
 * users.read, rate limited per 15-minute window with x-rate-limit-* headers (docs/analytics.md §X).
 * impression_count is the post's views; retweets and quotes are its shares.
 */
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

export function xMetrics(publicMetrics: Record<string, unknown> | undefined): PostMetrics {
  const metrics: PostMetrics = {};
  const views = count(publicMetrics?.['impression_count']);
  const likes = count(publicMetrics?.['like_count']);
  const comments = count(publicMetrics?.['reply_count']);
  const retweets = count(publicMetrics?.['retweet_count']);
  const quotes = count(publicMetrics?.['quote_count']);
  const saves = count(publicMetrics?.['bookmark_count']);
  if (views !== undefined) metrics.views = views;
  if (likes !== undefined) metrics.likes = likes;
  if (comments !== undefined) metrics.comments = comments;
  if (retweets !== undefined || quotes !== undefined) metrics.shares = (retweets ?? 0) + (quotes ?? 0);
  if (saves !== undefined) metrics.saves = saves;
  return metrics;
}

export const createXMetricsReader: MetricsReaderFactory = ({ hosts, http, clock }) => ({
  platform: 'x',
  batchSize: 100,
  callsPerRun: 10,
  appWideLimit: false,
  availability: () => ({ available: true }),
  async read(tokens, ids) {
    const response = await http({
      method: 'GET',
      url: withQuery(`${hosts['api']}/2/tweets`, { ids: ids.join(','), 'tweet.fields': 'public_metrics' }),
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    if (response.status < 200 || response.status >= 300) throw classifyXError(response, clock.now());
    const result: Record<string, PostMetrics> = {};
    // Deleted posts come back in `errors` (resource-not-found), not in `data`.
    for (const tweet of (response.body as { data?: Array<{ id?: string; public_metrics?: Record<string, unknown> }> } | undefined)?.data ?? []) {
      if (tweet.id && ids.includes(tweet.id)) result[tweet.id] = xMetrics(tweet.public_metrics);
    }
    return result;
  },
});
