import { KMSClient } from '@aws-sdk/client-kms';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ConfigurationError } from '../config';
import { createKmsTokenCipher, createLocalTokenCipher, type TokenCipher } from '../services/tokenCipher';
import { platforms as allPlatforms, type Platform } from '../../shared/platforms';
import type { PlatformCredentials } from '../platforms/adapter';
import { loadCredentials } from '../platforms/config';

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
