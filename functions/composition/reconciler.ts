import { createReconciler, type Reconciler } from '../services/reconciler';
import { createOperatorMetrics } from '../observability/operatorMetrics';
import { createWaitingPostsMetric, type WaitingPostsMetric } from '../observability/waitingPosts';
import { metricsTracking } from './metrics';
import { postStore } from './postStore';
import { executions } from './publishing';
import { clock, documentClient } from './shared';
import { webhookEventsFor } from './webhookEvents';
import { activityLog } from './activity';

let reconcilerInstance: Reconciler | undefined;
/** Starts executions that never started and finishes posts whose execution died or outlived its deadline. */
export function reconciler(): Reconciler {
  return (reconcilerInstance ??= createReconciler({
    posts: postStore(),
    executions: executions(),
    clock,
    activity: activityLog(),
    webhooks: webhookEventsFor(process.env, documentClient(), clock),
    onFinished: (post, userId) => metricsTracking().trackPublishedTargets(userId, post),
  }));
}

let waiting: WaitingPostsMetric | undefined;
/** The operator's "waiting" metric, taken on the reconciler's run every 15 minutes. */
export function waitingPostsMetric(): WaitingPostsMetric {
  return (waiting ??= createWaitingPostsMetric({ posts: postStore(), metrics: createOperatorMetrics(), clock }));
}
