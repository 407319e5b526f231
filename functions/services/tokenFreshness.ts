import { platformNames } from '../../shared/platforms';
import type { Clock } from '../clock';
import type { TokenSet } from '../platforms/adapter';
import { AuthExpired, PlatformError, Retryable } from '../platforms/errors';
import type { Adapters } from '../platforms/registry';
import type { ConnectionItem, ConnectionStore } from './connectionStore';

/** Refresh this long before the access token expires. */
export const REFRESH_AHEAD_MS = 5 * 60_000;
/** How long one caller may hold the right to refresh, and how a waiting caller polls. */
const LEASE_MS = 30_000;
const WAIT_STEP_MS = 250;
const MAX_WAITS = 40;

export interface RefreshReport {
  refreshed: number;
  flagged: number;
  needsReconnect: number;
  /** Left for the next run (rate limited, platform unavailable). */
  deferred: number;
}

export interface TokenFreshnessDeps {
  store: ConnectionStore;
  adapters: Adapters;
  clock: Clock;
  /** How a caller waits for another's refresh (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
}

export function createTokenFreshness({ store, adapters, clock, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }: TokenFreshnessDeps) {
  function adapterFor(item: ConnectionItem) {
    const adapter = adapters[item.platform];
    if (!adapter) throw new AuthExpired(`${platformNames[item.platform]} is not configured on this deployment.`);
    return adapter;
  }

  const expiresWithin = (tokens: TokenSet, ms: number) =>
    tokens.accessTokenExpiresAt !== undefined && new Date(tokens.accessTokenExpiresAt).getTime() - clock.now().getTime() <= ms;

  /**
   * Refreshes and persists under a lease: only one caller at a time spends a refresh token
   * (which rotating platforms invalidate on use); the others wait and use the tokens it stored.
   * A refresh the platform refuses while we hold the lease means the grant is really dead.
   */
  async function refreshItem(start: ConnectionItem): Promise<TokenSet> {
    let item = start;
    for (let wait = 0; wait <= MAX_WAITS; wait++) {
      if (item.status !== 'connected') throw new AuthExpired(item.reconnectReason ?? `Reconnect your ${platformNames[item.platform]} account.`);
      if (item.tokenVersion !== start.tokenVersion) {
        const tokens = await store.tokensOf(item);
        if (tokens) return tokens;
      }
      if (await store.acquireRefreshLease(item, LEASE_MS)) {
        const adapter = adapterFor(item);
        const tokens = await store.tokensOf(item);
        if (!tokens) throw new AuthExpired(`Reconnect your ${platformNames[item.platform]} account.`);
        let fresh: TokenSet;
        try {
          fresh = await adapter.refresh(tokens);
        } catch (error) {
          if (error instanceof AuthExpired) await store.markNeedsReconnect(item, error.message);
          else await store.releaseRefreshLease(item);
          throw error;
        }
        if (await store.replaceTokens(item, fresh, adapter.canRefresh(fresh), item.tokenVersion)) return fresh;
      } else {
        await sleep(WAIT_STEP_MS);
      }
      const latest = await store.get(item.userId, item.connectionId);
      if (!latest) throw new AuthExpired(`Reconnect your ${platformNames[item.platform]} account.`);
      item = latest;
    }
    throw new Retryable(`Another refresh of the ${platformNames[item.platform]} tokens did not finish in time`);
  }

  return {
    /**
     * Tokens a publisher can use now: refreshed ahead of expiry when the platform allows it.
     * A dead token marks the connection needs_reconnect and throws AuthExpired.
     */
    async freshTokens(item: ConnectionItem): Promise<TokenSet> {
      const tokens = await store.tokensOf(item);
      if (!tokens || item.status !== 'connected') throw new AuthExpired(`Reconnect your ${platformNames[item.platform]} account.`);
      if (!expiresWithin(tokens, REFRESH_AHEAD_MS)) return tokens;
      if (adapterFor(item).canRefresh(tokens)) return refreshItem(item);
      if (expiresWithin(tokens, 0)) {
        const reason = `Your ${platformNames[item.platform]} access has expired. Reconnect the account to keep publishing.`;
        await store.markNeedsReconnect(item, reason);
        throw new AuthExpired(reason);
      }
      return tokens;
    },

    /**
     * The platform refused `refused` (AuthExpired) although it had not expired by our records:
     * one refresh under the lease. Returns the new tokens (another caller's, if one refreshed
     * meanwhile), or undefined when no refresh token is held. A refresh the platform refuses
     * marks the connection needs_reconnect and throws AuthExpired.
     */
    async refreshAfterRefusal(item: ConnectionItem, refused: TokenSet): Promise<TokenSet | undefined> {
      if (item.status !== 'connected') return undefined;
      const current = await store.tokensOf(item);
      if (current && current.accessToken !== refused.accessToken) return current;
      const adapter = adapters[item.platform];
      if (!adapter || !adapter.canRefresh(current ?? refused)) return undefined;
      return refreshItem(item);
    },

    /**
     * Asks the platform who the tokens act for: a revoked grant shows up here (the connection
     * becomes needs_reconnect); otherwise the profile is the current one.
     */
    async verify(item: ConnectionItem) {
      const tokens = await this.freshTokens(item);
      try {
        return await adapterFor(item).fetchProfile(tokens);
      } catch (error) {
        if (error instanceof AuthExpired) {
          const latest = (await store.get(item.userId, item.connectionId)) ?? item;
          await store.markNeedsReconnect(latest, error.message);
        }
        throw error;
      }
    },

    /** The scheduled job: refreshes what is due, warns ahead of expiry what cannot be refreshed. */
    async refreshDue(): Promise<RefreshReport> {
      const report: RefreshReport = { refreshed: 0, flagged: 0, needsReconnect: 0, deferred: 0 };
      const now = clock.now();
      for (const item of await store.listDue(now)) {
        if (item.status !== 'connected') continue;
        const tokens = await store.tokensOf(item);
        const adapter = adapters[item.platform];
        if (!tokens || !adapter) continue;
        if (adapter.canRefresh(tokens)) {
          try {
            await refreshItem(item);
            report.refreshed++;
          } catch (error) {
            if (error instanceof AuthExpired) report.needsReconnect++;
            else if (error instanceof PlatformError) report.deferred++;
            else throw error;
          }
          continue;
        }
        const expiry = tokens.accessTokenExpiresAt;
        if (!expiry) continue;
        if (new Date(expiry) <= now) {
          await store.markNeedsReconnect(
            item,
            `Your ${platformNames[item.platform]} access has expired. Reconnect the account to keep publishing.`,
          );
          report.needsReconnect++;
        } else {
          await store.flagReconnectBy(item, expiry, expiry);
          report.flagged++;
        }
      }
      return report;
    },
  };
}

export type TokenFreshness = ReturnType<typeof createTokenFreshness>;
