import type { PlatformModule } from '../module';
import { createInstagramAdapter } from './adapter';
import { createInstagramMetricsReader } from './metrics';
import { readInstagramOptions, type InstagramOptions } from './options';
import { createInstagramPublisher } from './publisher';

/** Instagram: Instagram Login (business accounts), container publishing on the Graph API, insights as metrics. */
export const instagramModule: PlatformModule<InstagramOptions> = {
  platform: 'instagram',
  hosts: {
    www: 'https://www.instagram.com',
    api: 'https://api.instagram.com',
    graph: 'https://graph.instagram.com',
  },
  readOptions: readInstagramOptions,
  createAdapter: createInstagramAdapter,
  createPublisher: createInstagramPublisher,
  createMetricsReader: createInstagramMetricsReader,
};
