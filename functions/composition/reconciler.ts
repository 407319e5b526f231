import { createReconciler, type Reconciler } from '../services/reconciler';
import { metricsTracking } from './metrics';
import { postStore } from './postStore';
import { executions } from './publishing';
import { clock } from './shared';

let reconcilerInstance: Reconciler | undefined;
/** Starts executions that never started and finishes posts whose execution died or outlived its deadline. */
export function reconciler(): Reconciler {
  return (reconcilerInstance ??= createReconciler({
    posts: postStore(),
    executions: executions(),
    clock,
    onFinished: (post, userId) => metricsTracking().trackPublishedTargets(userId, post),
  }));
}
