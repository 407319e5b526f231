import { Duration, Stack, Token, Validations, type CfnElement } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { platforms, type Platform } from '../../shared/platforms';
import { publishingFunctions } from '../../functions/handlers/groups';
import { FINALIZE_PLACEHOLDER, publishFunctionPlaceholder, publishPostDefinition } from '../publishing/definition';
import { FINALIZE_RESERVED_CONCURRENCY, FINALIZE_TIMEOUT_SECONDS, PUBLISH_STEP_RESERVED_CONCURRENCY, PUBLISH_STEP_TIMEOUT_SECONDS } from '../../functions/services/publishingLimits';
import { OneClickFunction } from './function';
import { grantNeeds, type Resources } from './grants';

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/**
 * PublishPost: the Step Functions (Standard) state machine, one Lambda per platform running
 * that platform's publish steps (bundling only that platform's module, granted only that
 * platform's secret), and the finalize Lambda. The state machine maps each target's platform to
 * its function (definition substitutions): the API knows only the state machine.
 */
export class Publishing extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly publishers: Record<Platform, OneClickFunction>;
  readonly finalize: OneClickFunction;

  constructor(scope: Construct, id: string, resources: Resources) {
    super(scope, id);
    this.publishers = {} as Record<Platform, OneClickFunction>;
    for (const platform of platforms) {
      const fn = new OneClickFunction(this, `${capitalized(platform)}Publisher`, {
        entry: publishingFunctions.publishStep.entry(platform),
        description: `OneClick: publish steps for ${platform}`,
        // Uploads stream large videos in chunks: time, not memory, grows with the file.
        timeout: Duration.seconds(PUBLISH_STEP_TIMEOUT_SECONDS),
        memorySize: 1024,
        // API traffic can never take the publishers' concurrency.
        reservedConcurrentExecutions: PUBLISH_STEP_RESERVED_CONCURRENCY,
      });
      grantNeeds(fn, publishingFunctions.publishStep.needs, resources, [platform]);
      this.publishers[platform] = fn;
    }
    this.finalize = new OneClickFunction(this, 'FinalizePost', {
      entry: publishingFunctions.finalizePost.entry,
      description: 'OneClick: sets a post\'s status from its targets\'',
      timeout: Duration.seconds(FINALIZE_TIMEOUT_SECONDS),
      reservedConcurrentExecutions: FINALIZE_RESERVED_CONCURRENCY,
    });
    grantNeeds(this.finalize, publishingFunctions.finalizePost.needs, resources);

    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    this.stateMachine = new sfn.StateMachine(this, 'PublishPost', {
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromString(JSON.stringify(publishPostDefinition())),
      definitionSubstitutions: {
        [FINALIZE_PLACEHOLDER]: this.finalize.function.functionArn,
        ...Object.fromEntries(platforms.map((platform) => [publishFunctionPlaceholder(platform), this.publishers[platform].function.functionArn])),
      },
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
      tracingEnabled: true,
    });
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray tracing (PutTraceSegments, PutTelemetryRecords) and CloudWatch Logs delivery actions have no resource-level permissions.',
    });
    for (const fn of [...Object.values(this.publishers), this.finalize]) {
      fn.function.grantInvoke(this.stateMachine);
      const logicalId = Stack.of(this).getLogicalId(fn.function.node.defaultChild as CfnElement);
      Validations.of(this.stateMachine).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>:*]`,
        reason: 'lambda:InvokeFunction on this function\'s versions and aliases (the CDK grant); only our own publish functions.',
      });
    }
  }

  /**
   * Lets an API function start executions (the state machine's ARN) and stop them (cancel, reschedule and edit replace a scheduled post's execution).
   */
  grantStart(fn: OneClickFunction): void {
    this.grantExecutions(fn, ['states:StopExecution'], 'cancel, reschedule and edit stop a scheduled post\'s execution');
  }

  /**
   * The reconciler: starts executions that never started, reads whether a post's execution is
   * running (DescribeExecution) and stops one that outlived its post's deadline.
   */
  grantReconcile(fn: OneClickFunction): void {
    this.grantExecutions(
      fn,
      ['states:DescribeExecution', 'states:StopExecution'],
      'the reconciler reads whether a post\'s execution is running and stops one that outlived its deadline',
    );
  }

  private grantExecutions(fn: OneClickFunction, actions: string[], why: string): void {
    this.stateMachine.grantStartExecution(fn.function);
    this.stateMachine.grantExecution(fn.function, ...actions);
    // The finding names the execution ARN pattern as cdk-nag renders it: each of region and
    // account written out when the stack knows it, a token when it does not. They are decided
    // separately: with no AWS configuration the CDK CLI still defaults the region (us-east-1)
    // while the account stays unknown.
    const stack = Stack.of(this);
    const machineId = stack.getLogicalId(this.stateMachine.node.defaultChild as CfnElement);
    const nameExpression = JSON.stringify({ 'Fn::Select': [6, { 'Fn::Split': [':', { Ref: machineId }] }] });
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
    const where = `${region}:${account}`;
    Validations.of(fn.function).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:${where}:execution:${nameExpression}:*]`,
      reason: `${actions.join(', ')} on the executions of the PublishPost state machine only (execution ARNs carry the execution name): ${why}.`,
    });
    fn.addEnvironment({ STATE_MACHINE_ARN: this.stateMachine.stateMachineArn });
  }
}
