import { simulatedMetrics } from '../engagement';

/**
 * YouTube's metrics: it has no endpoint of its own for them; videos.list's `statistics` part
 * carries them (publishing.ts), from the simulated engagement of the video (../engagement.ts).
 */

/** A YouTube video's typical views: the ceiling of its simulated engagement. */
const typicalViews = 2400;

/** The `statistics` part of a published video, as strings like the API's. */
export function videoStatistics(video: { id: string; publishedAt: number }, now: number): Record<string, string> {
  const metrics = simulatedMetrics({ platform: 'youtube', id: video.id, createdAt: video.publishedAt }, now, typicalViews);
  return { viewCount: String(metrics.views), likeCount: String(metrics.likes), favoriteCount: '0', commentCount: String(metrics.comments) };
}
