import { analyticsReports } from '../composition/analytics';
import { apiDependencies } from '../composition/http';
import { createHttpHandler } from '../http/httpHandler';

const analytics = analyticsReports();

export const handler = createHttpHandler(
  'analytics',
  {
    getPostMetrics: ({ user, input }) => analytics.postMetrics(user, input.path.postId),
    getAnalyticsSummary: ({ user, input }) => analytics.summary(user, input.query),
    getBestTimes: ({ user, input }) => analytics.bestTimes(user, input.query),
  },
  apiDependencies('analytics'),
);
