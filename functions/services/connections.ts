import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { platformNames, platforms, type Platform } from '../../shared/platforms';
import type { ConnectErrorCode, ConnectionList } from '../../shared/api/connections';
import type { Clock } from '../clock';
import { DomainError, NotFound, QuotaExceeded, InvalidInput } from '../errors';
import { NoPublishingProfile, PlatformError } from '../platforms/errors';
import type { TokenSet } from '../platforms/adapter';
import type { Adapters } from '../platforms/registry';
import type { MembershipService, UserIdentity } from './memberships';
import { InvalidOAuthState, nonceMatches, OAUTH_CONFIRM_TTL_SECONDS, OAUTH_STATE_TTL_SECONDS, type OAuthStates } from './oauthStates';
import { connectionIdOf, toConnection, type ConnectionItem, type ConnectionStore } from './connectionStore';

export interface ConnectionServiceDeps {
  db: DynamoDBDocumentClient;
  store: ConnectionStore;
  states: OAuthStates;
  memberships: MembershipService;
  adapters: Adapters;
  clock: Clock;
  /** The site's origin, e.g. https://d123.cloudfront.net; the API is at <siteUrl>/api. */
  siteUrl: string;
  /** Failures we swallow on purpose (a revoke that did not go through) are reported here. */
  warn: (message: string, details: Record<string, unknown>) => void;
}

