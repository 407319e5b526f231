import { z } from 'zod';
import { platforms, type Platform } from '../../shared/platforms';
import type { PlatformCredentials } from './adapter';
import { hostEnvName, platformHosts } from './hosts';

export interface PlatformSettings {
  credentials: PlatformCredentials;
  hosts: Record<string, string>;
}

const credentialsSchema = z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1) });
/** The secret's JSON on AWS: { "youtube": { "clientId": "…", "clientSecret": "…" }, … }. */
export const platformCredentialsSecretSchema = z.partialRecord(z.enum(platforms), credentialsSchema);
export type PlatformCredentialsSecret = z.infer<typeof platformCredentialsSecretSchema>;

/** Credentials from <PLATFORM>_CLIENT_ID / <PLATFORM>_CLIENT_SECRET (offline and in tests). */
export function credentialsFromEnvironment(env: NodeJS.ProcessEnv): PlatformCredentialsSecret {
  const credentials: PlatformCredentialsSecret = {};
  for (const platform of platforms) {
    const clientId = env[`${platform.toUpperCase()}_CLIENT_ID`];
    const clientSecret = env[`${platform.toUpperCase()}_CLIENT_SECRET`];
    if (clientId && clientSecret) credentials[platform] = { clientId, clientSecret };
  }
  return credentials;
}

/**
 * Each platform's settings: credentials (a platform without them is "not configured") and its
 * hosts, the real ones unless <PLATFORM>_HOST_<KEY> points one elsewhere (the sandbox).
 */
export function readPlatformSettings(
  env: NodeJS.ProcessEnv,
  credentials: PlatformCredentialsSecret,
): Partial<Record<Platform, PlatformSettings>> {
  const settings: Partial<Record<Platform, PlatformSettings>> = {};
  for (const platform of platforms) {
    const platformCredentials = credentials[platform];
    if (!platformCredentials) continue;
    const hosts: Record<string, string> = {};
    for (const [hostKey, realHost] of Object.entries(platformHosts[platform])) {
      const override = env[hostEnvName(platform, hostKey)];
      if (override !== undefined && !z.url().safeParse(override).success) {
        throw new Error(`Bad configuration: ${hostEnvName(platform, hostKey)} is not a URL`);
      }
      hosts[hostKey] = (override ?? realHost).replace(/\/$/, '');
    }
    settings[platform] = { credentials: platformCredentials, hosts };
  }
  return settings;
}
