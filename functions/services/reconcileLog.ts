import type { ReconcileReport } from './reconciler';

/** The two levels a reconcile run writes at. */
export interface ReconcileLogger {
  info(message: string, details: Record<string, unknown>): void;
  error(message: string, details: Record<string, unknown>): void;
}

/**
 * One reconcile run, in the log: each post it could not look at is an ERROR (the next run tries
 * again); the counts are INFO, whether or not it started or finished posts, since that is the
 * reconciler doing its job every minute, nothing an operator has to act on.
 */
export function logReconcileReport(logger: ReconcileLogger, report: ReconcileReport): void {
  for (const error of report.errors) logger.error('Could not reconcile a post; the next run tries again', error);
  const counts = { ...report, errors: report.errors.length };
  if (report.started || report.finished) logger.info('Reconciled posts', counts);
  else logger.info('Reconcile run', counts);
}
