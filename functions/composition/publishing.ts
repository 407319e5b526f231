import { SFNClient } from '@aws-sdk/client-sfn';
import { readPublishingTargets } from '../publishingConfig';
import { createSfnExecutions, type InspectableExecutions } from '../services/executions';
import { withoutSdkLogger } from './sdkLogger';

let targets: ReturnType<typeof readPublishingTargets> | undefined;
/** The PublishPost state machine (STATE_MACHINE_ARN); which function publishes a target is the state machine's business. */
export function publishingTargets(): ReturnType<typeof readPublishingTargets> {
  return (targets ??= readPublishingTargets(process.env));
}

let sfnExecutions: InspectableExecutions | undefined;
/** Starts, describes and stops PublishPost executions. */
export function executions(): InspectableExecutions {
  return (sfnExecutions ??= createSfnExecutions(withoutSdkLogger(new SFNClient({})), publishingTargets().stateMachineArn));
}
