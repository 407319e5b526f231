import type { Post } from '../../shared/api/posts';
import type { MetricsStore } from './metricsStore';

export interface MetricsTrackingDeps {
  store: Pick<MetricsStore, 'trackPost'>;
  /** Where a target that could not be tracked is reported (analytics never fails publishing). */
  warn: (message: string, details: Record<string, unknown>) => void;
}

/**
 * Called when a post finishes publishing (finalizePost, the reconciler): its published targets
 * start being followed by the metrics job. Analytics never fails publishing: a failure here is
 * logged, and the target is simply not tracked.
 */
export function createMetricsTracking({ store, warn }: MetricsTrackingDeps) {
  return {
    async trackPublishedTargets(userId: string, post: Post): Promise<void> {
      if (!post.targets.some((target) => target.status === 'published')) return;
      try {
        await store.trackPost(userId, post);
      } catch (error) {
        warn('Could not start tracking the published targets', { postId: post.postId, error: (error as Error).message });
      }
    },
  };
}

export type MetricsTracking = ReturnType<typeof createMetricsTracking>;
