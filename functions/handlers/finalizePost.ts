import { finalizeStep } from '../composition/finalizeStep';
import type { FinalizeStepInput } from '../services/finalizeStep';

const step = finalizeStep();

/** The PublishPost state machine's last step (services/finalizeStep.ts). */
export function handler(input: FinalizeStepInput): Promise<{ status: string }> {
  return step.run(input);
}
