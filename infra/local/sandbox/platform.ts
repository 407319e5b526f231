import type { Platform } from '../../../shared/platforms';
import type { Route } from './http';
import type { AuthorizeDialect } from './oauth';
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
}

/**
 * One platform's part of the sandbox: how its authorize dialog behaves and the routes of its
 * real hosts. Publishing endpoints are more routes in the same module.
 */
export interface PlatformSandbox {
  authorize: AuthorizeDialect;
  routes: Route[];
  /** The account id the avatar URL carries, for the avatar route to find the account. */
  avatarId(accountName: string): string;
  /** The path routes and faults see; e.g. Instagram's graph host drops the `/vNN.N` prefix. */
  canonicalPath?(hostKey: string, path: string): string;
}

export type PlatformSandboxFactory = (context: PlatformContext) => PlatformSandbox;
