import type { ModuleDeps, PlatformModule } from '../module';
import { createMastodonAdapter } from './adapter';
import { createMastodonApi } from './api';
import { createMastodonMetricsReader } from './metrics';
import { createMastodonPublisher } from './publisher';

const api = (deps: ModuleDeps<Record<string, never>>) => createMastodonApi(deps.http, deps.clock);

export const mastodonModule: PlatformModule<Record<string, never>> = {
  platform: 'mastodon',
  // No host of its own: every account's server is one its user names (kept with its token).
  hosts: {},
  // So every call keeps the outbound rule; an upload (a video, in one request) takes up to 5 minutes.
  outbound: { timeoutMs: 5 * 60_000, maxBytes: 4 * 1024 * 1024 },
  readOptions: () => ({}),
  createAdapter: (deps) => createMastodonAdapter(deps, api(deps)),
  createPublisher: (deps) => createMastodonPublisher(deps, api(deps)),
  createMetricsReader: (deps) => createMastodonMetricsReader(api(deps)),
};
