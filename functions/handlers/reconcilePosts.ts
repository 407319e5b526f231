import { createLogger } from '../composition/shared';
import { reconciler as buildReconciler } from '../composition/reconciler';
import type { ReconcileReport } from '../services/reconciler';

const logger = createLogger('reconcile-posts');
const reconciler = buildReconciler();

/**
 * Scheduled (EventBridge Scheduler every minute on AWS; the twin on start and on a timer):
 * starts executions that never started and finishes posts whose execution died or that
 * outlived their deadline. `all` (the twin at start): every active post, not only those due.
 */
export async function handler(event?: { all?: boolean }): Promise<ReconcileReport> {
  const report = await reconciler.run({ all: event?.all === true });
  for (const error of report.errors) logger.error('Could not reconcile a post; the next run tries again', error);
  if (report.started || report.finished) logger.warn('Reconciled posts', { ...report, errors: report.errors.length });
  else logger.info('Reconcile run', { ...report, errors: report.errors.length });
  return report;
}
