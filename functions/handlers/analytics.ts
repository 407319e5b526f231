import { readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger } from '../composition';
import { createHttpHandler } from '../http/httpHandler';
import { bestTimes, periodStart, summarize, targetMetricsView } from '../services/analytics';
import { createMetricsStore } from '../services/metricsStore';
import { createPostStore } from '../services/postStore';
import { NotFound } from '../errors';

const db = createDocumentClient();
const tables = readTableNames(process.env, ['metrics', 'posts']);
const metrics = createMetricsStore({ db, tableName: tables.metrics, clock: systemClock });
const posts = createPostStore({ db, tableName: tables.posts, clock: systemClock });

export const handler = createHttpHandler(
  'analytics',
  {
    getPostMetrics: async ({ user, input }) => {
      // Only the caller's own posts: another user's post id is simply not found.
      if (!(await posts.get(user.userId, input.path.postId))) throw new NotFound('Post not found');
      const targets = await metrics.targetsOfPost(user.userId, input.path.postId);
      return { postId: input.path.postId, targets: targets.map(targetMetricsView).sort((a, b) => a.targetId.localeCompare(b.targetId)) };
    },
    getAnalyticsSummary: async ({ user, input }) => {
      const now = systemClock.now();
      const options = { days: input.query.days, account: input.query.account, timeZone: input.query.timeZone, now };
      const [targets, snapshots] = await Promise.all([
        metrics.targets(user.userId),
        metrics.snapshots(user.userId, periodStart(options).toISOString(), now.toISOString()),
      ]);
      return summarize(targets, snapshots, options);
    },
    getBestTimes: async ({ user, input }) =>
      bestTimes(await metrics.targets(user.userId), { account: input.query.account, timeZone: input.query.timeZone, now: systemClock.now() }),
  },
  createLogger('analytics'),
);
