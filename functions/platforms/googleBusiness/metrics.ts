import type { MetricsReader } from '../adapter';
import { NAME } from './errors';

/**
 * Google reports a Business Profile's numbers per location and per day (Business Profile
 * Performance API, locations.fetchMultiDailyMetricsTimeSeries: impressions on Search and Maps,
 * calls, website clicks, direction requests), not per post: the v4 per-post insights
 * (localPosts.reportInsights) were retired. So a post's own numbers are not available, and the
 * post says why (docs/analytics.md, "Google Business Profile").
 */
export function createGoogleBusinessMetricsReader(): MetricsReader {
  return {
    platform: 'googleBusiness',
    batchSize: 1,
    callsPerRun: 0,
    appWideLimit: false,
    availability: () => ({ available: false, reason: `${NAME} reports numbers per location and per day, not per post.` }),
    read: async () => ({}),
  };
}
