import type { PlatformModule } from '../module';
import { createLinkedinAdapter } from './adapter';
import { createLinkedinMetricsReader } from './metrics';
import { readLinkedinOptions, type LinkedinOptions } from './options';
import { createLinkedinPublisher } from './publisher';

/** LinkedIn: OpenID Connect sign-in, the Posts and Videos/Images APIs, member post analytics. */
export const linkedinModule: PlatformModule<LinkedinOptions> = {
  platform: 'linkedin',
  hosts: {
    www: 'https://www.linkedin.com',
    api: 'https://api.linkedin.com',
  },
  readOptions: readLinkedinOptions,
  createAdapter: createLinkedinAdapter,
  createPublisher: createLinkedinPublisher,
  createMetricsReader: createLinkedinMetricsReader,
};
