import { beforeAll, describe, expect, it } from 'vitest';
import { isPublicApiRoute, publicApiPath } from '../../shared/api/publicApi';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../../infra/app';
import { Auth } from '../../infra/constructs/auth';
import { tableKeys, tables, type TableDefinition } from '../../shared/resources/tables';
import { handlerGroupNames, publicEntryThrottle, routeIds, routeKey, routes, type RouteDefinition } from '../../shared/api/routes';
import { ApiOriginSecret, stageThrottle } from '../../infra/constructs/api';
import { defaultRateLimits } from '../../functions/http/rateLimit';
import { passwordPolicy } from '../../shared/resources/userPool';
import { platforms, type Platform } from '../../shared/platforms';
import { FINALIZE_PLACEHOLDER, FOLLOW_UP_PLACEHOLDER, followUpDefinition, PUBLISH_FUNCTION_PREFIX_PLACEHOLDER, publishPostDefinition } from '../../infra/publishing/definition';
import { credentialsParameterEnvName } from '../../functions/platforms/config';
import { handlerGroups } from '../../functions/handlers/groups';
import { OneClickFunction } from '../../infra/constructs/function';
import { bundleLambda } from '../support/lambdaBundle';

const webAssetPath = resolve(import.meta.dirname, '../fixtures/web');
let template: Template;
let stackName: string;

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
/** The logical id prefix of a platform's publish function. */
const publisherId = (platform: Platform) => `Publishing${capitalized(platform)}Publisher`;
/** The platforms whose credentials secret the policies of this function (logical id prefix) let it read. */
function parametersReadBy(functionPrefix: string): Platform[] {
  const policies = Object.entries(template.findResources('AWS::IAM::Policy')).filter(([id]) => id.startsWith(functionPrefix));
  expect(policies, functionPrefix).toHaveLength(1);
  const statements = policies[0]![1].Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>;
  const reading = statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('ssm:')));
  // Exactly GetParameter, on exact parameter ARNs (no wildcard, no path).
  for (const statement of reading) expect([statement.Action].flat()).toEqual(['ssm:GetParameter']);
  const text = JSON.stringify(reading.map((statement) => statement.Resource));
  expect(text).not.toContain('*');
  return platforms.filter((platform) => text.includes(`/platforms/${platform}"`));
}
let synthError: unknown;

// The whole stack is synthesized without bundling its ~30 functions (esbuild once per function
// took most of this file's minute); one function is bundled as `cdk deploy` bundles it below, and
// every function's bundle is built as the stack builds it by the bundle budgets' test.
beforeAll(() => {
  const { app, stack } = buildApp({ webAssetPath, skipBundling: true });
  try {
    app.synth();
  } catch (error) {
    synthError = error;
  }
  template = Template.fromStack(stack);
  stackName = stack.stackName;
});

