import { platformNames, type Platform } from '../../shared/platforms';
import type { CreatorInfo } from '../../shared/api/creatorInfo';
import type { PublishingQuota } from '../../shared/api/publishingQuota';
import { ACCOUNT_METRICS_DAYS, type AccountDailyMetrics, type AccountMetricKey } from '../../shared/api/accountMetrics';
import type { Clock } from '../clock';
import type { AccountCollection, AccountCollections } from '../../shared/api/collections';
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
  clock: Clock;
}

/** The platform could not answer now (rate limit, outage, refusal): 502 with its reason in words. */
class PlatformUnavailable extends DomainError {
  constructor(message: string) {
    super(502, 'PlatformUnavailable', message);
  }
}

/**
 * What a connected account's platform says about it now, asked with the account's tokens, which
 * never leave the server: fresh tokens first, and one refresh when the platform refuses a token
 * before its recorded expiry. `get`: its current posting settings (the adapter's `creatorInfo`,
 * e.g. TikTok's creator_info/query); `publishingQuota`: how much of the platform's publishing
 * limit it has used (the adapter's `publishingQuota`); `dailyMetrics`: the account's own numbers
 * per day over the last four weeks up to yesterday (UTC), where its platform reports them per
 * account (the adapter's `accountDailyMetrics`).
 */
export function createCreatorInfoService({ store, adapters, freshness, clock }: CreatorInfoServiceDeps) {
  async function askAbout<T>(user: UserIdentity, platform: Platform, accountId: string, what: string, ask: ((tokens: TokenSet, platformUserId: string) => Promise<T>) | undefined): Promise<T> {
    const name = platformNames[platform];
    if (!ask) throw new NotFound(`${name} has no ${what} to show.`);
    const connection = await store.get(user.userId, connectionIdOf(platform, accountId));
    if (!connection || connection.status === 'disconnected') throw new NotFound(`No ${name} connection found`);
    if (connection.status !== 'connected') throw new Conflict(connection.reconnectReason ?? `Reconnect your ${name} account on the Accounts page.`);
    try {
      const tokens = await freshness.freshTokens(connection);
      try {
        return await ask(tokens, connection.platformUserId);
      } catch (error) {
        if (!(error instanceof AuthExpired)) throw error;
        const refreshed = await freshness.refreshAfterRefusal((await store.get(user.userId, connection.connectionId)) ?? connection, tokens);
        if (!refreshed) throw error;
        return await ask(refreshed, connection.platformUserId);
      }
    } catch (error) {
      if (error instanceof AuthExpired) throw new Conflict(`Reconnect your ${name} account on the Accounts page: ${error.message}`);
      if (error instanceof RateLimited) throw new PlatformUnavailable(`${name} asks us to wait before reading your ${what} again. Try again in a minute.`);
      if (error instanceof PlatformError) throw new PlatformUnavailable(`${name} could not give your account's ${what} now: ${error.message}`);
      throw error;
    }
  }

  return {
    get(user: UserIdentity, platform: Platform, accountId: string): Promise<CreatorInfo> {
      const adapter = adapters[platform];
      return askAbout(user, platform, accountId, 'creator settings', adapter?.creatorInfo && ((tokens) => adapter.creatorInfo!(tokens)));
    },
    publishingQuota(user: UserIdentity, platform: Platform, accountId: string): Promise<PublishingQuota> {
      const adapter = adapters[platform];
      return askAbout(user, platform, accountId, 'publishing limit', adapter?.publishingQuota && ((tokens, platformUserId) => adapter.publishingQuota!(tokens, platformUserId)));
    },
    async dailyMetrics(user: UserIdentity, platform: Platform, accountId: string): Promise<AccountDailyMetrics> {
      const adapter = adapters[platform];
      const today = Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth(), clock.now().getUTCDate());
      const days = Array.from({ length: ACCOUNT_METRICS_DAYS }, (_, index) => new Date(today - (ACCOUNT_METRICS_DAYS - index) * 86_400_000).toISOString().slice(0, 10));
      const range = { from: days[0]!, to: days[days.length - 1]!, days };
      const numbers = await askAbout(user, platform, accountId, 'numbers', adapter?.accountDailyMetrics && ((tokens) => adapter.accountDailyMetrics!(tokens, range)));
      const totals: Partial<Record<AccountMetricKey, number>> = {};
      for (const metric of numbers.metrics) totals[metric] = days.reduce((sum, day) => sum + (numbers.days[day]?.[metric] ?? 0), 0);
      return {
        from: range.from,
        to: range.to,
        metrics: numbers.metrics,
        totals,
        days: days.map((date) => ({ date, values: Object.fromEntries(numbers.metrics.flatMap((metric) => (numbers.days[date]?.[metric] === undefined ? [] : [[metric, numbers.days[date]![metric]!]]))) })),
        readAt: clock.now().toISOString(),
      };
    },
    /** The account's collections (boards), for the post's choice (the adapter's `collections`). */
    async collections(user: UserIdentity, platform: Platform, accountId: string): Promise<AccountCollections> {
      const adapter = adapters[platform];
      return { collections: await askAbout(user, platform, accountId, 'collections', adapter?.collections && ((tokens) => adapter.collections!(tokens))) };
    },
    /** Makes a collection (a board) for the account on its platform (the adapter's `createCollection`). */
    createCollection(user: UserIdentity, platform: Platform, accountId: string, name: string): Promise<AccountCollection> {
      const adapter = adapters[platform];
      return askAbout(user, platform, accountId, 'collections', adapter?.createCollection && ((tokens) => adapter.createCollection!(tokens, name)));
    },
  };
}

export type CreatorInfoService = ReturnType<typeof createCreatorInfoService>;
