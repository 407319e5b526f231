import type { PlatformModule } from '../module';
import { createPinterestAdapter } from './adapter';
import { createPinterestMetricsReader } from './metrics';
import { readPinterestOptions, type PinterestOptions } from './options';
import { createPinterestPublisher } from './publisher';

/** Pinterest: OAuth on pinterest.com with refresh tokens, Pins on the account's boards through API v5, Pin analytics as metrics. */
export const pinterestModule: PlatformModule<PinterestOptions> = {
  platform: 'pinterest',
  hosts: {
    www: 'https://www.pinterest.com',
    api: 'https://api.pinterest.com',
  },
  readOptions: readPinterestOptions,
  createAdapter: createPinterestAdapter,
  createPublisher: createPinterestPublisher,
  createMetricsReader: createPinterestMetricsReader,
};
