import { createFinalizeStep, type FinalizeStep } from '../services/finalizeStep';
import { createOperatorMetrics } from '../observability/operatorMetrics';
import { recordPublishOutcome } from '../observability/publishOutcome';
import { metricsTracking } from './metrics';
import { postStore } from './postStore';
import { clock, createLogger, documentClient } from './shared';
import { webhookEventsFor } from './webhookEvents';
import { activityLog } from './activity';

let step: FinalizeStep | undefined;
/** The PublishPost state machine's last step; it records each finished post's outcome as the operator's metrics. */
export function finalizeStep(): FinalizeStep {
  if (step) return step;
  const metrics = createOperatorMetrics();
  step = createFinalizeStep({
    posts: postStore(),
    activity: activityLog(),
    webhooks: webhookEventsFor(process.env, documentClient(), clock),
    tracking: metricsTracking(),
    outcome: (post, details) => recordPublishOutcome(metrics, post, details),
    clock,
    log: createLogger('finalize'),
  });
  return step;
}
