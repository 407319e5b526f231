import type { PlatformModule } from '../module';
import { readLinkedinOptions, type LinkedinOptions } from '../linkedinRest/options';
import { createLinkedinPageAdapter } from './adapter';
import { createLinkedinPageMetricsReader } from './metrics';
import { createLinkedinPagePublisher } from './publisher';

/** LinkedIn Pages: the Community Management API (one connection per organization picked), posts as the organization, its share statistics as metrics. */
export const linkedinPageModule: PlatformModule<LinkedinOptions> = {
  platform: 'linkedinPage',
  hosts: {
    www: 'https://www.linkedin.com',
    api: 'https://api.linkedin.com',
  },
  readOptions: readLinkedinOptions,
  createAdapter: createLinkedinPageAdapter,
  createPublisher: createLinkedinPagePublisher,
  createMetricsReader: createLinkedinPageMetricsReader,
};
