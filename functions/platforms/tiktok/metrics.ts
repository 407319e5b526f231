import type { PostMetrics } from '../adapter';
import type { MetricsReaderFactory } from '../module';
import { withQuery } from '../http';
import { classifyTiktokError } from './adapter';

/**
 * TikTok: POST /v2/video/query/?fields=… with {filters:{video_ids}} (at most 20), scope
 * video.list, 600 requests per minute per token (docs/analytics.md §TikTok). Photo posts are
 * not videos: the query does not return them, so they have no numbers. A publish id (the post's
 * id before TikTok made it public) is first turned into the video id with the publish status.
 */
export const tiktokMetricFields = ['id', 'view_count', 'like_count', 'comment_count', 'share_count'] as const;

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

export function tiktokMetrics(video: Record<string, unknown>): PostMetrics {
  const metrics: PostMetrics = {};
  const pairs = [
    ['views', 'view_count'],
    ['likes', 'like_count'],
    ['comments', 'comment_count'],
    ['shares', 'share_count'],
  ] as const;
  for (const [ours, theirs] of pairs) {
    const value = count(video[theirs]);
    if (value !== undefined) metrics[ours] = value;
  }
  return metrics;
}

export const createTiktokMetricsReader: MetricsReaderFactory = ({ hosts, http, clock }) => ({
  platform: 'tiktok',
  batchSize: 20,
  callsPerRun: 100,
  appWideLimit: false,
  availability: (tokens) =>
    tokens.scopes.length === 0 || tokens.scopes.includes('video.list')
      ? { available: true }
      : { available: false, reason: 'TikTok did not grant video.list: reconnect the account to see its numbers.' },
  async read(tokens, requested) {
    // A post whose id TikTok had not made public yet was recorded by its publish id: ask the
    // publish status for the video id (publicaly_available_post_id), once per read.
    const videoIdOf = new Map<string, string>();
    for (const id of requested) {
      if (/^\d+$/.test(id)) {
        videoIdOf.set(id, id);
        continue;
      }
      const status = await http({
        method: 'POST',
        url: `${hosts['open']}/v2/post/publish/status/fetch/`,
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
        json: { publish_id: id },
      });
      const statusBody = (status.body ?? {}) as { data?: { publicaly_available_post_id?: Array<string | number> }; error?: { code?: string } };
      if (status.status >= 300 || (statusBody.error?.code && statusBody.error.code !== 'ok')) throw classifyTiktokError(status, clock.now());
      const videoId = statusBody.data?.publicaly_available_post_id?.[0];
      if (videoId !== undefined && String(videoId) !== '') videoIdOf.set(id, String(videoId));
    }
    const ids = [...new Set(videoIdOf.values())];
    if (ids.length === 0) return {};
    const response = await http({
      method: 'POST',
      url: withQuery(`${hosts['open']}/v2/video/query/`, { fields: tiktokMetricFields.join(',') }),
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
      json: { filters: { video_ids: ids } },
    });
    const body = (response.body ?? {}) as { data?: { videos?: Array<Record<string, unknown>> }; error?: { code?: string } };
    if (response.status >= 300 || (body.error?.code && body.error.code !== 'ok')) throw classifyTiktokError(response, clock.now());
    const byVideo = new Map<string, PostMetrics>();
    for (const video of body.data?.videos ?? []) {
      const id = video['id'];
      if (typeof id === 'string' && ids.includes(id)) byVideo.set(id, tiktokMetrics(video));
    }
    const result: Record<string, PostMetrics> = {};
    for (const [id, videoId] of videoIdOf) {
      const metrics = byVideo.get(videoId);
      if (metrics) result[id] = metrics;
    }
    return result;
  },
});
