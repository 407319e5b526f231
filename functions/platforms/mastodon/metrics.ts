import type { MetricsReader, PostMetrics } from '../adapter';
import type { MastodonApi } from './api';

/**
 * GET /api/v1/statuses/:id on the account's server (one status per call): favourites as likes,
 * boosts (reblogs) as shares, replies as comments (docs/analytics.md §Mastodon). Mastodon reports
 * no views or saves, so those stay out. A deleted status (404) is missing from the answer.
 */
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

export function mastodonMetrics(status: Record<string, unknown>): PostMetrics {
  const metrics: PostMetrics = {};
  const likes = count(status['favourites_count']);
  const shares = count(status['reblogs_count']);
  const comments = count(status['replies_count']);
  if (likes !== undefined) metrics.likes = likes;
  if (shares !== undefined) metrics.shares = shares;
  if (comments !== undefined) metrics.comments = comments;
  return metrics;
}

export function createMastodonMetricsReader(api: MastodonApi): MetricsReader {
  return {
    platform: 'mastodon',
    batchSize: 1,
    // 300 requests per 5 minutes per account (docs.joinmastodon.org/api/rate-limits): a run stays far inside it.
    callsPerRun: 50,
    appWideLimit: false,
    availability: () => ({ available: true }),
    async read(tokens, ids) {
      const result: Record<string, PostMetrics> = {};
      for (const id of ids) {
        const response = await api.call(tokens, { method: 'GET', path: `/api/v1/statuses/${encodeURIComponent(id)}` });
        if (response.status === 404) continue;
        result[id] = mastodonMetrics((api.ok(response).body ?? {}) as Record<string, unknown>);
      }
      return result;
    },
  };
}
