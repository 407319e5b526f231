import type { Platform } from '../../../shared/platforms';
import type { FeedStore } from './feed';
import type { Route } from './http';
import type { EventLog, LimitDefinitions } from './limits';
import type { MediaStore } from './media';
import type { AuthorizeDialect } from './authorizeDialect';
import type { ProcessingPlan } from './processing';
import type { SandboxStore } from './store';

/** The app registered at a platform (the sandbox knows exactly one per platform). */
export interface SandboxClient {
  clientId: string;
  clientSecret: string;
}

/** What a platform module gets from the sandbox. */
export interface PlatformContext {
  platform: Platform;
  client: SandboxClient;
  store: SandboxStore;
  /** Epoch ms from the injected clock: all expiry logic uses it. */
  now(): number;
  /** The URL of an account's generated avatar, served by the sandbox. */
  avatarUrl(accountId: string): string;
  /** Where the sandbox serves one of this platform's hosts, for URLs it hands out (upload sessions). */
  hostUrl(hostKey: string): string;
  /** Uploaded and fetched bytes. */
  media: MediaStore;
  /** What the accounts published. */
  feed: FeedStore;
  /** How the processing of the media being created now will go (setProcessing, or the default). */
  nextProcessing(defaultReads: number, account?: string): ProcessingPlan;
  /** The current value of one of the platform's declared limits (setLimit, or its default). */
  limit(name: string): number;
  /** Counted calls and posts, for rate limits and quotas. */
  events: EventLog;
}

/**
 * One platform's part of the sandbox, in its folder <platform>/ (index.ts builds it; api.ts,
 * publishing.ts, metrics.ts, identity.ts beside it): the hosts it serves, how its authorize
 * dialog behaves, and the routes of its real hosts (OAuth, profile, publishing, metrics). The
 * generic sandbox knows platforms only through this interface and the registry (registry.ts).
 */
export interface PlatformSandbox {
  /**
   * The keys of the platform's real hosts, as its PlatformModule configures them (e.g. `api`,
   * `www`): each is served under /<platform>/<hostKey>, and `Sandbox.hostUrl` accepts only these.
   * Every route and authorize endpoint names one of them (or one of `uploadHosts`).
   */
  hosts: readonly string[];
  authorize: AuthorizeDialect;
  routes: Route[];
  /** The account id the avatar URL carries, for the avatar route to find the account. */
  avatarId(accountName: string): string;
  /** The path routes and faults see, where the platform's real paths carry a prefix routes ignore (an API version). */
  canonicalPath?(hostKey: string, path: string): string;
  /**
   * Hosts the platform only hands out in answers (upload URLs), which its adapter is not
   * configured with; served and faulted like `hosts` under /<platform>/<hostKey>.
   */
  uploadHosts?: readonly string[];
  /** The rate limits and quotas setLimit can change (its publishing and metrics limits). */
  limits?: LimitDefinitions;
  /** Forgets upload sessions, containers and media in progress (the control API's reset). */
  reset?(): void;
}

/** Builds a platform's sandbox once, when the sandbox starts; registry.ts lists one per platform. */
export type PlatformSandboxFactory = (context: PlatformContext) => PlatformSandbox;
