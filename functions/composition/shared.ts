import { Logger } from '@aws-lambda-powertools/logger';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BucketKey } from '../../shared/resources/buckets';
import type { TableKey } from '../../shared/resources/tables';
import { systemClock, type Clock } from '../clock';
import { ConfigurationError, readBucketNames, readTableNames } from '../config';
import { withoutSdkLogger } from './sdkLogger';

/**
 * What every function shares: configuration read from the environment, the DynamoDB client, the
 * logger and the clock. The SDK clients only some functions use are in their own files
 * (s3.ts, platformAccess.ts), so that a function that never calls them never loads them.
 */
export const clock: Clock = systemClock;

/** A table's name from TABLE_<NAME> (the stack passes only the tables a function is granted). */
export function tableName(key: TableKey): string {
  return readTableNames(process.env, [key])[key];
}

/** A bucket's name from BUCKET_<NAME>. */
export function bucketName(key: BucketKey): string {
  return readBucketNames(process.env, [key])[key];
}

/** The site's origin from ONECLICK_SITE_URL. */
export function siteUrl(): string {
  return readSiteUrl(process.env);
}

let sharedDocumentClient: DynamoDBDocumentClient | undefined;
/** The function's one DynamoDB document client. */
export function documentClient(): DynamoDBDocumentClient {
  return (sharedDocumentClient ??= createDocumentClient());
}

/**
 * Builds the SDK clients once per cold start. Endpoints come from the standard
 * AWS_ENDPOINT_URL_<SERVICE> variables, which is how the offline twin and LocalStack are used.
 */
export function createDocumentClient(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(withoutSdkLogger(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

export function createLogger(serviceName: string): Logger {
  return new Logger({ serviceName });
}

/** The site's origin (redirects and OAuth redirect URIs are built from it). */
export function readSiteUrl(env: NodeJS.ProcessEnv): string {
  const value = env['ONECLICK_SITE_URL'];
  if (!value || !/^https?:\/\/[^/]+$/.test(value.replace(/\/$/, ''))) {
    throw new ConfigurationError('Missing configuration: ONECLICK_SITE_URL (the site origin, e.g. https://d123.cloudfront.net)');
  }
  return value.replace(/\/$/, '');
}
