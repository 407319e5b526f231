import { Aws, RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { routeIds, routeKey, routes, handlerGroupNames, type HandlerGroupName, type RouteDefinition } from '../../shared/api/routes';
import { handlerGroups } from '../../functions/handlers/groups';
import { isPublicApiRoute, publicApiPath } from '../../shared/api/publicApi';
import { OneClickFunction } from './function';
import { apiBasePath } from './apiPath';
import type { Auth } from './auth';
import { grantNeeds, type Resources } from './grants';

/** Per-route throttle of the stage (every route without its own): shared by all callers. */
export const stageThrottle = { ratePerSecond: 2000, burst: 5000 } as const;

/**
 * What CloudFront sends the API in a header so the functions can believe the viewer address it
 * passes: a random value Secrets Manager generates, which both read through a CloudFormation
 * dynamic reference ({{resolve:secretsmanager:…}}) at deploy time, so it is written in no
 * template. Rotated by giving the secret a new value and deploying again (docs/decisions.md).
 */
export class ApiOriginSecret extends Construct {
  readonly secret: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: 'OneClick: the header CloudFront sends the API so it believes the viewer address. Rotate: put a new random value, then deploy with its VersionId (docs/decisions.md).',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'CloudFront reads the value only when the stack is deployed, so a rotation Lambda could not reach it: it is rotated by a new value and a deploy (docs/decisions.md).',
    });
  }

  /**
   * The dynamic reference CloudFormation resolves to the secret's value at deploy time. CloudFormation
   * resolves it again only when the reference changes, so a rotation names the new version
   * (context `oneclick:originSecretVersion`, the VersionId put-secret-value answers).
   */
  get value(): string {
    const versionId = this.node.tryGetContext('oneclick:originSecretVersion') as string | undefined;
    return (versionId ? SecretValue.secretsManager(this.secret.secretArn, { versionId }) : this.secret.secretValue).unsafeUnwrap();
  }
}

export interface ApiProps {
  readonly auth: Auth;
  readonly resources: Resources;
}

/**
 * The HTTP API, built from the shared route table: one Lambda per handler group, each granted
 * exactly the tables and buckets its group declares; a Cognito JWT authorizer on 'user' routes.
 *
 * The browser reaches it through CloudFront at /api on the site's own origin, so there is no
 * cross-origin call (no CORS preflight on every request) and CORS stays off: no other origin
 * can call it from a browser.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly functions: Record<HandlerGroupName, OneClickFunction>;
  readonly originSecret: ApiOriginSecret;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'OneClick API',
      createDefaultStage: false,
    });
    const httpStage = this.httpApi.addStage('Stage', { stageName: apiBasePath.slice(1), autoDeploy: true });
    const stage = httpStage.node.defaultChild as apigw.CfnStage;
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latencyMs: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
        authorizerError: '$context.authorizer.error',
      }),
    };
    // Shared by every caller: a backstop for the whole service, far above one caller's own
    // limit (functions/http/rateLimit.ts), so one caller's flood cannot use it up for the others.
    stage.defaultRouteSettings = { throttlingBurstLimit: stageThrottle.burst, throttlingRateLimit: stageThrottle.ratePerSecond };
    stage.routeSettings = Object.fromEntries(
      routeIds
        .map((id) => routes[id] as RouteDefinition)
        .filter((route) => route.throttle)
        // RouteSettings is untyped JSON in the L1: its keys as CloudFormation spells them.
        .map((route) => [routeKey(route), { ThrottlingRateLimit: route.throttle!.ratePerSecond, ThrottlingBurstLimit: route.throttle!.burst }]),
    );

    const authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', props.auth.issuerUrl, {
      jwtAudience: [props.auth.client.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    this.originSecret = new ApiOriginSecret(this, 'OriginSecret');
    this.functions = {} as Record<HandlerGroupName, OneClickFunction>;
    // One integration and one invoke permission per function, shared by all its routes (the app's
    // and the public API's): a CloudFormation stack holds at most 500 resources, and one of each
    // per route (three resources a route) would pass it (docs/decisions.md).
    const integrations = {} as Record<HandlerGroupName, HttpLambdaIntegration>;
    for (const group of handlerGroupNames) {
      const needs = handlerGroups[group];
      const fn = new OneClickFunction(this, `${group[0]!.toUpperCase()}${group.slice(1)}Function`, {
        entry: needs.entry,
        description: `OneClick API: ${group} routes`,
      });
      // Every API function counts its callers (functions/http/rateLimit.ts) in the rate-limit table.
      grantNeeds(fn, { ...needs, tables: { ...needs.tables, rateLimits: 'readWrite' } }, props.resources);
      fn.addEnvironment({ ONECLICK_ORIGIN_SECRET: this.originSecret.value });
      this.functions[group] = fn;
      integrations[group] = new HttpLambdaIntegration(`${group[0]!.toUpperCase()}${group.slice(1)}Integration`, fn.function, { scopePermissionToRoute: false });
    }

    for (const id of routeIds) {
      const route: RouteDefinition = routes[id];
      const added = this.httpApi.addRoutes({
        path: route.path,
        methods: [apigw.HttpMethod[route.method]],
        integration: integrations[route.handler],
        authorizer: route.auth === 'user' ? authorizer : new apigw.HttpNoneAuthorizer(),
      });
      // A stage's route settings may only name routes that already exist.
      if (route.throttle) added.forEach((created) => httpStage.node.addDependency(created));
      // The public API: the same function at /v1<path>, without the Cognito authorizer: the
      // function verifies the API key (functions/http/keyGate.ts) and refuses a sign-in token there.
      if (isPublicApiRoute(id)) {
        this.httpApi.addRoutes({
          path: publicApiPath(route.path),
          methods: [apigw.HttpMethod[route.method]],
          integration: integrations[route.handler],
          authorizer: new apigw.HttpNoneAuthorizer(),
        });
      }
    }
    for (const child of this.httpApi.node.findAll()) {
      if (child instanceof apigw.CfnRoute && child.authorizationType === 'NONE') {
        Validations.of(child).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: 'Public by design in the route table (OAuth callbacks arrive from the platforms without our token), or the public API at /v1, whose function verifies the API key.',
        });
      }
    }
  }

  /** The API's own host name, CloudFront's origin for /api/*. */
  get domainName(): string {
    return `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
  }
}
