import type { PlatformModule } from '../module';
import { createTiktokAdapter } from './adapter';
import { createTiktokMetricsReader } from './metrics';
import { createTiktokPublisher } from './publisher';

/** TikTok: Login Kit OAuth (PKCE), the Content Posting API, video query as metrics. No options. */
export const tiktokModule: PlatformModule<Record<string, never>> = {
  platform: 'tiktok',
  hosts: {
    www: 'https://www.tiktok.com',
    open: 'https://open.tiktokapis.com',
  },
  readOptions: () => ({}),
  createAdapter: createTiktokAdapter,
  createPublisher: createTiktokPublisher,
  createMetricsReader: createTiktokMetricsReader,
};
