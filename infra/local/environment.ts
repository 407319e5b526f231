import { tableEnvName, tableKeys, tables, type TableKey } from '../../shared/resources/tables';
import { bucketEnvName, bucketKeys, buckets, type BucketKey } from '../../shared/resources/buckets';

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
  };
  for (const key of tableKeys) environment[tableEnvName(key)] = localTableNames[key];
  for (const key of bucketKeys) environment[bucketEnvName(key)] = localBucketNames[key];
  return environment;
}
