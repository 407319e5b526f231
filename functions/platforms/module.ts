import { platformNames, type Platform } from '../../shared/platforms';
import type { Clock } from '../clock';
import type { AdapterDeps, ClientRegistrations, MetricsReader, PlatformAdapter, PlatformCredentials } from './adapter';
import { createOutboundFetch, type OutboundRule } from '../http/outbound';
import { createPlatformHttp, type FetchLike } from './http';
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
  /**
   * Present where the module calls addresses its users name (Bluesky: the server an account's
   * identity names): every request of the module then keeps the outbound rule
   * (functions/http/outbound.ts), with these bounds, letting through only the origins its
   * overridden hosts name (the sandbox's).
   */
  readonly outbound?: Pick<OutboundRule, 'maxBytes' | 'timeoutMs'>;
  /** Its own options from its own variables (e.g. LINKEDIN_VERSION); throws ConfigurationError on a bad one. */
  readOptions(env: NodeJS.ProcessEnv): Options;
  createAdapter(deps: ModuleDeps<Options>): PlatformAdapter;
  createPublisher(deps: ModuleDeps<Options>): PlatformPublisher;
  createMetricsReader(deps: ModuleDeps<Options>): MetricsReader;
}

/** A platform's publisher, built from its deps (functions/platforms/<platform>/publisher.ts). */
export type PublisherFactory<Options = unknown> = (deps: ModuleDeps<Options>) => PlatformPublisher;
/** A platform's metrics reader, built from its deps (functions/platforms/<platform>/metrics.ts). */
export type MetricsReaderFactory<Options = unknown> = (deps: ModuleDeps<Options>) => MetricsReader;

/** One configured platform: its app's credentials, its hosts (real or overridden) and its own options. */
export interface PlatformSettings<Options = unknown> {
  credentials: PlatformCredentials;
  hosts: Record<string, string>;
  options: Options;
  /**
   * Origins the outbound rule lets through besides public https hosts, named by configuration
   * (ONECLICK_OUTBOUND_ALLOWED_ORIGINS: the twin's sandbox, where a user names a server); none on AWS.
   */
  outboundAllowedOrigins?: readonly string[];
}

/** Each platform's app registrations at the servers its users name (functions/services/clientRegistrations.ts). */
export type ClientRegistrationsOf = (platform: Platform) => ClientRegistrations;

export type Adapters = Partial<Record<Platform, PlatformAdapter>>;
export type Publishers = Partial<Record<Platform, PlatformPublisher>>;
export type MetricsReaders = Partial<Record<Platform, MetricsReader>>;

/** The origins of the hosts configuration points elsewhere than the real ones (<PLATFORM>_HOST_<KEY>: the sandbox); none on AWS. */
function overriddenOrigins(module: PlatformModule<unknown>, settings: PlatformSettings<unknown>): string[] {
  const overridden = Object.entries(settings.hosts).filter(([hostKey, host]) => host !== module.hosts[hostKey]);
  return [...new Set(overridden.map(([, host]) => new URL(host).origin))];
}

/** The deps a module's parts are built with, from its settings (one HTTP client per part, named for the platform). */
export function moduleDeps<Options>(
  module: PlatformModule<Options>,
  settings: PlatformSettings<Options>,
  clock: Clock,
  fetchImpl?: FetchLike,
  registrations?: ClientRegistrationsOf,
): ModuleDeps<Options> {
  const allowedOrigins = [...new Set([...overriddenOrigins(module, settings), ...(settings.outboundAllowedOrigins ?? [])])];
  return {
    credentials: settings.credentials,
    hosts: settings.hosts,
    http: createPlatformHttp(platformNames[module.platform], module.outbound ? createOutboundFetch({ ...module.outbound, allowedOrigins }, fetchImpl) : fetchImpl),
    clock,
    options: settings.options,
    ...(registrations ? { clientRegistrations: registrations(module.platform) } : {}),
  };
}
