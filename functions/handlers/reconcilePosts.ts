import { createLogger } from '../composition/shared';
import { reconciler as buildReconciler } from '../composition/reconciler';
import type { ReconcileReport } from '../services/reconciler';
import { logReconcileReport } from '../services/reconcileLog';

const logger = createLogger('reconcile-posts');
const reconciler = buildReconciler();

/**
 * Scheduled (EventBridge Scheduler every minute on AWS; the twin on start and on a timer):
 * starts executions that never started and finishes posts whose execution died or that
 * outlived their deadline. `all` (the twin at start): every active post, not only those due.
 */
export async function handler(event?: { all?: boolean }): Promise<ReconcileReport> {
  const report = await reconciler.run({ all: event?.all === true });
  logReconcileReport(logger, report);
  return report;
}
