import { beforeAll, describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { resolve } from 'node:path';
import { buildApp } from '../../infra/app';

const webAssetPath = resolve(import.meta.dirname, '../fixtures/web');
let template: Template;

beforeAll(() => {
  const { app, stack } = buildApp({ webAssetPath });
  app.synth();
  template = Template.fromStack(stack);
});

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
const statementsOf = (prefix: string): Statement[] =>
  Object.entries(template.findResources('AWS::IAM::Policy'))
    .filter(([id]) => id.startsWith(prefix))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
const functionOf = (prefix: string) => {
  const found = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => id.startsWith(prefix));
  expect(found, prefix).toHaveLength(1);
  return found[0]![1];
};
const actions = (statement: Statement) => [statement.Action].flat();

describe('your data: exports bucket, export task, account function', () => {
  it('keeps archives in a private bucket without CORS whose objects expire after 3 days', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([Match.stringLikeRegexp('-exports-')])]) }),
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true, RestrictPublicBuckets: true }),
      CorsConfiguration: Match.absent(),
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ ExpirationInDays: 3, Status: 'Enabled' })]) },
    });
  });

  it('runs the export as its own function, 15 minutes, with room in /tmp for the archive', () => {
    const fn = functionOf('TasksExportDataFunction');
    expect(fn.Properties).toMatchObject({ Timeout: 900, EphemeralStorage: { Size: 10240 } });
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['BUCKET_EXPORTS', 'BUCKET_MEDIA', 'BUCKET_CONTENT', 'TABLE_POSTS', 'TABLE_MEMBERSHIPS']));
    expect(JSON.stringify(statementsOf('TasksExportDataFunction'))).not.toMatch(/kms:|secretsmanager:|cognito-idp:/);
  });

  it('lets only the account function start the export (InvokeFunction on that function alone) and delete Cognito users', () => {
    const invokes = statementsOf('ApiAccountFunction').filter((statement) => actions(statement).includes('lambda:InvokeFunction'));
    expect(invokes).toHaveLength(1);
    expect(JSON.stringify(invokes[0]!.Resource)).toContain('TasksExportDataFunction');
    const deletes = statementsOf('ApiAccountFunction').filter((statement) => actions(statement).some((action) => action.startsWith('cognito-idp:')));
    expect(deletes.map(actions)).toEqual([['cognito-idp:AdminDeleteUser']]);
    expect(JSON.stringify(deletes[0]!.Resource)).toContain('AuthUserPool');
    const fn = functionOf('ApiAccountFunction');
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['USER_POOL_ID', 'EXPORT_DATA_FUNCTION_NAME', 'STATE_MACHINE_ARN', 'TOKEN_KEY_ID']));
    for (const [id] of Object.entries(template.findResources('AWS::IAM::Policy')).filter(([id]) => !id.startsWith('ApiAccountFunction'))) {
      expect(JSON.stringify(template.findResources('AWS::IAM::Policy')[id]), id).not.toContain('cognito-idp:AdminDeleteUser');
    }
  });

  it('lets the account and export functions list the buckets (a user\'s prefix), and no API function else', () => {
    const listers = Object.entries(template.findResources('AWS::IAM::Policy'))
      .filter(([, policy]) => JSON.stringify(policy).includes('s3:ListBucket'))
      .map(([id]) => id.replace(/FunctionServiceRole.*$/, ''));
    expect(listers.sort()).toEqual(['ApiAccount', 'TasksExportData']);
  });
});
