import { resolve } from 'node:path';
import { apiBasePath } from '../constructs/apiPath';
import { createLocalApi } from './api';
import { connectCognito, outboxFile, startCognito, type LocalCognito } from './cognito/cognito';
import { ensureTables, startDynamoDb } from './dynamodb/dynamodb';
import { functionEnvironment, localBucketNames, localRegion, localTableNames, TWIN_VARIABLES, withUserSettings } from './environment';
import type { TwinLog } from './log';
import { freePort } from './ports';
import { ensureBuckets, startS3 } from './s3';
import { startWebServer } from './web';
import type { WebConfig } from '../../shared/api/webConfig';
import type { ViteDevServer } from 'vite';
import { startSandbox, type Sandbox } from './sandbox/sandbox';
import { clientEnvironment, localTokenKey, sandboxClients } from './secrets';
import { sandboxHostEnvironment } from '../../functions/platforms/registry';
import { runJob, startJobTimers } from './jobs';
import type { ReconcileReport } from '../../functions/services/reconciler';
import { localStateMachineArn, startLocalStepFunctions } from './stepfunctions';
import { startDemoModule, type DemoModule } from './demoModule/server';
import { startLocalLambda, taskEnvironment } from './lambda';

/**
 * What the posts API needs to start PublishPost executions on the local Step Functions: the
 * state machine only (it maps each target's platform to that platform's function itself).
 */
function publishingEnvironment(stepFunctionsEndpoint: string): Record<string, string> {
  return { AWS_ENDPOINT_URL_SFN: stepFunctionsEndpoint, STATE_MACHINE_ARN: localStateMachineArn };
}

export interface TwinPorts {
  web: number;
  dynamodb: number;
  s3: number;
  cognito: number;
  sandbox: number;
  stepFunctions: number;
  /** The demo sibling module (its own origin). */
  demoModule: number;
}

export interface TwinOptions {
  /** Where the emulators keep their data; survives restarts. */
  dataDir: string;
  /** Ports to use; 0 or missing = a free one. */
  ports?: Partial<TwinPorts>;
  log: TwinLog;
  /** Serve this production build… */
  distDir?: string;
  /** …or create a Vite dev server for the front end. */
  createVite?: () => Promise<ViteDevServer>;
  /** Keep DynamoDB in memory (tests). */
  inMemoryDynamoDb?: boolean;
  /**
   * Use these already-running AWS endpoints instead of starting the emulators (LocalStack:
   * the same URL for all three). Tables, buckets and the user pool are created if missing.
   */
  external?: { dynamodb: string; s3: string; cognito: string; cognitoIssuer?: string };
  /** Run the scheduled jobs on timers (npm start); tests run them on demand instead. */
  runJobs?: boolean;
  /** Tests: the state machine's waits and retry pauses shortened to this many ms. */
  fastWaitMs?: number;
  /**
   * A platform sandbox that outlives this twin (tests of our own restarts: the platforms do not
   * restart with us). It must use the clients in <dataDir>/sandbox-clients.json.
   */
  sandbox?: Sandbox;
}

export interface Twin {
  webUrl: string;
  apiUrl: string;
  cognito: LocalCognito;
  /** cognito-local's data folder (its outbox holds the codes it would have e-mailed). */
  cognitoDataDir: string;
  /** s3rver's data folder; undefined when the twin uses an external S3 endpoint. */
  s3DataDir?: string;
  sandbox: Sandbox;
  /** Resolves when every publishing execution started so far has ended. */
  publishingIdle(): Promise<void>;
  endpoints: { dynamodb: string; s3: string; cognito: string; sandbox: string; stepFunctions: string };
  /** The demo sibling module standing in for the four embedded modules. */
  demoModule: { origin: string; urls: DemoModule['urls'] };
  tableNames: typeof localTableNames;
  bucketNames: typeof localBucketNames;
  webConfig: WebConfig;
  stop(): Promise<void>;
}

async function portFor(wanted: number | undefined): Promise<number> {
  return wanted && wanted > 0 ? wanted : freePort();
}

/**
 * Starts the whole offline twin: DynamoDB Local, s3rver, cognito-local, the local API with the
 * real handlers, and the web server. Stops everything it started, in reverse order.
 */
