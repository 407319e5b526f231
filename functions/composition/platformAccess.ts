import { KMSClient } from '@aws-sdk/client-kms';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ConfigurationError } from '../config';
import { createKmsTokenCipher, createLocalTokenCipher, type TokenCipher } from '../services/tokenCipher';
import {
  credentialsFromEnvironment,
  platformCredentialsSecretSchema,
  type PlatformCredentialsSecret,
} from '../platforms/config';

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

/**
 * The platforms' client ids and secrets: from the Secrets Manager secret named by
 * PLATFORM_CREDENTIALS_SECRET_ID on AWS, else from <PLATFORM>_CLIENT_ID/_SECRET variables.
 */
export async function loadPlatformCredentials(env: NodeJS.ProcessEnv): Promise<PlatformCredentialsSecret> {
  const secretId = env['PLATFORM_CREDENTIALS_SECRET_ID'];
  if (!secretId) return credentialsFromEnvironment(env);
  const client = new SecretsManagerClient({});
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  const parsed = platformCredentialsSecretSchema.safeParse(JSON.parse(SecretString ?? '{}'));
  if (!parsed.success) throw new ConfigurationError(`The secret ${secretId} is not of the form { "<platform>": { "clientId", "clientSecret" } }`);
  return parsed.data;
}
