import type { ModuleDeps, PlatformModule } from '../module';
import { createBlueskyAdapter } from './adapter';
import { blueskyHosts } from './hosts';
import { createDpopHttp } from './dpop';
import { createBlueskyMetricsReader } from './metrics';
import { readBlueskyOptions, type BlueskyOptions } from './options';
import { createBlueskyPublisher } from './publisher';
import { createXrpc } from './xrpc';

export { blueskyClientMetadata } from './clientMetadata';
export type { BlueskyOptions } from './options';

/** Bluesky (AT Protocol): one DPoP-aware HTTP client per part, remembering the servers' nonces. */
function clients(deps: ModuleDeps<BlueskyOptions>) {
  const dpopHttp = createDpopHttp(deps.http, deps.clock);
  return { dpopHttp, xrpc: createXrpc(dpopHttp, deps.clock) };
}

export const blueskyModule: PlatformModule<BlueskyOptions> = {
  platform: 'bluesky',
  hosts: blueskyHosts,
  // An account's PDS is whatever server its identity names: every call keeps the outbound rule.
  // Uploads (a video, in one request) take up to the platform client's own 5 minutes.
  outbound: { timeoutMs: 5 * 60_000 },
  readOptions: () => readBlueskyOptions(),
  createAdapter(deps) {
    const { dpopHttp, xrpc } = clients(deps);
    return createBlueskyAdapter(deps, dpopHttp, xrpc);
  },
  createPublisher: (deps) => createBlueskyPublisher(deps, clients(deps).xrpc),
  createMetricsReader: (deps) => createBlueskyMetricsReader(clients(deps).xrpc),
};
