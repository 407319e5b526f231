import { Duration, Stack, Token, Validations, type CfnElement } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { platforms, type Platform } from '../../shared/platforms';
import { publishingFunctions } from '../../functions/handlers/groups';
import * as iam from 'aws-cdk-lib/aws-iam';
import {
  FINALIZE_PLACEHOLDER,
  FOLLOW_UP_PLACEHOLDER,
  followUpDefinition,
  PUBLISH_FUNCTION_PREFIX_PLACEHOLDER,
  publishPostDefinition,
} from '../publishing/definition';
import { FINALIZE_RESERVED_CONCURRENCY, FINALIZE_TIMEOUT_SECONDS, PUBLISH_STEP_RESERVED_CONCURRENCY, PUBLISH_STEP_TIMEOUT_SECONDS } from '../../functions/services/publishingLimits';
import { OneClickFunction } from './function';
import { grantNeeds, type Resources } from './grants';

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/**
 * PublishPost: the Step Functions state machines (the Standard outer one and the Express FollowUp
 * it runs for each target's status checks and publish: infra/publishing/definition.ts), one
 * Lambda per platform running that platform's publish steps (bundling only that platform's
 * module, granted only that platform's credentials), and the finalize Lambda. The publish
 * functions are named `<stack>-publish-<platform>`, so a target's function is its platform
 * appended to a prefix (a definition substitution): the API knows only the state machine.
 */
export class Publishing extends Construct {
  readonly stateMachine: sfn.StateMachine;
  readonly followUp: sfn.StateMachine;
  readonly publishers: Record<Platform, OneClickFunction>;
  readonly finalize: OneClickFunction;

  constructor(scope: Construct, id: string, resources: Resources) {
    super(scope, id);
    this.publishers = {} as Record<Platform, OneClickFunction>;
    const publisherPrefix = `${Stack.of(this).stackName}-publish-`;
    for (const platform of platforms) {
      const fn = new OneClickFunction(this, `${capitalized(platform)}Publisher`, {
        entry: publishingFunctions.publishStep.entry(platform),
        functionName: `${publisherPrefix}${platform}`,
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

    // Express: billed by duration, not per state; its executions are logged (ALL, without data) like the outer one's.
    const followUpLogs = new logs.LogGroup(this, 'FollowUpLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.followUp = new sfn.StateMachine(this, 'PublishFollowUp', {
      stateMachineType: sfn.StateMachineType.EXPRESS,
      definitionBody: sfn.DefinitionBody.fromString(JSON.stringify(followUpDefinition())),
      logs: { destination: followUpLogs, level: sfn.LogLevel.ALL, includeExecutionData: false },
      tracingEnabled: true,
    });
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    this.stateMachine = new sfn.StateMachine(this, 'PublishPost', {
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromString(JSON.stringify(publishPostDefinition())),
      definitionSubstitutions: {
        [FINALIZE_PLACEHOLDER]: this.finalize.function.functionArn,
        [PUBLISH_FUNCTION_PREFIX_PLACEHOLDER]: publisherPrefix,
        [FOLLOW_UP_PLACEHOLDER]: this.followUp.stateMachineArn,
      },
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
      tracingEnabled: true,
    });
    for (const machine of [this.stateMachine, this.followUp]) {
      Validations.of(machine).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray tracing (PutTraceSegments, PutTelemetryRecords) and CloudWatch Logs delivery actions have no resource-level permissions.',
      });
    }
    // The outer machine invokes the publish functions (start, record failure) and finalize; the follow-up the publish functions.
    for (const [machine, functions] of [
      [this.stateMachine, [...Object.values(this.publishers), this.finalize]],
      [this.followUp, Object.values(this.publishers)],
    ] as const) {
      for (const fn of functions) {
        fn.function.grantInvoke(machine);
        const logicalId = Stack.of(this).getLogicalId(fn.function.node.defaultChild as CfnElement);
        Validations.of(machine).acknowledge({
          id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>:*]`,
          reason: 'lambda:InvokeFunction on this function\'s versions and aliases (the CDK grant); only our own publish functions.',
        });
      }
    }
    this.grantFollowUps();
  }

  /**
   * What the startExecution.sync:2 integration needs (Step Functions guide, "IAM policies for
   * calling AWS Step Functions"): start the follow-up, read and stop its executions, and the
   * managed EventBridge rule through which Step Functions learns that one ended.
   */
  private grantFollowUps(): void {
    const stack = Stack.of(this);
    this.followUp.grantStartExecution(this.stateMachine);
    this.followUp.grantExecution(this.stateMachine, 'states:DescribeExecution', 'states:StopExecution');
    this.stateMachine.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['events:PutTargets', 'events:PutRule', 'events:DescribeRule'],
        resources: [stack.formatArn({ service: 'events', resource: 'rule', resourceName: 'StepFunctionsGetEventsForStepFunctionsExecutionRule' })],
      }),
    );
    const machineId = stack.getLogicalId(this.followUp.node.defaultChild as CfnElement);
    const nameExpression = JSON.stringify({ 'Fn::Select': [6, { 'Fn::Split': [':', { Ref: machineId }] }] });
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
    Validations.of(this.stateMachine).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:${region}:${account}:execution:${nameExpression}:*]`,
      reason: 'DescribeExecution and StopExecution on the follow-up machine\'s executions only (the startExecution.sync integration).',
    });
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
