import type { MetricsReader, PostMetrics } from '../adapter';
import type { Xrpc } from './xrpc';

/**
 * app.bsky.feed.getPosts (up to 25 at:// URIs per call, through the PDS): likes, replies as
 * comments, reposts and quotes as shares (docs/analytics.md §Bluesky). Bluesky reports no views
 * or saves, so those stay out. A deleted post is missing from the answer.
 */
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

export function blueskyMetrics(post: Record<string, unknown>): PostMetrics {
  const metrics: PostMetrics = {};
  const likes = count(post['likeCount']);
  const replies = count(post['replyCount']);
  const reposts = count(post['repostCount']);
  const quotes = count(post['quoteCount']);
  if (likes !== undefined) metrics.likes = likes;
  if (replies !== undefined) metrics.comments = replies;
  if (reposts !== undefined || quotes !== undefined) metrics.shares = (reposts ?? 0) + (quotes ?? 0);
  return metrics;
}

export function createBlueskyMetricsReader(xrpc: Xrpc): MetricsReader {
  return {
    platform: 'bluesky',
    batchSize: 25,
    // The PDS allows 3,000 requests per 5 minutes per account; a run stays far inside it.
    callsPerRun: 20,
    appWideLimit: false,
    availability: () => ({ available: true }),
    async read(tokens, ids) {
      const response = xrpc.ok(await xrpc.query(tokens, 'app.bsky.feed.getPosts', { uris: [...ids] }));
      const result: Record<string, PostMetrics> = {};
      for (const post of ((response.body ?? {}) as { posts?: Array<Record<string, unknown>> }).posts ?? []) {
        const uri = post['uri'];
        if (typeof uri === 'string' && ids.includes(uri)) result[uri] = blueskyMetrics(post);
      }
      return result;
    },
  };
}
