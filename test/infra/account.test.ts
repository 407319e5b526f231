import { beforeAll, describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { unbundledTemplate } from '../support/unbundledTemplate';

let template: Template;

beforeAll(() => {
  template = unbundledTemplate();
});

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
/** Inline and overflow policies: CDK moves statements into a managed policy once a role's inline one is full. */
const policies = () => [...Object.entries(template.findResources('AWS::IAM::Policy')), ...Object.entries(template.findResources('AWS::IAM::ManagedPolicy'))];
const statementsOf = (prefix: string): Statement[] =>
  policies()
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

  it('lets the account function start the export and the deletion (InvokeFunction on those two alone), with no bucket-listing rights', () => {
    const invokes = statementsOf('ApiAccountFunction').filter((statement) => actions(statement).includes('lambda:InvokeFunction'));
    expect(invokes.map((statement) => JSON.stringify(statement.Resource).match(/Tasks(\w+?)Function/)?.[1]).sort()).toEqual(['DeleteAccount', 'ExportData']);
    expect(JSON.stringify(statementsOf('ApiAccountFunction'))).not.toMatch(/states:|kms:/);
    const fn = functionOf('ApiAccountFunction');
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['EXPORT_DATA_FUNCTION_NAME', 'DELETE_ACCOUNT_FUNCTION_NAME', 'TABLE_DELETED_ACCOUNTS', 'TABLE_MEMBERSHIPS', 'BUCKET_EXPORTS']));
  });

  it('lets the account function turn a user\'s sign-in off (AdminDisableUser on the pool, nothing else of Cognito) before it answers a deletion; no other function may', () => {
    const cognito = statementsOf('ApiAccountFunction').filter((statement) => actions(statement).some((action) => action.startsWith('cognito-idp:')));
    expect(cognito.map(actions)).toEqual([['cognito-idp:AdminDisableUser']]);
    expect(JSON.stringify(cognito[0]!.Resource)).toContain('AuthUserPool');
    expect(Object.keys(functionOf('ApiAccountFunction').Properties.Environment.Variables)).toContain('USER_POOL_ID');
    for (const [id, policy] of policies().filter(([id]) => !id.startsWith('ApiAccountFunction'))) {
      expect(JSON.stringify(policy), id).not.toMatch(/cognito-idp:AdminDisableUser/);
    }
  });

  it('runs the deletion as its own 15-minute function, the only one that signs users out and deletes them', () => {
    const fn = functionOf('TasksDeleteAccountFunction');
    expect(fn.Properties).toMatchObject({ Timeout: 900 });
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['USER_POOL_ID', 'STATE_MACHINE_ARN', 'TOKEN_KEY_ID', 'TABLE_DELETED_ACCOUNTS', 'BUCKET_EXPORTS']));
    const cognito = statementsOf('TasksDeleteAccountFunction').filter((statement) => actions(statement).some((action) => action.startsWith('cognito-idp:')));
    expect(cognito.map(actions)).toEqual([['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser']]);
    expect(JSON.stringify(cognito[0]!.Resource)).toContain('AuthUserPool');
    for (const [id, policy] of policies().filter(([id]) => !id.startsWith('TasksDeleteAccountFunction'))) {
      expect(JSON.stringify(policy), id).not.toMatch(/cognito-idp:Admin(DeleteUser|UserGlobalSignOut)/);
    }
  });

  it('keeps the tombstones in their own table, expiring by TTL, readable by every API function', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', Match.objectLike({ TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true }, KeySchema: [{ AttributeName: 'userId', KeyType: 'HASH' }] }));
    const apiFunctions = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => id.startsWith('Api') && id.includes('Function'));
    expect(apiFunctions.length).toBeGreaterThanOrEqual(8);
    for (const [id, fn] of apiFunctions) {
      if (!fn.Properties.Environment?.Variables?.['ONECLICK_SITE_URL']) continue;
      expect(Object.keys(fn.Properties.Environment.Variables), id).toContain('TABLE_DELETED_ACCOUNTS');
    }
  });

  it('lets the deletion and export tasks list the buckets (a user\'s prefix), and no API function', () => {
    const listers = policies()
      .filter(([, policy]) => JSON.stringify(policy).includes('s3:ListBucket'))
      .map(([id]) => id.replace(/FunctionServiceRole.*$/, ''));
    expect([...new Set(listers)].sort()).toEqual(['TasksDeleteAccount', 'TasksExportData']);
  });
});
