import type { PlatformModule } from '../module';
import { createFacebookAdapter } from './adapter';
import { createFacebookMetricsReader } from './metrics';
import { readFacebookOptions, type FacebookOptions } from './options';
import { createFacebookPublisher } from './publisher';

/** Facebook Pages: Facebook Login for Business (one connection per picked Page), posts as the Page on the Graph API, post insights as metrics. */
export const facebookModule: PlatformModule<FacebookOptions> = {
  platform: 'facebook',
  hosts: {
    www: 'https://www.facebook.com',
    graph: 'https://graph.facebook.com',
    video: 'https://graph-video.facebook.com',
  },
  readOptions: readFacebookOptions,
  createAdapter: createFacebookAdapter,
  createPublisher: createFacebookPublisher,
  createMetricsReader: createFacebookMetricsReader,
};
