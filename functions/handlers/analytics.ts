import { analyticsReports, postExport } from '../composition/analytics';
import { apiDependencies, postAccounts } from '../composition/http';
import { createHttpHandler } from '../http/httpHandler';

const analytics = analyticsReports();
const exports = postExport();

export const handler = createHttpHandler(
  'analytics',
  {
    getPostMetrics: ({ user, input }) => analytics.postMetrics(user, input.path.postId),
    getAnalyticsSummary: ({ user, input }) => analytics.summary(user, input.query),
    getBestTimes: ({ user, input }) => analytics.bestTimes(user, input.query),
    exportPosts: ({ user, input }) => exports.posts(user, input.query),
  },
  { ...apiDependencies('analytics'), postAccounts },
);
