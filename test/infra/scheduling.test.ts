import { beforeAll, describe, expect, it } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { unbundledTemplate } from '../support/unbundledTemplate';

let template: Template;

beforeAll(() => {
  template = unbundledTemplate();
});

type Statement = { Action: string | string[]; Resource: unknown };

describe('scheduling in the stack', () => {
  it('lets the posts API stop PublishPost executions (cancel, reschedule, edit) and nothing else of Step Functions beyond starting them', () => {
    const policy = Object.entries(template.findResources('AWS::IAM::Policy')).find(([id]) => id.startsWith('ApiPostsFunction'))![1];
    const statements = policy.Properties.PolicyDocument.Statement as Statement[];
    const states = statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('states:')));
    expect(states.flatMap((statement) => [statement.Action].flat()).sort()).toEqual(['states:StartExecution', 'states:StopExecution']);
    const stop = states.find((statement) => [statement.Action].flat().includes('states:StopExecution'))!;
    const resource = JSON.stringify(stop.Resource);
    expect(resource).toContain(':execution:');
    expect(resource).toMatch(/PublishingPublishPost/);
  });
});
