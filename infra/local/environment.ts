import { tableEnvName, tableKeys, tables, type TableKey } from '../../shared/resources/tables';
import { bucketEnvName, bucketKeys, buckets, type BucketKey } from '../../shared/resources/buckets';
import { platforms } from '../../shared/platforms';

/**
 * Region and credentials the twin's SDK clients use. DynamoDB Local (shared db) and
 * cognito-local accept any; s3rver checks the access key id, and S3RVER is the one it knows.
 */
export const localRegion = 'us-east-1';
export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export const localTableNames = Object.fromEntries(
  tableKeys.map((key) => [key, `oneclick-${tables[key].name}`]),
) as Record<TableKey, string>;

export const localBucketNames = Object.fromEntries(
  bucketKeys.map((key) => [key, `oneclick-${buckets[key].name}`]),
) as Record<BucketKey, string>;

export interface LocalEndpoints {
  dynamodb: string;
  s3: string;
}

/** The variable listing the names of the variables the twin set in its process (comma-separated). */
export const TWIN_VARIABLES = 'ONECLICK_TWIN_VARIABLES';

/**
 * The environment the handlers run with offline: what the stack gives them on AWS (table and
 * bucket names), plus the standard AWS_ENDPOINT_URL_<SERVICE> switches to the stand-ins.
 */
export function functionEnvironment(endpoints: LocalEndpoints): Record<string, string> {
  const environment: Record<string, string> = {
    AWS_REGION: localRegion,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    ONECLICK_S3_FORCE_PATH_STYLE: 'true',
    POWERTOOLS_SERVICE_NAME: 'oneclick',
    POWERTOOLS_LOG_LEVEL: process.env['POWERTOOLS_LOG_LEVEL'] ?? 'WARN',
    // The operator's metrics (EMF lines on stdout) stay quiet offline unless asked for (the cost bench counts them).
    POWERTOOLS_METRICS_DISABLED: process.env['POWERTOOLS_METRICS_DISABLED'] ?? 'true',
  };
  for (const key of tableKeys) environment[tableEnvName(key)] = localTableNames[key];
  for (const key of bucketKeys) environment[bucketEnvName(key)] = localBucketNames[key];
  return environment;
}

/**
 * The variables the twin fills with its defaults that a user may set instead: every platform
 * host (`<PLATFORM>_HOST_<KEY>`, keys in each platform module's hosts, functions/platforms/<platform>/index.ts) and the platforms' app
 * credentials (`<PLATFORM>_CLIENT_ID`, `<PLATFORM>_CLIENT_SECRET`).
 */
export function isUserSettable(name: string): boolean {
  return platforms.some((platform) => {
    const prefix = `${platform.toUpperCase()}_`;
    return name.startsWith(prefix) && /^(HOST_[A-Z0-9_]+|CLIENT_ID|CLIENT_SECRET)$/.test(name.slice(prefix.length));
  });
}

/**
 * What twins wrote, so a twin does not take an earlier twin's value for the user's: one restarted
 * in this process, or one in a process started by a process that ran a twin (the test workers
 * inherit the global test twin's environment). Carried in the environment itself.
 */
export const TWIN_DEFAULTS_VARIABLE = 'ONECLICK_TWIN_DEFAULTS';

function writtenByTwins(env: NodeJS.ProcessEnv): Record<string, string> {
  try {
    return JSON.parse(env[TWIN_DEFAULTS_VARIABLE] ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * The twin's defaults with the user's own settings kept: a user-settable variable already set in
 * `env` (by the user, not by an earlier twin in this process) wins over the twin's default. So
 * `npm start` can be pointed at other platform servers, or at the real platforms with real app
 * credentials. Returns the environment to apply and the names whose user value was kept.
 */
export function withUserSettings(defaults: Record<string, string>, env: NodeJS.ProcessEnv = process.env): { environment: Record<string, string>; kept: string[] } {
  const environment: Record<string, string> = { ...defaults };
  const written = writtenByTwins(env);
  const kept: string[] = [];
  for (const [name, value] of Object.entries(defaults)) {
    if (!isUserSettable(name)) continue;
    const current = env[name];
    if (current !== undefined && current !== '' && current !== written[name]) {
      environment[name] = current;
      kept.push(name);
    } else {
      written[name] = value;
    }
  }
  environment[TWIN_DEFAULTS_VARIABLE] = JSON.stringify(written);
  return { environment, kept };
}
