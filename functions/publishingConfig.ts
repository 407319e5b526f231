import { ConfigurationError } from './config';

/**
 * The PublishPost state machine (set by the stack or the twin). Which function runs a target's
 * steps is the state machine's business (infra/publishing/definition.ts): the API names only
 * the target's platform.
 */
export function readPublishingTargets(env: NodeJS.ProcessEnv): { stateMachineArn: string } {
  const stateMachineArn = env['STATE_MACHINE_ARN'];
  if (!stateMachineArn) throw new ConfigurationError('Missing configuration: STATE_MACHINE_ARN');
  return { stateMachineArn };
}
