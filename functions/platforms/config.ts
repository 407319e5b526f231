import * as z from '../../shared/zod';
import type { Platform } from '../../shared/platforms';
import { ConfigurationError } from '../config';
import type { PlatformCredentials } from './adapter';
import type { PlatformModule, PlatformSettings } from './module';
import { outboundAllowedOrigins as outboundAllowedOriginsOf } from '../http/outbound';

/**
 * Reading a platform module's settings from the environment, generic over the modules given:
 * the registry passes all of them, a platform's publish function only its own.
 */

/** The environment variable that overrides one host, e.g. YOUTUBE_HOST_OAUTH2. */
export function hostEnvName(platform: Platform, hostKey: string): string {
  return `${platform.toUpperCase()}_HOST_${hostKey.toUpperCase()}`;
}

/** Environment that sends every host of these modules to the sandbox at `sandboxUrl` (<sandbox>/<platform>/<hostKey>/…). */
export function sandboxHostEnvironmentFor(modules: readonly PlatformModule[], sandboxUrl: string): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const module of modules) {
    for (const hostKey of Object.keys(module.hosts)) environment[hostEnvName(module.platform, hostKey)] = `${sandboxUrl}/${module.platform}/${hostKey}`;
  }
  return environment;
}

/** The variable naming a platform's own Parameter Store parameter ({ "clientId", "clientSecret" }), e.g. YOUTUBE_CREDENTIALS_PARAMETER. */
export function credentialsParameterEnvName(platform: Platform): string {
  return `${platform.toUpperCase()}_CREDENTIALS_PARAMETER`;
}

const credentialsSchema = z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1) });
/**
 * One platform's SecureString parameter on AWS: { "clientId": "…", "clientSecret": "…" }, or {}
 * (the platform is shown as not configured, as it is when the parameter does not exist).
 */
export const platformCredentialsParameterSchema = z.union([credentialsSchema, z.object({}).strict()]);

/** A platform's credentials from its parameter's text; undefined when the parameter is missing or {} (not configured). */
export function parseCredentialsParameter(name: string, text: string | undefined): PlatformCredentials | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '{}');
  } catch {
    throw new ConfigurationError(`The parameter ${name} is not JSON; it must be { "clientId": "…", "clientSecret": "…" } (or {} for a platform not configured)`);
  }
  const parsed = platformCredentialsParameterSchema.safeParse(json);
  if (!parsed.success) throw new ConfigurationError(`The parameter ${name} is not of the form { "clientId": "…", "clientSecret": "…" } (or {} for a platform not configured)`);
  const data: Partial<PlatformCredentials> = parsed.data;
  return data.clientId && data.clientSecret ? { clientId: data.clientId, clientSecret: data.clientSecret } : undefined;
}

/** Credentials from <PLATFORM>_CLIENT_ID / <PLATFORM>_CLIENT_SECRET (offline and in tests). */
export function credentialsFromEnvironment(env: NodeJS.ProcessEnv, platform: Platform): PlatformCredentials | undefined {
  const clientId = env[`${platform.toUpperCase()}_CLIENT_ID`];
  const clientSecret = env[`${platform.toUpperCase()}_CLIENT_SECRET`];
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

/**
 * Each platform's credentials: from its own SecureString parameter where
 * <PLATFORM>_CREDENTIALS_PARAMETER names one (AWS; `readParameter` answers undefined for a
 * parameter that does not exist), else from <PLATFORM>_CLIENT_ID/_SECRET. A platform without
 * them is left out.
 */
export async function loadCredentials(
  env: NodeJS.ProcessEnv,
  platforms: readonly Platform[],
  readParameter: (name: string) => Promise<string | undefined>,
): Promise<Partial<Record<Platform, PlatformCredentials>>> {
  const entries = await Promise.all(
    platforms.map(async (platform) => {
      const name = env[credentialsParameterEnvName(platform)];
      const credentials = name ? parseCredentialsParameter(name, await readParameter(name)) : credentialsFromEnvironment(env, platform);
      return [platform, credentials] as const;
    }),
  );
  const credentials: Partial<Record<Platform, PlatformCredentials>> = {};
  for (const [platform, platformCredentials] of entries) if (platformCredentials) credentials[platform] = platformCredentials;
  return credentials;
}

/**
 * One module's settings: its options (always read, so a bad value is refused even before the
 * platform is configured), and, when it has credentials, its hosts: the real ones unless
 * <PLATFORM>_HOST_<KEY> points one elsewhere (the sandbox). Undefined: not configured.
 */
export function readModuleSettings<Options>(
  module: PlatformModule<Options>,
  env: NodeJS.ProcessEnv,
  credentials: PlatformCredentials | undefined,
): PlatformSettings<Options> | undefined {
  const options = module.readOptions(env);
  if (!credentials) return undefined;
  const hosts: Record<string, string> = {};
  for (const [hostKey, realHost] of Object.entries(module.hosts)) {
    const variable = hostEnvName(module.platform, hostKey);
    const override = env[variable];
    if (override !== undefined && !z.url().safeParse(override).success) throw new ConfigurationError(`Bad configuration: ${variable} is not a URL`);
    hosts[hostKey] = (override ?? realHost).replace(/\/$/, '');
  }
  const outboundAllowedOrigins = outboundAllowedOriginsOf(env);
  return { credentials, hosts, options, ...(outboundAllowedOrigins.length ? { outboundAllowedOrigins } : {}) };
}

/** The settings of each of these modules that is configured. */
export function readSettingsOf(
  modules: readonly PlatformModule[],
  env: NodeJS.ProcessEnv,
  credentials: Partial<Record<Platform, PlatformCredentials>>,
): Partial<Record<Platform, PlatformSettings>> {
  const settings: Partial<Record<Platform, PlatformSettings>> = {};
  for (const module of modules) {
    const moduleSettings = readModuleSettings(module, env, credentials[module.platform]);
    if (moduleSettings) settings[module.platform] = moduleSettings;
  }
  return settings;
}
