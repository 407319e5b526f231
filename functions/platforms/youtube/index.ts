import type { PlatformModule } from '../module';
import { createYoutubeAdapter } from './adapter';
import { createYoutubeMetricsReader } from './metrics';
import { createYoutubePublisher } from './publisher';

/** YouTube: Google OAuth, resumable uploads to the YouTube Data API, statistics as metrics. No options. */
export const youtubeModule: PlatformModule<Record<string, never>> = {
  platform: 'youtube',
  hosts: {
    accounts: 'https://accounts.google.com',
    oauth2: 'https://oauth2.googleapis.com',
    googleapis: 'https://www.googleapis.com',
  },
  readOptions: () => ({}),
  createAdapter: createYoutubeAdapter,
  createPublisher: createYoutubePublisher,
  createMetricsReader: createYoutubeMetricsReader,
};
