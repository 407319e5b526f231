import { SFNClient } from '@aws-sdk/client-sfn';
import { readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger } from '../composition';
import { readPublishingTargets } from '../publishingConfig';
import { createSfnExecutions } from '../services/executions';
import { createPostStore } from '../services/postStore';
import { createReconciler, type ReconcileReport } from '../services/reconciler';
import { trackPublishedTargets } from '../services/metricsTracking';

const logger = createLogger('reconcile-posts');
const tables = readTableNames(process.env, ['posts']);
const { stateMachineArn } = readPublishingTargets(process.env);
const reconciler = createReconciler({
  posts: createPostStore({ db: createDocumentClient(), tableName: tables.posts, clock: systemClock }),
  executions: createSfnExecutions(new SFNClient({}), stateMachineArn),
  clock: systemClock,
  onFinished: (post, userId) => trackPublishedTargets(userId, post),
});

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
