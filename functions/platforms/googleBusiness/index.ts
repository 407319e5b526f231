import type { ModuleDeps, PlatformModule } from '../module';
import { createGoogleBusinessAdapter } from './adapter';
import { createGoogleBusinessApi } from './api';
import { createGoogleBusinessMetricsReader } from './metrics';
import { createGoogleBusinessPublisher } from './publisher';

const api = (deps: ModuleDeps<Record<string, never>>) => createGoogleBusinessApi(deps.http, deps.clock);

/** Google Business Profile: Google OAuth with refresh, a location per connection, local posts through the My Business API v4. No options. */
export const googleBusinessModule: PlatformModule<Record<string, never>> = {
  platform: 'googleBusiness',
  hosts: {
    accounts: 'https://accounts.google.com',
    oauth2: 'https://oauth2.googleapis.com',
    accountmanagement: 'https://mybusinessaccountmanagement.googleapis.com',
    businessinformation: 'https://mybusinessbusinessinformation.googleapis.com',
    mybusiness: 'https://mybusiness.googleapis.com',
    performance: 'https://businessprofileperformance.googleapis.com',
  },
  readOptions: () => ({}),
  createAdapter: createGoogleBusinessAdapter,
  createPublisher: (deps) => createGoogleBusinessPublisher(deps, api(deps), deps.hosts['mybusiness']!),
  createMetricsReader: () => createGoogleBusinessMetricsReader(),
};
