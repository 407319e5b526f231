import type { PostMetrics } from '../adapter';
import type { MetricsReaderFactory } from '../module';
import { withQuery } from '../http';
import { classifyYoutubeError } from './adapter';

/**
 * YouTube: videos.list with part=statistics, up to 50 ids per call, 1 quota unit per call (of the
 * 10,000 a project gets per day); youtube.readonly covers it (docs/analytics.md §YouTube).
 * YouTube reports views, likes and comments; shares are not in the Data API.
 */
const count = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
};

export function youtubeMetrics(statistics: Record<string, unknown> | undefined): PostMetrics {
  const metrics: PostMetrics = {};
  const views = count(statistics?.['viewCount']);
  const likes = count(statistics?.['likeCount']);
  const comments = count(statistics?.['commentCount']);
  if (views !== undefined) metrics.views = views;
  if (likes !== undefined) metrics.likes = likes;
  if (comments !== undefined) metrics.comments = comments;
  return metrics;
}

export const createYoutubeMetricsReader: MetricsReaderFactory = ({ hosts, http, clock }) => ({
  platform: 'youtube',
  batchSize: 50,
  callsPerRun: 100,
  appWideLimit: true,
  availability: () => ({ available: true }),
  async read(tokens, ids) {
    const response = await http({
      method: 'GET',
      url: withQuery(`${hosts['googleapis']}/youtube/v3/videos`, { part: 'statistics', id: ids.join(','), maxResults: String(ids.length) }),
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    if (response.status < 200 || response.status >= 300) throw classifyYoutubeError(response, clock.now());
    const items = (response.body as { items?: Array<{ id?: string; statistics?: Record<string, unknown> }> } | undefined)?.items ?? [];
    const result: Record<string, PostMetrics> = {};
    for (const item of items) if (item.id && ids.includes(item.id)) result[item.id] = youtubeMetrics(item.statistics);
    return result;
  },
});
