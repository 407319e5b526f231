import { platformNames, type Platform } from '../../shared/platforms';
import type { CreatorInfo } from '../../shared/api/creatorInfo';
import { Conflict, DomainError, NotFound } from '../errors';
import { AuthExpired, PlatformError, RateLimited } from '../platforms/errors';
import type { TokenSet } from '../platforms/adapter';
import type { Adapters } from '../platforms/registry';
import { connectionIdOf, type ConnectionStore } from './connectionStore';
import type { TokenFreshness } from './tokenFreshness';
import type { UserIdentity } from './memberships';

export interface CreatorInfoServiceDeps {
  store: ConnectionStore;
  adapters: Adapters;
  freshness: TokenFreshness;
}

/** The platform could not answer now (rate limit, outage, refusal): 502 with its reason in words. */
class PlatformUnavailable extends DomainError {
  constructor(message: string) {
    super(502, 'PlatformUnavailable', message);
  }
}

/**
 * A connected account's current posting settings (the adapter's `creatorInfo`, e.g. TikTok's
 * creator_info/query), asked with the account's tokens, which never leave the server: fresh
 * tokens first, and one refresh when the platform refuses a token before its recorded expiry.
 */
export function createCreatorInfoService({ store, adapters, freshness }: CreatorInfoServiceDeps) {
  return {
    async get(user: UserIdentity, platform: Platform, accountId: string): Promise<CreatorInfo> {
      const name = platformNames[platform];
      const adapter = adapters[platform];
      if (!adapter?.creatorInfo) throw new NotFound(`${name} has no creator settings to show.`);
      const connection = await store.get(user.userId, connectionIdOf(platform, accountId));
      if (!connection || connection.status === 'disconnected') throw new NotFound(`No ${name} connection found`);
      if (connection.status !== 'connected') throw new Conflict(connection.reconnectReason ?? `Reconnect your ${name} account on the Accounts page.`);
      const ask = (tokens: TokenSet) => adapter.creatorInfo!(tokens);
      try {
        const tokens = await freshness.freshTokens(connection);
        try {
          return await ask(tokens);
        } catch (error) {
          if (!(error instanceof AuthExpired)) throw error;
          const refreshed = await freshness.refreshAfterRefusal((await store.get(user.userId, connection.connectionId)) ?? connection, tokens);
          if (!refreshed) throw error;
          return await ask(refreshed);
        }
      } catch (error) {
        if (error instanceof AuthExpired) throw new Conflict(`Reconnect your ${name} account on the Accounts page: ${error.message}`);
        if (error instanceof RateLimited) throw new PlatformUnavailable(`${name} asks us to wait before reading your settings again. Try again in a minute.`);
        if (error instanceof PlatformError) throw new PlatformUnavailable(`${name} could not give your account's settings now: ${error.message}`);
        throw error;
      }
    },
  };
}

export type CreatorInfoService = ReturnType<typeof createCreatorInfoService>;
