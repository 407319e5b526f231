import { platforms, type Platform } from '../../shared/platforms';
import type { Clock } from '../clock';
import type { AdapterFactory, PlatformAdapter } from './adapter';
import { createPlatformHttp, type FetchLike } from './http';
import { platformNames } from '../../shared/platforms';
import type { PlatformSettings } from './config';
import { createYoutubeAdapter } from './youtube/adapter';
import { createTiktokAdapter } from './tiktok/adapter';
import { createInstagramAdapter } from './instagram/adapter';
import { createXAdapter } from './x/adapter';
import { createLinkedinAdapter } from './linkedin/adapter';

/** The registry: adding a platform is one folder and one line here. */
export const adapterFactories: Record<Platform, AdapterFactory> = {
  youtube: createYoutubeAdapter,
  tiktok: createTiktokAdapter,
  instagram: createInstagramAdapter,
  x: createXAdapter,
  linkedin: createLinkedinAdapter,
};

export type Adapters = Partial<Record<Platform, PlatformAdapter>>;

/** Adapters for the platforms that have credentials configured. */
export function createAdapters(settings: Partial<Record<Platform, PlatformSettings>>, clock: Clock, fetchImpl?: FetchLike): Adapters {
  const adapters: Adapters = {};
  for (const platform of platforms) {
    const platformSettings = settings[platform];
    if (!platformSettings) continue;
    adapters[platform] = adapterFactories[platform]({
      credentials: platformSettings.credentials,
      hosts: platformSettings.hosts,
      http: createPlatformHttp(platformNames[platform], fetchImpl),
      clock,
    });
  }
  return adapters;
}
