import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Logger } from '@aws-lambda-powertools/logger';
import { KMSClient } from '@aws-sdk/client-kms';
import { S3Client } from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ConfigurationError } from './config';
import { createKmsTokenCipher, createLocalTokenCipher, type TokenCipher } from './services/tokenCipher';
import { platforms as allPlatforms, type Platform } from '../shared/platforms';
import type { PlatformCredentials } from './platforms/adapter';
import { loadCredentials } from './platforms/config';

/**
 * Builds the SDK clients once per cold start. Endpoints come from the standard
 * AWS_ENDPOINT_URL_<SERVICE> variables, which is how the offline twin and LocalStack are used.
 */
export function createDocumentClient(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({}), {
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

/**
 * Token encryption: KMS envelope encryption with TOKEN_KEY_ID on AWS; offline, AES-GCM with the
 * 32-byte key in ONECLICK_LOCAL_TOKEN_KEY (base64), which the twin keeps under .data/.
 */
export function createTokenCipher(env: NodeJS.ProcessEnv): TokenCipher {
  const keyId = env['TOKEN_KEY_ID'];
  if (keyId) return createKmsTokenCipher(new KMSClient({}), keyId);
  const localKey = env['ONECLICK_LOCAL_TOKEN_KEY'];
  if (localKey) return createLocalTokenCipher(Buffer.from(localKey, 'base64'));
  throw new ConfigurationError('Missing configuration: TOKEN_KEY_ID (or ONECLICK_LOCAL_TOKEN_KEY offline)');
}

let secrets: SecretsManagerClient | undefined;

/**
 * These platforms' client ids and secrets (all of them unless a function needs fewer): each
 * from its own Secrets Manager secret where <PLATFORM>_CREDENTIALS_SECRET_ID names one (AWS),
 * else from <PLATFORM>_CLIENT_ID/_SECRET variables (functions/platforms/config.ts).
 */
export function loadPlatformCredentials(env: NodeJS.ProcessEnv, platforms: readonly Platform[] = allPlatforms): Promise<Partial<Record<Platform, PlatformCredentials>>> {
  return loadCredentials(env, platforms, async (secretId) => {
    secrets ??= new SecretsManagerClient({});
    return (await secrets.send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
  });
}

/**
 * The S3 client: path-style addressing when ONECLICK_S3_FORCE_PATH_STYLE is set (s3rver), and
 * checksums only when required so streamed bodies are stored as sent.
 */
export function createS3Client(env: NodeJS.ProcessEnv): S3Client {
  return new S3Client({
    forcePathStyle: env['ONECLICK_S3_FORCE_PATH_STYLE'] === 'true',
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
