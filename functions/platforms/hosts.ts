import type { Platform } from '../../shared/platforms';

/**
 * Every host an adapter calls, by platform, with the real host as default. Configuration can
 * point each one elsewhere (the platform sandbox serves them all under
 * <sandbox>/<platform>/<hostKey>/…, keeping the real paths).
 */
export const platformHosts = {
  youtube: {
    accounts: 'https://accounts.google.com',
    oauth2: 'https://oauth2.googleapis.com',
    googleapis: 'https://www.googleapis.com',
  },
  tiktok: {
    www: 'https://www.tiktok.com',
    open: 'https://open.tiktokapis.com',
  },
  instagram: {
    www: 'https://www.instagram.com',
    api: 'https://api.instagram.com',
    graph: 'https://graph.instagram.com',
  },
  x: {
    www: 'https://x.com',
    api: 'https://api.x.com',
  },
  linkedin: {
    www: 'https://www.linkedin.com',
    api: 'https://api.linkedin.com',
  },
} as const satisfies Record<Platform, Record<string, string>>;

export type PlatformHosts = typeof platformHosts;
export type HostKey<P extends Platform> = keyof PlatformHosts[P] & string;

/** The environment variable that overrides one host, e.g. YOUTUBE_HOST_OAUTH2. */
export function hostEnvName(platform: Platform, hostKey: string): string {
  return `${platform.toUpperCase()}_HOST_${hostKey.toUpperCase()}`;
}

/** Environment that sends every host of every platform to the sandbox at `sandboxUrl`. */
export function sandboxHostEnvironment(sandboxUrl: string): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [platform, hosts] of Object.entries(platformHosts) as Array<[Platform, Record<string, string>]>) {
    for (const hostKey of Object.keys(hosts)) environment[hostEnvName(platform, hostKey)] = `${sandboxUrl}/${platform}/${hostKey}`;
  }
  return environment;
}
