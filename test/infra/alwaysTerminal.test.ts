import { beforeAll, describe, expect, it } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { unbundledTemplate } from '../support/unbundledTemplate';
import { FINISH_STATE, followUpDefinition, publishPostDefinition } from '../../infra/publishing/definition';
import { scheduledJobs } from '../../functions/handlers/groups';

let template: Template;

beforeAll(() => {
  template = unbundledTemplate();
});

type State = { Type: string; Catch?: Array<{ ErrorEquals: string[]; Next: string }>; Retry?: unknown[]; Next?: string; End?: boolean; ItemProcessor?: { States: Record<string, State> } };
type Statement = { Action: string | string[]; Resource: unknown };

/** Every state of the definition, the Map's inner ones too, with the path to it. */
function allStates(states: Record<string, State>, path = ''): Array<[string, State]> {
  return Object.entries(states).flatMap(([name, state]) => [[`${path}${name}`, state] as [string, State], ...(state.ItemProcessor ? allStates(state.ItemProcessor.States, `${path}${name} › `) : [])]);
}

/** The states that can fail and take a Catch (Task, Map, Parallel); Wait, Choice, Pass and Succeed cannot take one. */
const failable = (state: State) => ['Task', 'Map', 'Parallel'].includes(state.Type);

describe('PublishPost always ends terminal', () => {
  const definition = publishPostDefinition() as unknown as { States: Record<string, State> };
  const followUp = followUpDefinition() as unknown as { States: Record<string, State> };
  const states = [...allStates(definition.States), ...allStates(followUp.States, 'FollowUp › ')];

  it('catches every error of every state that can fail, except the last resort', () => {
    const uncaught = states.filter(([name, state]) => failable(state) && name !== FINISH_STATE && !state.Catch?.some((rule) => rule.ErrorEquals.includes('States.ALL')));
    expect(uncaught.map(([name]) => name)).toEqual([]);
    // The ones named in the issue, explicitly.
    for (const name of ['Publish targets', 'Publish targets › Start', 'Publish targets › Follow up', 'Publish targets › Resume follow-up', 'Publish targets › Record failure', 'FollowUp › Step', 'FollowUp › Record failure', 'Finalize']) {
      expect(states.find(([candidate]) => candidate === name)?.[1].Catch, name).toBeDefined();
    }
  });

  it('sends what the Map and Finalize cannot handle to the step that finishes the rest, which retries and then fails the execution (alarmed)', () => {
    expect(definition.States['Publish targets']!.Catch![0]!.Next).toBe(FINISH_STATE);
    expect(definition.States['Finalize']!.Catch![0]!.Next).toBe(FINISH_STATE);
    const last = definition.States[FINISH_STATE]!;
    expect(last).toMatchObject({ Type: 'Task', End: true });
    expect(last.Retry?.length).toBeGreaterThan(0);
    expect(last.Catch).toBeUndefined();
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/States', MetricName: 'ExecutionsFailed' });
  });

  it('deploys that definition', () => {
    const machine = Object.values(template.findResources('AWS::StepFunctions::StateMachine')).find((candidate) => candidate.Properties.StateMachineType === 'STANDARD')!;
    expect(JSON.stringify(machine.Properties.DefinitionString)).toContain(FINISH_STATE);
  });
});

describe('the reconciler in the stack', () => {
  const functionId = () => Object.keys(template.findResources('AWS::Lambda::Function')).find((id) => id.startsWith('JobsReconcilePostsFunction'))!;

  it('runs every minute on EventBridge Scheduler, with retries and a dead-letter queue', () => {
    expect(scheduledJobs.reconcilePosts.everyMinutes).toBe(1);
    const schedules = Object.values(template.findResources('AWS::Scheduler::Schedule'));
    const schedule = schedules.find((candidate) => JSON.stringify(candidate.Properties.Target.Arn).includes(functionId()));
    expect(schedule, 'a schedule targeting the reconciler').toBeDefined();
    expect(schedule!.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED', FlexibleTimeWindow: { Mode: 'OFF' } });
    expect(schedule!.Properties.Target.RetryPolicy).toMatchObject({ MaximumRetryAttempts: 2 });
    expect(schedule!.Properties.Target.DeadLetterConfig).toMatchObject({ Arn: expect.anything() });
  });

  it('may start, describe and stop PublishPost executions, read and write the posts table, and nothing else of Step Functions', () => {
    const policy = Object.entries(template.findResources('AWS::IAM::Policy')).find(([id]) => id.startsWith('JobsReconcilePostsFunction'))![1];
    const statements = policy.Properties.PolicyDocument.Statement as Statement[];
    const states = statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('states:')));
    expect(states.flatMap((statement) => [statement.Action].flat()).sort()).toEqual(['states:DescribeExecution', 'states:StartExecution', 'states:StopExecution']);
    for (const statement of states) {
      const resource = JSON.stringify(statement.Resource);
      expect(resource).toMatch(/PublishingPublishPost/);
      if ([statement.Action].flat().includes('states:DescribeExecution')) expect(resource).toContain(':execution:');
    }
    const tables = JSON.stringify(statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:'))).map((statement) => statement.Resource));
    expect(tables).toMatch(/DataPostsTable|Posts/);
    expect(JSON.stringify(statements)).not.toMatch(/kms:|secretsmanager:|s3:/);
    const fn = template.findResources('AWS::Lambda::Function')[functionId()]!;
    const variables = Object.keys(fn.Properties.Environment.Variables);
    expect(variables).toEqual(expect.arrayContaining(['STATE_MACHINE_ARN', 'TABLE_POSTS']));
    expect(variables.filter((name) => name.startsWith('PUBLISHER_FUNCTION_'))).toEqual([]);
  });
});
