import type { Post } from '../../shared/api/posts';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger } from '../composition';
import { readTableNames } from '../config';
import { createMetricsStore, type MetricsStore } from './metricsStore';

const logger = createLogger('metrics-tracking');
let store: MetricsStore | undefined;

/**
 * Called when a post finishes publishing (finalizePost): its published targets start being
 * followed by the metrics job. Analytics never fails publishing: a failure here is logged, and
 * the target is simply not tracked.
 */
export async function trackPublishedTargets(userId: string, post: Post): Promise<void> {
  if (!post.targets.some((target) => target.status === 'published')) return;
  try {
    store ??= createMetricsStore({ db: createDocumentClient(), tableName: readTableNames(process.env, ['metrics']).metrics, clock: systemClock });
    await store.trackPost(userId, post);
  } catch (error) {
    logger.warn('Could not start tracking the published targets', { postId: post.postId, error: (error as Error).message });
  }
}