export async function startTwin(options: TwinOptions): Promise<Twin> {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        options.log.error('twin', `while stopping: ${String(error)}`);
      }
    }
  };
  try {
    const webPort = await portFor(options.ports?.web);
    const webOrigin = `http://127.0.0.1:${webPort}`;
    const dataDir = resolve(options.dataDir);

    const external = options.external;
    const dynamodb = external
      ? { endpoint: external.dynamodb }
      : await startDynamoDb({
          port: await portFor(options.ports?.dynamodb),
          ...(options.inMemoryDynamoDb ? {} : { dataDir: resolve(dataDir, 'dynamodb') }),
          log: options.log,
        });
    if ('stop' in dynamodb) stops.push(dynamodb.stop);
    await ensureTables(dynamodb.endpoint, localTableNames, options.log);

    let s3: { endpoint: string };
    let s3DataDir: string | undefined;
    if (external) {
      await ensureBuckets(external.s3, webOrigin);
      s3 = { endpoint: external.s3 };
    } else {
      s3DataDir = resolve(dataDir, 's3');
      const started = await startS3({ port: await portFor(options.ports?.s3), dataDir: s3DataDir, siteOrigin: webOrigin, log: options.log });
      stops.push(started.stop);
      s3 = started;
    }

    const cognito = external
      ? await connectCognito(external.cognito, external.cognitoIssuer)
      : await startCognito({ port: await portFor(options.ports?.cognito), dataDir: resolve(dataDir, 'cognito'), log: options.log });
    stops.push(cognito.stop);
    if (external) options.log.info('twin', `using running AWS endpoints: ${JSON.stringify(external)}`);

    const clients = sandboxClients(resolve(dataDir, 'sandbox-clients.json'));
    let sandbox = options.sandbox;
    if (!sandbox) {
      sandbox = await startSandbox({
        port: await portFor(options.ports?.sandbox),
        dataDir: resolve(dataDir, 'sandbox'),
        clients,
        log: options.log,
      });
      stops.push(sandbox.stop);
    }
    options.log.info('sandbox', `platform sandbox on ${sandbox.url}`);

    const stepFunctions = await startLocalStepFunctions({
      port: await portFor(options.ports?.stepFunctions),
      log: options.log,
      ...(options.fastWaitMs !== undefined ? { fastWaitMs: options.fastWaitMs } : {}),
    });
    stops.push(stepFunctions.stop);

    // Background tasks (the data export): the account function invokes them asynchronously.
    const localLambda = await startLocalLambda({ port: await freePort(), log: options.log });
    stops.push(localLambda.stop);

    // Platform hosts and app credentials: the sandbox's, unless the user set their own.
    const platformSettings = withUserSettings({ ...clientEnvironment(clients), ...sandboxHostEnvironment(sandbox.url) });
    if (platformSettings.kept.length) options.log.info('twin', `using your own ${platformSettings.kept.join(', ')} instead of the sandbox's`);
    const twinEnvironment: Record<string, string> = {
      ...functionEnvironment({ dynamodb: dynamodb.endpoint, s3: s3.endpoint }),
      ...publishingEnvironment(stepFunctions.endpoint),
      ...platformSettings.environment,
      ONECLICK_SITE_URL: webOrigin,
      // The sandbox's test feeds (/_feeds/*) are the one origin a feed, a webhook or a file taken from a URL may reach besides public https hosts.
      ONECLICK_OUTBOUND_ALLOWED_ORIGINS: sandbox.url,
      // Offline, invitations and approval requests land in the outbox beside the sign-up codes.
      ONECLICK_MAIL_OUTBOX: outboxFile(resolve(dataDir, 'cognito')),
      ONECLICK_LOCAL_TOKEN_KEY: localTokenKey(resolve(dataDir, 'keys', 'token-key.json')),
      ...taskEnvironment(localLambda.endpoint),
      // Account deletion deletes the Cognito user (AdminDeleteUser).
      USER_POOL_ID: cognito.userPoolId,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
    };
    // The names are kept too, so a test process that must not run against the twin can remove them (test/setup/withoutTwin.ts).
    Object.assign(process.env, twinEnvironment, { [TWIN_VARIABLES]: Object.keys(twinEnvironment).join(',') });

    const api = createLocalApi({
      authorizer: { issuer: cognito.issuer, audience: cognito.clientId, jwksUrl: cognito.jwksUrl },
      stage: apiBasePath.slice(1),
      log: options.log,
    });

    const demoModule = await startDemoModule({
      port: await portFor(options.ports?.demoModule),
      siteOrigin: webOrigin,
      apiUrl: `${webOrigin}${apiBasePath}`,
      log: options.log,
    });
    stops.push(demoModule.stop);

    const webConfig: WebConfig = {
      environment: 'local',
      region: localRegion,
      apiUrl: apiBasePath,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.clientId,
      cognitoEndpoint: cognito.endpoint,
      authFlowType: 'USER_PASSWORD_AUTH',
      modules: demoModule.urls,
    };

    const vite = options.createVite ? await options.createVite() : undefined;
    if (vite) stops.push(() => vite.close());
    const web = await startWebServer({
      port: webPort,
      config: webConfig,
      api,
      apiBasePath,
      connectOrigins: [cognito.endpoint, s3.endpoint],
      mediaOrigins: [s3.endpoint, sandbox.url],
      log: options.log,
      ...(options.distDir ? { distDir: options.distDir } : {}),
      ...(vite ? { vite } : {}),
    });
    stops.push(web.stop);
    // The twin's Step Functions forgot its executions when it stopped: the reconciler (the same
    // code as the AWS schedule) looks at every active post now and starts what is not running.
    const reconciled = (await runJob('reconcilePosts', { all: true })) as ReconcileReport;
    if (reconciled.looked) options.log.info('twin', `reconciler: ${reconciled.started} started, ${reconciled.finished} finished, ${reconciled.running} running of ${reconciled.looked} active post(s)`);
    for (const error of reconciled.errors) options.log.error('twin', `reconciler: post ${error.postId}: ${error.message}`);
    if (options.runJobs) {
      const stopJobs = startJobTimers(options.log);
      stops.push(async () => stopJobs());
    }

    return {
      webUrl: web.url,
      apiUrl: `${web.url}${apiBasePath}`,
      cognito,
      cognitoDataDir: resolve(dataDir, 'cognito'),
      s3DataDir,
      sandbox,
      publishingIdle: stepFunctions.idle,
      endpoints: { dynamodb: dynamodb.endpoint, s3: s3.endpoint, cognito: cognito.endpoint, sandbox: sandbox.url, stepFunctions: stepFunctions.endpoint },
      demoModule: { origin: demoModule.origin, urls: demoModule.urls },
      tableNames: localTableNames,
      bucketNames: localBucketNames,
      webConfig,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
