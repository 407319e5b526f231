import { platformNames, platforms, type Platform } from '../../shared/platforms';
import type { Clock } from '../clock';
import type { PlatformSettings } from './config';
import { createPlatformHttp, type FetchLike } from './http';
import type { PlatformPublisher, PublisherFactory, PublisherOptions } from './publisher';
import { createYoutubePublisher } from './youtube/publisher';
import { createTiktokPublisher } from './tiktok/publisher';
import { createInstagramPublisher } from './instagram/publisher';
import { createXPublisher } from './x/publisher';
import { createLinkedinPublisher } from './linkedin/publisher';

/** The publish steps' registry, beside the adapters' one (registry.ts): one line per platform. */
export const publisherFactories: Record<Platform, PublisherFactory> = {
  youtube: createYoutubePublisher,
  tiktok: createTiktokPublisher,
  instagram: createInstagramPublisher,
  x: createXPublisher,
  linkedin: createLinkedinPublisher,
};

export type Publishers = Partial<Record<Platform, PlatformPublisher>>;

/** Publishers for the platforms that have credentials configured. */
export function createPublishers(
  settings: Partial<Record<Platform, PlatformSettings>>,
  clock: Clock,
  options: PublisherOptions,
  fetchImpl?: FetchLike,
): Publishers {
  const publishers: Publishers = {};
  for (const platform of platforms) {
    const platformSettings = settings[platform];
    if (!platformSettings) continue;
    publishers[platform] = publisherFactories[platform]({
      credentials: platformSettings.credentials,
      hosts: platformSettings.hosts,
      http: createPlatformHttp(platformNames[platform], fetchImpl),
      clock,
      options,
    });
  }
  return publishers;
}
