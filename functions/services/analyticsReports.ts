import type { AnalyticsSummary, BestTimes, PostMetricsView } from '../../shared/api/analytics';
import type { Clock } from '../clock';
import { NotFound } from '../errors';
import { bestTimes, periodStart, summarize, targetMetricsView } from './analytics';
import type { MetricsStore } from './metricsStore';
import type { PostStore } from './postStore';
import type { UserIdentity } from './memberships';

export interface AnalyticsReportsDeps {
  metrics: Pick<MetricsStore, 'targets' | 'targetsOfPost' | 'snapshots'>;
  posts: Pick<PostStore, 'get'>;
  clock: Clock;
}

/** The analytics API's answers, from the caller's own tracked targets and snapshots (docs/analytics.md). */
export function createAnalyticsReports({ metrics, posts, clock }: AnalyticsReportsDeps) {
  return {
    /** One post's numbers per account. Only the caller's own posts: another user's post id is simply not found. */
    async postMetrics(user: UserIdentity, postId: string): Promise<PostMetricsView> {
      if (!(await posts.get(user.userId, postId))) throw new NotFound('Post not found');
      const targets = await metrics.targetsOfPost(user.userId, postId);
      return { postId, targets: targets.map(targetMetricsView).sort((a, b) => a.targetId.localeCompare(b.targetId)) };
    },

    /** Totals, the daily series and top posts over the last `days` local days. */
    async summary(user: UserIdentity, query: { days: number; account?: string | undefined; timeZone: string }): Promise<AnalyticsSummary> {
      const now = clock.now();
      const options = { days: query.days, account: query.account, timeZone: query.timeZone, now };
      const [targets, snapshots] = await Promise.all([
        metrics.targets(user.userId),
        metrics.snapshots(user.userId, periodStart(options).toISOString(), now.toISOString()),
      ]);
      return summarize(targets, snapshots, options);
    },

    /** The best-times heat map and the next best slot. */
    async bestTimes(user: UserIdentity, query: { account?: string | undefined; timeZone: string }): Promise<BestTimes> {
      return bestTimes(await metrics.targets(user.userId), { account: query.account, timeZone: query.timeZone, now: clock.now() });
    },
  };
}

export type AnalyticsReports = ReturnType<typeof createAnalyticsReports>;
