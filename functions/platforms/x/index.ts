import type { PlatformModule } from '../module';
import { createXAdapter } from './adapter';
import { createXMetricsReader } from './metrics';
import { readXOptions, type XOptions } from './options';
import { createXPublisher } from './publisher';

/** X: OAuth 2.0 with PKCE, chunked media upload and the posts API, public metrics. */
export const xModule: PlatformModule<XOptions> = {
  platform: 'x',
  hosts: {
    www: 'https://x.com',
    api: 'https://api.x.com',
  },
  readOptions: readXOptions,
  createAdapter: createXAdapter,
  createPublisher: createXPublisher,
  createMetricsReader: createXMetricsReader,
};
