import { platformNames, platforms, type Platform } from '../../shared/platforms';
import type { Clock } from '../clock';
import type { MetricsReader, MetricsReaderFactory } from './adapter';
import type { PlatformSettings } from './config';
import { createPlatformHttp, type FetchLike } from './http';
import type { PublisherOptions } from './publisher';
import { createYoutubeMetricsReader } from './youtube/metrics';
import { createTiktokMetricsReader } from './tiktok/metrics';
import { createInstagramMetricsReader } from './instagram/metrics';
import { createXMetricsReader } from './x/metrics';
import { createLinkedinMetricsReader } from './linkedin/metrics';

/** The metrics readers' registry, beside the adapters' and publishers': one line per platform. */
export const metricsReaderFactories: Record<Platform, MetricsReaderFactory> = {
  youtube: createYoutubeMetricsReader,
  tiktok: createTiktokMetricsReader,
  instagram: createInstagramMetricsReader,
  x: createXMetricsReader,
  linkedin: createLinkedinMetricsReader,
};

export type MetricsReaders = Partial<Record<Platform, MetricsReader>>;

/** Readers for the platforms that have credentials configured. */
export function createMetricsReaders(
  settings: Partial<Record<Platform, PlatformSettings>>,
  clock: Clock,
  options: Pick<PublisherOptions, 'linkedinVersion' | 'instagramGraphVersion'>,
  fetchImpl?: FetchLike,
): MetricsReaders {
  const readers: MetricsReaders = {};
  for (const platform of platforms) {
    const platformSettings = settings[platform];
    if (!platformSettings) continue;
    readers[platform] = metricsReaderFactories[platform]({
      credentials: platformSettings.credentials,
      hosts: platformSettings.hosts,
      http: createPlatformHttp(platformNames[platform], fetchImpl),
      clock,
      linkedinVersion: options.linkedinVersion,
      instagramGraphVersion: options.instagramGraphVersion,
    });
  }
  return readers;
}
