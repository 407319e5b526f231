import { KMSClient } from '@aws-sdk/client-kms';
import { ParameterNotFoundError } from '@aws-lambda-powertools/parameters/errors';
import { SSMProvider } from '@aws-lambda-powertools/parameters/ssm';
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

/** How long a function keeps a parameter it read before asking Parameter Store again. */
export const CREDENTIALS_MAX_AGE_SECONDS = 300;

let parameters: SSMProvider | undefined;

/** A parameter's decrypted value, kept CREDENTIALS_MAX_AGE_SECONDS; undefined when it does not exist (a platform not configured). */
export async function readCredentialsParameter(provider: SSMProvider, name: string): Promise<string | undefined> {
  try {
    return await provider.get(name, { decrypt: true, maxAge: CREDENTIALS_MAX_AGE_SECONDS, throwOnMissing: true });
  } catch (error) {
    if (error instanceof ParameterNotFoundError) return undefined;
    throw error;
  }
}

/**
 * These platforms' client ids and secrets (all of them unless a function needs fewer): each
 * from its own SecureString parameter where <PLATFORM>_CREDENTIALS_PARAMETER names one (AWS; read
 * with Powertools Parameters, decrypted, kept five minutes; a parameter that does not exist is a
 * platform not configured), else from <PLATFORM>_CLIENT_ID/_SECRET variables
 * (functions/platforms/config.ts).
 */
export function loadPlatformCredentials(env: NodeJS.ProcessEnv, platforms: readonly Platform[] = allPlatforms): Promise<Partial<Record<Platform, PlatformCredentials>>> {
  return loadCredentials(env, platforms, (name) => readCredentialsParameter((parameters ??= new SSMProvider()), name));
}
