import { createLogger } from '../composition/shared';
import { reconciler as buildReconciler, waitingPostsMetric } from '../composition/reconciler';
import type { ReconcileReport } from '../services/reconciler';
import { logReconcileReport } from '../services/reconcileLog';

const logger = createLogger('reconcile-posts');
const reconciler = buildReconciler();
const waiting = waitingPostsMetric();

/**
 * Scheduled (EventBridge Scheduler every minute on AWS; the twin on start and on a timer):
 * starts executions that never started and finishes posts whose execution died or that
 * outlived their deadline. `all` (the twin at start): every active post, not only those due.
 * Every 15 minutes it also writes the operator's "waiting" metric (functions/observability/).
 */
export async function handler(event?: { all?: boolean }): Promise<ReconcileReport> {
  const report = await reconciler.run({ all: event?.all === true });
  logReconcileReport(logger, report);
  // A metric is not worth failing the run (and its alarm) for.
  await waiting.maybeRecord().catch((error: unknown) => logger.warn('The waiting metric was not written', { error: (error as Error).message }));
  return report;
}
