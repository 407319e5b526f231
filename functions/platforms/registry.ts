import type { Platform } from '../../shared/platforms';
import type { Clock } from '../clock';
import type { PlatformCredentials } from './adapter';
import { readSettingsOf, sandboxHostEnvironmentFor } from './config';
import type { FetchLike } from './http';
import { moduleDeps, type Adapters, type ClientRegistrationsOf, type MetricsReaders, type PlatformModule, type PlatformSettings, type Publishers } from './module';
import { blueskyModule } from './bluesky';
import { facebookModule } from './facebook';
import { googleBusinessModule } from './googleBusiness';
import { instagramModule } from './instagram';
import { linkedinModule } from './linkedin';
import { linkedinPageModule } from './linkedinPage';
import { mastodonModule } from './mastodon';
import { pinterestModule } from './pinterest';
import { threadsModule } from './threads';
import { tiktokModule } from './tiktok';
import { xModule } from './x';
import { youtubeModule } from './youtube';

export type { Adapters, MetricsReaders, PlatformSettings, Publishers };

/**
 * The registry: the only Record<Platform, PlatformModule>. Adding a platform is its folder
 * (functions/platforms/<platform>/, whose index.ts exports its module) and one line here.
 * A platform's publish function imports its own module, never this file, so it bundles no other.
 */
export const platformModules: Record<Platform, PlatformModule> = {
  youtube: youtubeModule,
  tiktok: tiktokModule,
  instagram: instagramModule,
  x: xModule,
  linkedin: linkedinModule,
  bluesky: blueskyModule,
  threads: threadsModule,
  facebook: facebookModule,
  linkedinPage: linkedinPageModule,
  mastodon: mastodonModule,
  pinterest: pinterestModule,
  googleBusiness: googleBusinessModule,
};

const allModules = Object.values(platformModules);

/** Every host of every platform, the real one by key (the sandbox serves them all). */
export const platformHosts = Object.fromEntries(allModules.map((module) => [module.platform, module.hosts])) as Record<Platform, Readonly<Record<string, string>>>;

/** Environment that sends every host of every platform to the sandbox at `sandboxUrl`. */
export function sandboxHostEnvironment(sandboxUrl: string): Record<string, string> {
  return sandboxHostEnvironmentFor(allModules, sandboxUrl);
}

/** Each configured platform's settings (credentials, hosts, its own options), read from the environment. */
export function readPlatformSettings(env: NodeJS.ProcessEnv, credentials: Partial<Record<Platform, PlatformCredentials>>): Partial<Record<Platform, PlatformSettings>> {
  return readSettingsOf(allModules, env, credentials);
}

/** Builds one part of every configured platform. */
function build<Part>(
  settings: Partial<Record<Platform, PlatformSettings>>,
  clock: Clock,
  fetchImpl: FetchLike | undefined,
  part: (module: PlatformModule, deps: ReturnType<typeof moduleDeps>) => Part,
  registrations?: ClientRegistrationsOf,
): Partial<Record<Platform, Part>> {
  const parts: Partial<Record<Platform, Part>> = {};
  for (const module of allModules) {
    const platformSettings = settings[module.platform];
    if (platformSettings) parts[module.platform] = part(module, moduleDeps(module, platformSettings, clock, fetchImpl, registrations));
  }
  return parts;
}

/**
 * OAuth adapters of the configured platforms (connections, token refresh, account deletion);
 * `registrations` keeps the apps registered at servers users name (where a connection starts).
 */
export function createAdapters(settings: Partial<Record<Platform, PlatformSettings>>, clock: Clock, fetchImpl?: FetchLike, registrations?: ClientRegistrationsOf): Adapters {
  return build(settings, clock, fetchImpl, (module, deps) => module.createAdapter(deps), registrations);
}

/** Publishers of the configured platforms (tests and benches; on AWS each platform's function builds only its own). */
export function createPublishers(settings: Partial<Record<Platform, PlatformSettings>>, clock: Clock, fetchImpl?: FetchLike): Publishers {
  return build(settings, clock, fetchImpl, (module, deps) => module.createPublisher(deps));
}

/** Metrics readers of the configured platforms (the metrics refresh job). */
export function createMetricsReaders(settings: Partial<Record<Platform, PlatformSettings>>, clock: Clock, fetchImpl?: FetchLike): MetricsReaders {
  return build(settings, clock, fetchImpl, (module, deps) => module.createMetricsReader(deps));
}