describe('the stack', () => {
  it('synthesizes with zero unacknowledged cdk-nag AwsSolutions findings', () => {
    expect(synthError).toBeUndefined();
  });

  it('bundles a function with the local esbuild (no Docker) as the bundle budgets measure it, with its source map beside it', async () => {
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'oneclick-bundling-')) });
    const entry = handlerGroups.me.entry;
    new OneClickFunction(new Stack(app, 'Bundling'), 'Me', { entry, description: 'The bundling check' });
    const assembly = app.synth();
    const assets = readdirSync(assembly.directory).filter((name) => name.startsWith('asset.'));
    expect(assets).toHaveLength(1);
    const folder = join(assembly.directory, assets[0]!);
    expect(readdirSync(folder).sort()).toEqual(['index.mjs', 'index.mjs.map']);
    // The same bytes as the budgets' in-memory build, but for the line that names the source map.
    const bundled = readFileSync(join(folder, 'index.mjs'), 'utf8').replace(/\n\/\/# sourceMappingURL=index\.mjs\.map\n?$/, '\n');
    const measured = await bundleLambda(entry);
    expect(Buffer.byteLength(bundled)).toBe(measured.bytes);
    rmSync(assembly.directory, { recursive: true, force: true });
  });

  it('also passes cdk-nag for a concrete account and region, as `cdk synth` and `cdk deploy` resolve them', () => {
    const { app } = buildApp({ webAssetPath, skipBundling: true, env: { account: '123456789012', region: 'eu-central-1' } });
    expect(() => app.synth()).not.toThrow();
  });

  it('passes cdk-nag with a region but no account, as `cdk synth` resolves them on a machine with no AWS configuration', () => {
    // The CDK CLI defaults the region to us-east-1 when nothing configures one; the account stays unknown.
    const { app } = buildApp({ webAssetPath, skipBundling: true, env: { region: 'us-east-1' } });
    expect(() => app.synth()).not.toThrow();
  });

  describe('Cognito', () => {
    it('signs in with a verified email, self sign-up on, with the shared password policy', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        DeletionProtection: 'ACTIVE',
        Policies: {
          PasswordPolicy: Match.objectLike({
            MinimumLength: passwordPolicy.minLength,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          }),
        },
      });
    });

    it('gives the web client SRP and refresh only, no secret, no user-existence leaks', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        PreventUserExistenceErrors: 'ENABLED',
        ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      });
    });

    it('allows USER_PASSWORD_AUTH only when asked (LocalStack runs)', () => {
      const stack = new Stack(new App(), 'AuthOnly');
      new Auth(stack, 'Auth', { allowPasswordAuth: true });
      Template.fromStack(stack).hasResourceProperties('AWS::Cognito::UserPoolClient', {
        ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']),
      });
    });
  });

  describe('DynamoDB', () => {
    it.each(tableKeys)('creates the %s table with its keys, on-demand, PITR and TTL as defined', (key) => {
      const definition: TableDefinition = tables[key];
      template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
          ...(definition.sortKey ? [{ AttributeName: definition.sortKey.name, KeyType: 'RANGE' }] : []),
        ],
        Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, DeletionProtectionEnabled: true })],
        ...(definition.timeToLiveAttribute
          ? { TimeToLiveSpecification: { AttributeName: definition.timeToLiveAttribute, Enabled: true } }
          : {}),
        ...(definition.globalIndexes
          ? {
              GlobalSecondaryIndexes: definition.globalIndexes.map((index) =>
                Match.objectLike({ IndexName: index.indexName }),
              ),
            }
          : {}),
      });
    });

    it('retains every table on stack deletion', () => {
      const resources = template.findResources('AWS::DynamoDB::GlobalTable');
      expect(Object.keys(resources)).toHaveLength(tableKeys.length);
      for (const resource of Object.values(resources)) expect(resource.DeletionPolicy).toBe('Retain');
    });

    it('has a rotating KMS key for platform tokens', () => {
      template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    });
  });

  describe('S3', () => {
    it.each(['media', 'content'])('keeps the %s bucket private, TLS-only, encrypted, with browser CORS and multipart clean-up', (name) => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        BucketName: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([Match.stringLikeRegexp(`-${name}-`)])]) }),
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: Match.anyValue(),
        CorsConfiguration: {
          CorsRules: [Match.objectLike({ AllowedMethods: ['GET', 'PUT', 'HEAD'], ExposedHeaders: ['ETag'], AllowedOrigins: [Match.anyValue()] })],
        },
        LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } })]) },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: `s3/${name}/` }),
      });
    });

    it('denies every non-TLS request in each bucket policy', () => {
      const policies = template.findResources('AWS::S3::BucketPolicy');
      expect(Object.keys(policies).length).toBeGreaterThanOrEqual(4);
      for (const policy of Object.values(policies)) {
        expect(JSON.stringify(policy)).toContain('"aws:SecureTransport":"false"');
      }
    });
  });

  describe('API', () => {
    it('has exactly the routes of the route table, and the public API\'s again at /v1', () => {
      const keys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((route) => route.Properties.RouteKey);
      const publicApi = routeIds.filter(isPublicApiRoute).map((id) => routeKey({ ...routes[id], path: publicApiPath(routes[id].path) }));
      expect(keys.sort()).toEqual([...routeIds.map((id) => routeKey(routes[id])), ...publicApi].sort());
    });

    it('serves the public API at /v1 without the Cognito authorizer (the function verifies the API key)', () => {
      for (const id of routeIds.filter(isPublicApiRoute)) {
        template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: routeKey({ ...routes[id], path: publicApiPath(routes[id].path) }), AuthorizationType: 'NONE' });
      }
    });

    it('shares one integration and one invoke permission per function, so the stack stays under CloudFormation\'s 500 resources', () => {
      const functions = Object.keys(template.findResources('AWS::ApiGatewayV2::Integration')).length;
      expect(functions).toBe(handlerGroupNames.length);
      expect(Object.keys(template.findResources('AWS::Lambda::Permission', { Properties: { Principal: 'apigateway.amazonaws.com' } })).length).toBe(handlerGroupNames.length);
      expect(Object.keys(template.toJSON().Resources as object).length).toBeLessThan(500);
    });

    it('guards user routes with the Cognito JWT authorizer', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
      });
      for (const id of routeIds) {
        const route: RouteDefinition = routes[id];
        template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
          RouteKey: routeKey(route),
          AuthorizationType: route.auth === 'user' ? 'JWT' : 'NONE',
        });
      }
    });

    it('serves the API on the "api" stage with access logs and throttling', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: 'api',
        AutoDeploy: true,
        AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
        DefaultRouteSettings: { ThrottlingBurstLimit: stageThrottle.burst, ThrottlingRateLimit: stageThrottle.ratePerSecond },
      });
    });

    it('keeps the shared stage throttle a backstop far above one caller\'s own limit (a flood refuses only that caller)', () => {
      const perSecond = (limit: { requests: number; windowSeconds: number }) => limit.requests / limit.windowSeconds;
      expect(stageThrottle.ratePerSecond).toBeGreaterThanOrEqual(100 * perSecond(defaultRateLimits.user));
      expect(publicEntryThrottle.ratePerSecond).toBeGreaterThanOrEqual(40 * perSecond(defaultRateLimits.public));
      // The attacker sends 200 requests/s: that cannot use up a shared throttle.
      expect(publicEntryThrottle.ratePerSecond).toBeGreaterThan(200);
    });

    it('gives every API function the rate-limit table and the origin secret CloudFront sends', () => {
      const apiFunctions = Object.values(template.findResources('AWS::Lambda::Function')).filter((fn) =>
        String(fn.Properties.Description ?? '').startsWith('OneClick API:'),
      );
      expect(apiFunctions.length).toBe(handlerGroupNames.length);
      for (const fn of apiFunctions) {
        expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['TABLE_RATE_LIMITS', 'ONECLICK_ORIGIN_SECRET']));
      }
      template.hasResourceProperties('AWS::DynamoDB::GlobalTable', Match.objectLike({ TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true } }));
    });

    it('passes the viewer address to the API through a CloudFront Function, with the origin secret header', () => {
      template.hasResourceProperties('AWS::CloudFront::Function', {
        FunctionCode: Match.stringLikeRegexp("x-oneclick-viewer-address'\\] = \\{ value: event\\.viewer\\.ip \\}"),
        FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      });
      const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!;
      const apiOrigin = distribution.Properties.DistributionConfig.Origins.find((origin: { CustomOriginConfig?: unknown; OriginCustomHeaders?: unknown }) => origin.OriginCustomHeaders);
      // A random value kept in Secrets Manager, read through a dynamic reference (never the stack's id),
      // the same value the functions get as ONECLICK_ORIGIN_SECRET.
      const secrets = Object.entries(template.findResources('AWS::SecretsManager::Secret')).filter(([id]) => id.startsWith('ApiOriginSecret'));
      expect(secrets).toHaveLength(1);
      const [secretId, secretResource] = secrets[0]!;
      expect(secretResource.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
      const secret = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };
      expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: 'x-oneclick-origin-secret', HeaderValue: secret }]);
      expect(JSON.stringify(apiOrigin.OriginCustomHeaders)).not.toContain('AWS::StackId');
      const apiFunction = Object.values(template.findResources('AWS::Lambda::Function')).find((fn) => String(fn.Properties.Description ?? '').startsWith('OneClick API:'))!;
      expect(apiFunction.Properties.Environment.Variables.ONECLICK_ORIGIN_SECRET).toEqual(secret);
      const apiBehavior = distribution.Properties.DistributionConfig.CacheBehaviors.find((behavior: { PathPattern: string }) => behavior.PathPattern === '/api/*');
      expect(apiBehavior.FunctionAssociations).toHaveLength(1);
      expect(apiBehavior.FunctionAssociations[0].EventType).toBe('viewer-request');
      // The MCP server's OAuth metadata at the site root, rewritten to the API's routes (docs/mcp.md).
      const wellKnown = distribution.Properties.DistributionConfig.CacheBehaviors.find((behavior: { PathPattern: string }) => behavior.PathPattern === '/.well-known/oauth-*');
      expect(wellKnown.TargetOriginId).toBe(apiBehavior.TargetOriginId);
      template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: Match.stringLikeRegexp("r\\.uri = '/api/\\.well-known/' \\+ m\\[1\\]") });
    });

    it('runs each handler group on Node 24, arm64, with the table names it needs', () => {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Environment: { Variables: Match.objectLike({ TABLE_MEMBERSHIPS: Match.anyValue(), NODE_OPTIONS: '--enable-source-maps' }) },
        LoggingConfig: Match.objectLike({ LogFormat: 'JSON' }),
      });
    });

    it('grants the me function the memberships table, reading and updating the deleted-accounts records (never putting or deleting one), the rate-limit table every API function counts callers in, putting items in the activity log, and nothing else', () => {
      const policies = Object.entries(template.findResources('AWS::IAM::Policy')).filter(([id]) => id.startsWith('ApiMeFunction'));
      expect(policies).toHaveLength(1);
      const text = JSON.stringify(policies[0]![1]);
      expect(text).toContain('DataMembershipsTable');
      expect(text).toContain('DataRateLimitsTable');
      // Every API function's HTTP layer counts a user's calls on their deleted-accounts record and finds the tombstone
      // in the same UpdateItem (functions/http/rateLimit.ts): it may update an item there, never put or delete one.
      const statements = (policies[0]![1].Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>).filter((statement) => JSON.stringify(statement.Resource).includes('DataDeletedAccountsTable'));
      expect(statements.flatMap((statement) => statement.Action).filter((action) => /Put|Update|Delete|Write/.test(action))).toEqual(['dynamodb:UpdateItem']);
      // The activity log: every API function's HTTP layer adds to it (functions/http/activityRecorder.ts), PutItem only.
      const activity = (policies[0]![1].Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>).filter((statement) => JSON.stringify(statement.Resource).includes('DataActivityTable'));
      expect(activity.flatMap((statement) => statement.Action)).toEqual(['dynamodb:PutItem']);
      for (const other of tableKeys.filter((key) => key !== 'memberships' && key !== 'deletedAccounts' && key !== 'rateLimits' && key !== 'activity')) {
        expect(text).not.toContain(`Data${other[0]!.toUpperCase()}${other.slice(1)}Table`);
      }
    });
  });

  describe('platform connections', () => {
    it('keeps each platform\'s app credentials in a SecureString parameter of its own (put by the operator), which the functions serving every platform may read', () => {
      // CloudFormation cannot create a SecureString: the stack creates no parameter and no secret for them.
      template.resourceCountIs('AWS::SSM::Parameter', 0);
      expect(Object.keys(template.findResources('AWS::SecretsManager::Secret')).filter((id) => id.startsWith('PlatformAccess'))).toEqual([]);
      for (const prefix of ['ApiConnectionsFunction', 'JobsRefreshTokensFunction', 'JobsRefreshMetricsFunction']) {
        const functions = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => id.startsWith(prefix));
        expect(functions, prefix).toHaveLength(1);
        const variables = functions[0]![1].Properties.Environment.Variables;
        expect(Object.keys(variables)).toEqual(expect.arrayContaining(['TOKEN_KEY_ID', ...platforms.map(credentialsParameterEnvName), 'ONECLICK_SITE_URL', 'TABLE_CONNECTIONS']));
        for (const platform of platforms) expect(variables[credentialsParameterEnvName(platform)]).toBe(`/oneclick/${stackName}/platforms/${platform}`);
        expect(parametersReadBy(prefix).sort()).toEqual([...platforms].sort());
      }
    });

    it('grants no function Parameter Store or Secrets Manager rights beyond its own exact parameters', () => {
      for (const [id, policy] of Object.entries(template.findResources('AWS::IAM::Policy'))) {
        for (const statement of policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>) {
          const actions = [statement.Action].flat();
          if (actions.some((action) => action.startsWith('ssm:'))) {
            expect(actions, id).toEqual(['ssm:GetParameter']);
            expect(JSON.stringify(statement.Resource), id).not.toContain('*');
          }
          expect(actions.filter((action) => action.startsWith('secretsmanager:') && !/^secretsmanager:(GetSecretValue|DescribeSecret)$/.test(action)), id).toEqual([]);
        }
      }
    });

    it('lets them use the token key for envelope encryption only (GenerateDataKey, Decrypt)', () => {
      const policy = Object.entries(template.findResources('AWS::IAM::Policy')).find(([id]) => id.startsWith('ApiConnectionsFunction'))![1];
      const statements = policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>;
      const kms = statements.find((statement) => JSON.stringify(statement.Action).includes('kms:'))!;
      expect([kms.Action].flat().sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
      expect(JSON.stringify(kms.Resource)).toContain('DataTokenKey');
    });

    it('does not give the me function any platform access', () => {
      const policy = Object.entries(template.findResources('AWS::IAM::Policy')).find(([id]) => id.startsWith('ApiMeFunction'))![1];
      expect(JSON.stringify(policy)).not.toMatch(/kms:|secretsmanager:|ssm:/);
    });

    it('runs the token refresh job every 15 minutes', () => {
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'rate(15 minutes)',
        State: 'ENABLED',
        Target: Match.objectLike({ Arn: Match.objectLike({ 'Fn::GetAtt': Match.arrayWith([Match.stringLikeRegexp('^JobsRefreshTokensFunction')]) }) }),
      });
    });
  });

  describe('publishing', () => {
    it('deploys the same PublishPost definitions the twin runs: the Standard outer machine and the Express follow-up, with their substitutions', () => {
      const machines = Object.values(template.findResources('AWS::StepFunctions::StateMachine'));
      expect(machines).toHaveLength(2);
      const machine = machines.find((candidate) => candidate.Properties.StateMachineType === 'STANDARD')!;
      const followUp = machines.find((candidate) => candidate.Properties.StateMachineType === 'EXPRESS')!;
      expect(machine.Properties.DefinitionString).toEqual(JSON.stringify(publishPostDefinition()));
      expect(followUp.Properties.DefinitionString).toEqual(JSON.stringify(followUpDefinition()));
      const substitutions = machine.Properties.DefinitionSubstitutions;
      expect(Object.keys(substitutions).sort()).toEqual([FINALIZE_PLACEHOLDER, FOLLOW_UP_PLACEHOLDER, PUBLISH_FUNCTION_PREFIX_PLACEHOLDER].sort());
      expect(JSON.stringify(substitutions[FINALIZE_PLACEHOLDER])).toContain('PublishingFinalizePost');
      expect(JSON.stringify(substitutions[FOLLOW_UP_PLACEHOLDER])).toContain('PublishingPublishFollowUp');
      // A target's function is the prefix and its platform: each publish function carries exactly that name.
      for (const platform of platforms) {
        const [, fn] = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith(`${publisherId(platform)}Function`))!;
        expect(fn.Properties.FunctionName, platform).toBe(`${substitutions[PUBLISH_FUNCTION_PREFIX_PLACEHOLDER]}${platform}`);
      }
      for (const candidate of [machine, followUp]) {
        expect(candidate.Properties.TracingConfiguration).toEqual({ Enabled: true });
        expect(candidate.Properties.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: false });
      }
    });

    it('lets the outer machine run follow-ups (start, describe, stop, and the managed rule of .sync) and the follow-up invoke only the publish functions', () => {
      const roleOf = (type: string) => {
        const [, machine] = Object.entries(template.findResources('AWS::StepFunctions::StateMachine')).find(([, candidate]) => candidate.Properties.StateMachineType === type)!;
        const roleId = (machine.Properties.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
        const policy = Object.values(template.findResources('AWS::IAM::Policy')).find((candidate) => JSON.stringify(candidate.Properties.Roles).includes(roleId))!;
        return policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>;
      };
      const actions = (statements: Array<{ Action: string | string[] }>) => new Set(statements.flatMap((statement) => [statement.Action].flat()));
      const outer = roleOf('STANDARD');
      expect([...actions(outer)]).toEqual(expect.arrayContaining(['states:StartExecution', 'states:DescribeExecution', 'states:StopExecution', 'events:PutTargets', 'events:PutRule', 'events:DescribeRule', 'lambda:InvokeFunction']));
      const rule = outer.find((statement) => [statement.Action].flat().includes('events:PutRule'))!;
      expect(JSON.stringify(rule.Resource)).toContain('rule/StepFunctionsGetEventsForStepFunctionsExecutionRule');
      const inner = roleOf('EXPRESS');
      expect([...actions(inner)].filter((action) => !action.startsWith('xray:') && !action.startsWith('logs:'))).toEqual(['lambda:InvokeFunction']);
      const invoked = JSON.stringify(inner.filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction')).map((statement) => statement.Resource));
      for (const platform of platforms) expect(invoked).toContain(`${publisherId(platform)}Function`);
      expect(invoked).not.toContain('FinalizePost');
    });

    it('has one publish function per platform, 15 minutes each, reading only its own platform\'s parameter', () => {
      for (const platform of platforms) {
        const functions = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => id.startsWith(`${publisherId(platform)}Function`));
        expect(functions, platform).toHaveLength(1);
        const properties = functions[0]![1].Properties;
        expect(properties.Timeout).toBe(900);
        const variables = Object.keys(properties.Environment.Variables);
        expect(variables).toEqual(expect.arrayContaining(['TABLE_POSTS', 'BUCKET_MEDIA', 'TOKEN_KEY_ID', credentialsParameterEnvName(platform)]));
        for (const other of platforms.filter((candidate) => candidate !== platform)) expect(variables).not.toContain(credentialsParameterEnvName(other));
        expect(parametersReadBy(`${publisherId(platform)}Function`)).toEqual([platform]);
      }
    });

    it('lets the state machine invoke every platform\'s publish function', () => {
      const role = Object.entries(template.findResources('AWS::IAM::Policy')).find(([id]) => id.startsWith('PublishingPublishPostRole'))![1];
      const text = JSON.stringify(role);
      for (const platform of platforms) expect(text).toContain(`Publishing${platform[0]!.toUpperCase()}${platform.slice(1)}Publisher`);
    });

    it('lets the posts API start executions, telling it the state machine and no function names', () => {
      const posts = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith('ApiPostsFunction'))![1];
      const variables = Object.keys(posts.Properties.Environment.Variables);
      expect(variables).toContain('STATE_MACHINE_ARN');
      expect(variables.filter((name) => /FUNCTION/.test(name))).toEqual([]);
      const policy = Object.entries(template.findResources('AWS::IAM::Policy')).find(([id]) => id.startsWith('ApiPostsFunction'))![1];
      expect(JSON.stringify(policy)).toContain('states:StartExecution');
      expect(JSON.stringify(policy)).not.toMatch(/kms:|secretsmanager:|ssm:/);
    });
  });

  describe('web distribution', () => {
    it('serves the SPA from a private bucket through origin access control, falling back to index.html', () => {
      template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          CustomErrorResponses: [
            { ErrorCode: 403, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
            { ErrorCode: 404, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
          ],
          DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
          Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
        }),
      });
    });

    it('routes /api/* to the HTTP API uncached, and config.json uncached', () => {
      const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!;
      const behaviors = distribution.Properties.DistributionConfig.CacheBehaviors as Array<{ PathPattern: string; CachePolicyId: string; AllowedMethods?: string[] }>;
      const api = behaviors.find((behavior) => behavior.PathPattern === '/api/*');
      expect(api?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
      expect(api?.AllowedMethods).toContain('POST');
      expect(behaviors.find((behavior) => behavior.PathPattern === '/config.json')?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    });

    it('sends security headers: CSP naming Cognito, HSTS, no framing, strict referrer', () => {
      const policy = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!;
      const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
      const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain('https://cognito-idp.');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
      expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
      expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    });

    it('publishes the site and a config.json with the stack\'s outputs', () => {
      const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment'));
      expect(deployments).toHaveLength(2);
      const config = JSON.stringify(deployments);
      expect(config).toContain('config.json');
    });
  });
  describe('operations: the serverless essentials cdk-nag does not check', () => {
    const alarmsNamed = (fragment: string) =>
      Object.entries(template.findResources('AWS::CloudWatch::Alarm')).filter(([logicalId]) => logicalId.includes(fragment));

    it('alarms on failed, timed-out and throttled publish executions, to the alarm topic', () => {
      for (const metric of ['ExecutionsFailed', 'ExecutionsTimedOut', 'ExecutionThrottled']) {
        template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          Namespace: 'AWS/States',
          MetricName: metric,
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          AlarmActions: [Match.objectLike({ Ref: Match.stringLikeRegexp('AlarmTopic') })],
        });
      }
    });

    it('alarms on a wave of failed targets and on each platform\'s failure rate, from the finalize step\'s metrics, in one query each', () => {
      const query = (id: string) => {
        const [alarm] = alarmsNamed(id);
        expect(alarm, id).toBeDefined();
        const metrics = alarm![1].Properties.Metrics as Array<{ Expression?: string; MetricStat?: unknown; Period?: number }>;
        expect(metrics, id).toHaveLength(1);
        return { alarm: alarm![1].Properties, expression: metrics[0]!.Expression!, period: metrics[0]!.Period };
      };
      const wave = query('FailedPublishTargets');
      expect(wave.expression).toBe(`SELECT SUM(TargetsFailed) FROM SCHEMA("OneClick", Platform, service) WHERE service = 'oneclick'`);
      expect([wave.alarm.Threshold, wave.period]).toEqual([5, 900]);
      const rate = query('PlatformFailureRate');
      expect(rate.expression).toBe(`SELECT AVG(TargetFailureRate) FROM SCHEMA("OneClick", Platform, service) WHERE service = 'oneclick' GROUP BY Platform`);
      expect([rate.alarm.Threshold, rate.period]).toEqual([0.5, 900]);
      template.resourceCountIs('AWS::Logs::MetricFilter', 0);
    });

    it('keeps every alarm\'s meaning in ten alarms that list 7 metrics (within the 10 free), whatever the number of functions, tables and platforms', () => {
      const alarms = Object.entries(template.findResources('AWS::CloudWatch::Alarm'));
      const names = alarms.map(([id]) => id.replace(/^Monitoring/, '').replace(/[0-9A-F]{8}$/, '')).sort();
      expect(names).toEqual(
        ['Api5xx', 'DeadLetters', 'FailedPublishTargets', 'FunctionErrors', 'FunctionThrottles', 'PlatformFailureRate', 'PublishExecutionsFailed', 'PublishExecutionsThrottled', 'PublishExecutionsTimedOut', 'TablesThrottled'].sort(),
      );
      const listed = alarms.reduce((sum, [, alarm]) => sum + (alarm.Properties.MetricName ? 1 : (alarm.Properties.Metrics as Array<{ MetricStat?: unknown }>).filter((metric) => metric.MetricStat).length), 0);
      expect(listed).toBe(7);
      for (const [id, alarm] of alarms) {
        expect(alarm.Properties.AlarmDescription, id).toBeTruthy();
        expect(JSON.stringify(alarm.Properties.AlarmActions), id).toContain('AlarmTopic');
      }
    });

    it('has one customer-managed key, which encrypts the alarm topic too and lets CloudWatch use it for that topic\'s messages only', () => {
      template.resourceCountIs('AWS::KMS::Key', 1);
      const key = Object.values(template.findResources('AWS::KMS::Key'))[0]!;
      const cloudwatch = (key.Properties.KeyPolicy.Statement as Array<{ Principal?: { Service?: string }; Action: string[]; Condition?: Record<string, Record<string, unknown>> }>).filter(
        (statement) => statement.Principal?.Service === 'cloudwatch.amazonaws.com',
      );
      expect(cloudwatch).toHaveLength(1);
      expect(cloudwatch[0]!.Action.sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey*']);
      expect(JSON.stringify(cloudwatch[0]!.Condition!['StringEquals']!['kms:EncryptionContext:aws:sns:topicArn'])).toContain(':sns:');
      expect(cloudwatch[0]!.Condition!['StringEquals']!['aws:SourceAccount']).toBeDefined();
      expect(JSON.stringify(cloudwatch[0]!.Condition!['ArnLike']!['aws:SourceArn'])).toContain(':alarm:*');
      const topic = Object.values(template.findResources('AWS::SNS::Topic'))[0]!;
      expect(JSON.stringify(topic.Properties.KmsMasterKeyId)).toContain('DataTokenKey');
    });

    it('has one operator dashboard: published, failed (and why), failure rate, lateness, platform spend and waiting per platform, the API\'s errors and latency, the executions', () => {
      const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard'));
      expect(dashboards).toHaveLength(1);
      const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
      for (const metric of ['TargetsPublished', 'TargetsWaiting', 'TargetsFailed', 'TargetFailureRate', 'PublishLatenessSeconds', 'PlatformApiSpend', 'GROUP BY Platform, Reason', 'ExecutionsStarted', 'ExecutionsFailed', 'Latency', '5xx', '4xx']) {
        expect(body, metric).toContain(metric);
      }
      // Within the free dashboards' 50 metrics.
      expect((body.match(/AWS\/ApiGateway|AWS\/States|SELECT /g) ?? []).length).toBeLessThanOrEqual(50);
    });

    it('alarms on any Lambda error or throttle in the account (OneClick has an account of its own)', () => {
      for (const metric of ['Errors', 'Throttles']) {
        const alarm = Object.values(template.findResources('AWS::CloudWatch::Alarm')).find(
          (candidate) => candidate.Properties.Namespace === 'AWS/Lambda' && candidate.Properties.MetricName === metric,
        );
        expect(alarm?.Properties.Dimensions, metric).toBeUndefined();
        expect(alarm?.Properties.Threshold).toBe(1);
      }
    });

    it('alarms on API 5xx and on DynamoDB throttling of every table, in one query', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/ApiGateway', MetricName: '5xx' });
      const [tables] = alarmsNamed('TablesThrottled');
      expect(tables![1].Properties.Metrics).toEqual([expect.objectContaining({ Expression: 'SELECT SUM(ThrottledRequests) FROM SCHEMA("AWS/DynamoDB", Operation, TableName)' })]);
    });

    it('sends an undeliverable job event to an encrypted dead-letter queue, and alarms on it', () => {
      const schedules = Object.values(template.findResources('AWS::Scheduler::Schedule'));
      expect(schedules.length).toBeGreaterThan(0);
      for (const schedule of schedules) {
        expect(schedule.Properties.Target.DeadLetterConfig).toMatchObject({ Arn: expect.anything() });
        expect(schedule.Properties.Target.RetryPolicy).toMatchObject({ MaximumRetryAttempts: 2 });
      }
      template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 1209600 });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible' });
    });

    it('publishes alarms on a KMS-encrypted, TLS-only topic, with an e-mail subscription when configured', () => {
      template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
      const { app, stack } = buildApp({ webAssetPath, skipBundling: true, context: { 'oneclick:alarmEmail': 'ops@example.com' } });
      app.synth();
      Template.fromStack(stack).hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    });

    it('keeps every log group for a month, not forever', () => {
      const groups = Object.values(template.findResources('AWS::Logs::LogGroup'));
      expect(groups.length).toBeGreaterThan(5);
      for (const group of groups) expect(group.Properties.RetentionInDays).toBe(30);
    });

    it('versions the media and content buckets, expiring old versions after a week', () => {
      for (const name of ['media', 'content']) {
        template.hasResourceProperties('AWS::S3::Bucket', {
          BucketName: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([Match.stringLikeRegexp(`-${name}-`)])]) }),
          VersioningConfiguration: { Status: 'Enabled' },
          LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 7 }, ExpiredObjectDeleteMarker: true })]) },
        });
      }
    });

    it('throttles the public entry points harder than the stage default', () => {
      const throttled = routeIds.map((id) => routes[id] as RouteDefinition).filter((route) => route.throttle);
      expect(throttled.map((route) => route.path)).toEqual(expect.arrayContaining(['/connections/{platform}/callback', '/module-tokens', '/module-sessions', '/generate-custom-token']));
      const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0]!;
      for (const route of throttled) {
        expect(stage.Properties.RouteSettings[routeKey(route)]).toEqual({ ThrottlingRateLimit: route.throttle!.ratePerSecond, ThrottlingBurstLimit: route.throttle!.burst });
      }
    });

    it('has no CORS on the API: only the site (same origin, through CloudFront) can call it from a browser', () => {
      for (const api of Object.values(template.findResources('AWS::ApiGatewayV2::Api'))) expect(api.Properties.CorsConfiguration).toBeUndefined();
    });
  });
});

describe('the API origin secret', () => {
  it('names the version deployed with oneclick:originSecretVersion, so a rotation changes the reference CloudFront and the functions resolve', () => {
    const stack = new Stack(new App({ context: { 'oneclick:originSecretVersion': 'v-2026-rotated' } }), 'Rotated');
    const originSecret = new ApiOriginSecret(stack, 'OriginSecret');
    expect(JSON.stringify(stack.resolve(originSecret.value))).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:::v-2026-rotated\}\}/);
  });
});
