import type { Platform } from '../../shared/platforms';
import type { AdapterDeps, MetricsReader, PlatformAdapter } from './adapter';
import type { PlatformPublisher } from './publisher';

/** What one platform's parts are built with: the generic deps plus the module's own options. */
export interface ModuleDeps<Options> extends AdapterDeps {
  options: Options;
}

/**
 * Everything one platform brings, exported by `functions/platforms/<platform>/index.ts`: the
 * hosts it calls, its own options read from its own environment, and the three parts built
 * from them (OAuth adapter, publisher, metrics reader). `registry.ts` holds the only
 * Record<Platform, PlatformModule>; generic code names no platform.
 */
export interface PlatformModule<Options = unknown> {
  readonly platform: Platform;
  /** Every host the module calls, the real host by key (the sandbox serves each under /<platform>/<key>). */
  readonly hosts: Readonly<Record<string, string>>;
  /** Its own options from its own variables (e.g. LINKEDIN_VERSION); throws ConfigurationError on a bad one. */
  readOptions(env: NodeJS.ProcessEnv): Options;
  createAdapter(deps: ModuleDeps<Options>): PlatformAdapter;
  createPublisher(deps: ModuleDeps<Options>): PlatformPublisher;
  createMetricsReader(deps: ModuleDeps<Options>): MetricsReader;
}
