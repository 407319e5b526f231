import { createFinalizeStep, type FinalizeStep } from '../services/finalizeStep';
import { metricsTracking } from './metrics';
import { postStore } from './postStore';
import { clock, createLogger } from './shared';

let step: FinalizeStep | undefined;
/** The PublishPost state machine's last step. */
export function finalizeStep(): FinalizeStep {
  return (step ??= createFinalizeStep({ posts: postStore(), tracking: metricsTracking(), clock, log: createLogger('finalize') }));
}
