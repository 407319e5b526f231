import { MetricUnit, type Metrics } from '@aws-lambda-powertools/metrics';
import type { Clock } from '../clock';
import type { Platform } from '../../shared/platforms';
import type { PostItem, PostStore } from '../services/postStore';
import { operatorMetricNames } from './operatorMetrics';

/** How often the count is taken (on the reconciler's minute): it reads every active post. */
export const WAITING_EVERY_MINUTES = 15;

/** Targets of scheduled posts not yet due, per platform (a platform with none is left out). */
export function waitingTargets(posts: readonly Pick<PostItem, 'status' | 'scheduledFor' | 'targets'>[], now: Date): Partial<Record<Platform, number>> {
  const counts: Partial<Record<Platform, number>> = {};
  for (const post of posts) {
    if (post.status !== 'scheduled' || !post.scheduledFor || Date.parse(post.scheduledFor) <= now.getTime()) continue;
    for (const target of Object.values(post.targets)) counts[target.platform] = (counts[target.platform] ?? 0) + 1;
  }
  return counts;
}

/**
 * The "waiting" metric (targets scheduled, not yet due, per platform), taken on the reconciler's
 * run every WAITING_EVERY_MINUTES minutes. Only platforms with something waiting are written, so
 * an idle deployment writes no custom metric (CloudWatch bills a metric only while it gets data;
 * the dashboard shows no data as none waiting).
 */
export function createWaitingPostsMetric(deps: { posts: Pick<PostStore, 'listActive'>; metrics: Metrics; clock: Clock }) {
  return {
    /** Counts and writes when the clock is on a WAITING_EVERY_MINUTES minute; answers the counts, or undefined when not its minute. */
    async maybeRecord(): Promise<Partial<Record<Platform, number>> | undefined> {
      const now = deps.clock.now();
      if (now.getUTCMinutes() % WAITING_EVERY_MINUTES !== 0) return undefined;
      const counts = waitingTargets(await deps.posts.listActive(), now);
      for (const [platform, count] of Object.entries(counts)) {
        deps.metrics.addDimension('Platform', platform);
        deps.metrics.addMetric(operatorMetricNames.waiting, MetricUnit.Count, count);
        deps.metrics.publishStoredMetrics();
      }
      return counts;
    },
  };
}

export type WaitingPostsMetric = ReturnType<typeof createWaitingPostsMetric>;