class ConnectFailure extends Error {
  constructor(
    readonly code: ConnectErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A connection that cannot be finished, refused to the confirming call with its code and words. */
export class ConnectRefused extends DomainError {
  constructor(code: ConnectErrorCode, message: string) {
    super(refusalStatus[code], code, message);
  }
}

const refusalStatus: Record<ConnectErrorCode, number> = {
  access_denied: 400,
  invalid_state: 400,
  other_browser: 403,
  other_user: 403,
  signed_out: 401,
  missing_scopes: 400,
  quota_exceeded: 403,
  not_configured: 400,
  exchange_failed: 502,
  no_channel: 400,
};

/** The HttpOnly cookie that binds a flow to the browser that started it. */
export const OAUTH_COOKIE_NAME = 'oneclick_oauth';

const invalidStateMessage = 'This connection attempt has expired or was already used. Please connect again.';
const otherBrowserMessage =
  'This connection was finished in a different browser (or tab) from the one that started it, or a newer connection attempt replaced it. Nothing was connected. Please connect again from this browser.';
const otherUserMessage =
  'This connection was started by a different OneClick account from the one signed in here. Nothing was connected. Sign in with the account that started it, or connect again.';

function quotaMessage(maxAccounts: number): string {
  return maxAccounts === 1
    ? 'Your plan allows 1 connected account. Disconnect it to connect another, or upgrade your plan.'
    : `Your plan allows ${maxAccounts} connected accounts. Disconnect one to connect another, or upgrade your plan.`;
}

export function createConnectionService(deps: ConnectionServiceDeps) {
  const { db, store, states, memberships, adapters, clock, siteUrl } = deps;
  const redirectUri = (platform: Platform) => `${siteUrl}/api/connections/${platform}/callback`;

  function callbackLocation(params: Record<string, string>): string {
    return `${siteUrl}/auth/callback?${new URLSearchParams(params).toString()}`;
  }

  /** The cookie lives under the platform's connection paths only (callback and confirm). */
  const cookiePath = (platform: Platform) => new URL(`${siteUrl}/api/connections/${platform}`).pathname;
  const flowCookie = (platform: Platform, nonce: string, maxAgeSeconds: number) =>
    `${OAUTH_COOKIE_NAME}=${nonce}; Path=${cookiePath(platform)}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;

  async function revokeQuietly(platform: Platform, tokens: TokenSet, why: string): Promise<void> {
    try {
      await adapters[platform]?.revoke(tokens);
    } catch (error) {
      deps.warn('Revoking at the platform failed; our copy of the tokens is deleted anyway', {
        platform,
        why,
        error: (error as Error).message,
      });
    }
  }

  /** A state step whose InvalidOAuthState is said to the user as `invalid_state`. */
  async function stateStep<T>(step: Promise<T>): Promise<T> {
    try {
      return await step;
    } catch (error) {
      if (error instanceof InvalidOAuthState) throw new ConnectFailure('invalid_state', invalidStateMessage);
      throw error;
    }
  }

  /** The code a callback brought back to the browser that started the flow, or why the flow ends there. */
  function callbackOutcome(platform: Platform, query: { code?: string; error?: string }, sameBrowser: boolean): { code: string } | ConnectFailure {
    const name = platformNames[platform];
    if (!sameBrowser) return new ConnectFailure('other_browser', otherBrowserMessage);
    if (query.error) return new ConnectFailure('access_denied', `You did not give OneClick access to your ${name} account.`);
    if (!adapters[platform]) return new ConnectFailure('not_configured', `${name} is not configured on this deployment.`);
    if (!query.code) return new ConnectFailure('exchange_failed', `Failed to connect to ${name}: no authorization code was returned.`);
    return { code: query.code };
  }

  /** Stores a (re)connected account; a new one takes an account slot atomically. */
  async function save(userId: string, platform: Platform, tokens: TokenSet, profile: Parameters<ConnectionStore['connectedItem']>[2]): Promise<void> {
    const adapter = adapters[platform]!;
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await store.get(userId, connectionIdOf(platform, profile.platformUserId));
      const item = await store.connectedItem(userId, platform, profile, tokens, adapter.canRefresh(tokens), existing);
      const reconnecting = existing !== undefined && existing.status !== 'disconnected';
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: store.tableName,
                  Item: item,
                  ConditionExpression: reconnecting
                    ? 'tokenVersion = :version'
                    : 'attribute_not_exists(connectionId) OR #status = :disconnected',
                  ...(reconnecting
                    ? { ExpressionAttributeValues: { ':version': existing.tokenVersion } }
                    : { ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':disconnected': 'disconnected' } }),
                },
              },
              ...(reconnecting ? [] : [memberships.reserveAccountSlot(userId)]),
            ],
          }),
        );
        return;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [connectionReason, quotaReason] = error.CancellationReasons ?? [];
        if (quotaReason?.Code === 'ConditionalCheckFailed') {
          const { maxAccounts } = await memberships.accountUsage({ userId, email: '' });
          throw new ConnectFailure('quota_exceeded', quotaMessage(maxAccounts ?? 0));
        }
        if (connectionReason?.Code !== 'ConditionalCheckFailed') throw error;
        // Someone connected the same account at the same moment: read again and retry.
      }
    }
    throw new Error('The connection changed too often while being saved');
  }

  return {
    redirectUri,

    /** The client metadata document of a platform that publishes one (its client_id is this URL). */
    clientMetadata(platform: Platform): Record<string, unknown> {
      const metadata = adapters[platform]?.clientMetadata?.(redirectUri(platform));
      if (!metadata) throw new NotFound(`${platformNames[platform]} has no client metadata document on this deployment.`);
      return metadata;
    },

    async list(user: UserIdentity): Promise<ConnectionList> {
      const [items, usage] = await Promise.all([store.list(user.userId), memberships.accountUsage(user)]);
      const now = clock.now();
      return {
        connections: items.filter((item) => item.status !== 'disconnected').map((item) => toConnection(item, now)),
        availablePlatforms: platforms.filter((platform) => adapters[platform] !== undefined),
        usage,
      };
    },

    async startAuthorization(user: UserIdentity, platform: Platform): Promise<{ authorizationUrl: string; cookie: string }> {
      const adapter = adapters[platform];
      if (!adapter) throw new InvalidInput(`${platformNames[platform]} is not configured on this deployment.`);
      const { connectedAccounts, maxAccounts } = await memberships.accountUsage(user);
      if (maxAccounts !== null && connectedAccounts >= maxAccounts) {
        // Reconnecting an account that needs it does not take a new slot.
        const items = await store.list(user.userId);
        const reconnecting = items.some((item) => item.platform === platform && item.status === 'needs_reconnect');
        if (!reconnecting) throw new QuotaExceeded(quotaMessage(maxAccounts));
      }
      const state = states.prepare(user.userId, platform, adapter.usesPkce);
      let start;
      try {
        start = await adapter.authorizeUrl({
          state: state.state,
          redirectUri: redirectUri(platform),
          ...(state.codeChallenge ? { codeChallenge: state.codeChallenge } : {}),
        });
      } catch (error) {
        // A platform that takes the request first (PAR) may refuse it or be unreachable.
        if (error instanceof PlatformError) throw new DomainError(502, 'PlatformUnavailable', `${platformNames[platform]} could not start the connection: ${error.message}`);
        throw error;
      }
      await states.save(state, start.flowData);
      return {
        authorizationUrl: start.url,
        /** Set on the starting browser: the callback and the confirm call accept only it. */
        cookie: flowCookie(platform, state.nonce, OAUTH_STATE_TTL_SECONDS + OAUTH_CONFIRM_TTL_SECONDS),
      };
    },

    /**
     * The platform sent the browser back. Nothing is connected here: the flow is read, checked
     * against the browser's cookie, and — when it came back to the browser that started it with a
     * code — marked with it (once) for the signed-in user's confirming call; otherwise it ends. The answer is
     * always a redirect to the app's /auth/callback page: with the platform and the state to
     * confirm, or error=auth_failed with a code (and the spec's error_message in our words).
     */
    async completeAuthorization(
      platform: Platform,
      query: { code?: string; state?: string; iss?: string; error?: string; error_description?: string },
      browserNonce: string | undefined,
    ): Promise<{ location: string }> {
      try {
        if (!query.state) throw new ConnectFailure('invalid_state', 'CSRF state token not found');
        const state = await stateStep(states.started(query.state, platform));
        const returned = callbackOutcome(platform, query, nonceMatches(browserNonce, state.nonceHash));
        if (returned instanceof ConnectFailure) {
          // It ends here, even when it came back to another browser: that may be an attacker's flow
          // finished by a victim's consent, which must never connect (docs/decisions.md).
          await stateStep(states.discard(state));
          throw returned;
        }
        await stateStep(states.markReturned(state, returned.code, query.iss));
        return { location: callbackLocation({ platform, state: state.state }) };
      } catch (error) {
        if (error instanceof ConnectFailure) {
          return {
            location: callbackLocation({ platform, error: 'auth_failed', error_code: error.code, error_message: error.message }),
          };
        }
        throw error;
      }
    },

    /**
     * The signed-in user finishes a flow the platform sent back: only the user who started it,
     * from the browser that started it, connects the account. Returns where the app goes next
     * (and clears the flow's cookie); a refusal is a ConnectRefused with its code and words.
     */
    async confirmAuthorization(
      user: UserIdentity,
      platform: Platform,
      stateValue: string,
      browserNonce: string | undefined,
    ): Promise<{ location: string; cookie: string }> {
      const name = platformNames[platform];
      try {
        // Checked first, then taken: a confirm by another user or browser leaves the attempt as it was.
        const returned = await stateStep(states.returned(stateValue, platform));
        if (returned.userId !== user.userId) throw new ConnectFailure('other_user', otherUserMessage);
        if (!nonceMatches(browserNonce, returned.nonceHash)) throw new ConnectFailure('other_browser', otherBrowserMessage);
        const state = await stateStep(states.takeReturned(returned));
        const adapter = adapters[platform];
        if (!adapter) throw new ConnectFailure('not_configured', `${name} is not configured on this deployment.`);

        let tokens: TokenSet;
        let profile;
        try {
          tokens = await adapter.exchangeCode({
            code: state.code,
            redirectUri: redirectUri(platform),
            ...(state.codeVerifier ? { codeVerifier: state.codeVerifier } : {}),
            ...(state.flowData ? { flowData: state.flowData } : {}),
            ...(state.issuer ? { issuer: state.issuer } : {}),
          });
        } catch (error) {
          if (error instanceof PlatformError) throw new ConnectFailure('exchange_failed', `Failed to connect to ${name}: ${error.message}`);
          throw error;
        }
        const missing = tokens.scopes.length ? adapter.requiredScopes.filter((scope) => !tokens.scopes.includes(scope)) : [];
        if (missing.length) {
          await revokeQuietly(platform, tokens, 'missing scopes');
          throw new ConnectFailure(
            'missing_scopes',
            `OneClick needs every permission it asked ${name} for (missing: ${missing.join(', ')}). Please connect again and allow them all.`,
          );
        }
        try {
          profile = await adapter.fetchProfile(tokens);
        } catch (error) {
          if (error instanceof PlatformError) {
            await revokeQuietly(platform, tokens, 'profile lookup failed');
            if (error instanceof NoPublishingProfile) throw new ConnectFailure('no_channel', error.message);
            throw new ConnectFailure('exchange_failed', `Failed to connect to ${name}: ${error.message}`);
          }
          throw error;
        }
        try {
          await save(state.userId, platform, tokens, profile);
        } catch (error) {
          if (error instanceof ConnectFailure) await revokeQuietly(platform, tokens, error.code);
          throw error;
        }
        return { location: callbackLocation({ platform, status: 'connected' }), cookie: flowCookie(platform, '', 0) };
      } catch (error) {
        if (error instanceof ConnectFailure) throw new ConnectRefused(error.code, error.message);
        throw error;
      }
    },

    /** Revokes at the platform where it can, deletes our tokens, and frees the account slot. */
    async disconnect(user: UserIdentity, platform: Platform, platformUserId: string): Promise<void> {
      const connectionId = connectionIdOf(platform, platformUserId);
      const item: ConnectionItem | undefined = await store.get(user.userId, connectionId);
      if (!item || item.status === 'disconnected') throw new NotFound(`No ${platformNames[platform]} connection found`);
      const tokens = await store.tokensOf(item);
      if (tokens) await revokeQuietly(platform, tokens, 'disconnect');
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: store.tableName,
                  Key: { userId: user.userId, connectionId },
                  UpdateExpression:
                    'SET #status = :disconnected, updatedAt = :now REMOVE tokens, grantedScopes, refreshDueAt, refreshShard, reconnectReason, reconnectBy, accessTokenExpiresAt',
                  ConditionExpression: '#status <> :disconnected',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':disconnected': 'disconnected', ':now': clock.now().toISOString() },
                },
              },
              memberships.releaseAccountSlot(user.userId),
            ],
          }),
        );
      } catch (error) {
        if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') {
          throw new NotFound(`No ${platformNames[platform]} connection found`);
        }
        throw error;
      }
    },
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;
