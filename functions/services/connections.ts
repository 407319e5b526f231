import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { capabilities, platformNames, platforms, type Platform } from '../../shared/platforms';
import type { Confirmation, ConnectErrorCode, ConnectionList } from '../../shared/api/connections';
import type { Clock } from '../clock';
import { DomainError, NotFound, QuotaExceeded, InvalidInput } from '../errors';
import { NoPublishingProfile, PlatformError } from '../platforms/errors';
import type { ManagedAccount, TokenSet } from '../platforms/adapter';
import type { Adapters } from '../platforms/registry';
import type { MembershipService, UserIdentity } from './memberships';
import { InvalidOAuthState, nonceMatches, OAUTH_CONFIRM_TTL_SECONDS, OAUTH_STATE_TTL_SECONDS, type OAuthStates } from './oauthStates';
import { ACCOUNT_CHOICE_TTL_SECONDS, InvalidAccountChoice, type AccountChoices } from './accountChoices';
import { connectionIdOf, toConnection, type ConnectionItem, type ConnectionStore } from './connectionStore';
import { accountLimitsStale } from '../../shared/platforms/accountLimits';

export interface ConnectionServiceDeps {
  db: DynamoDBDocumentClient;
  store: ConnectionStore;
  states: OAuthStates;
  /** Pending picks, for platforms where one consent manages several accounts. */
  choices: AccountChoices;
  memberships: MembershipService;
  adapters: Adapters;
  clock: Clock;
  /** The site's origin, e.g. https://d123.cloudfront.net; the API is at <siteUrl>/api. */
  siteUrl: string;
  /** Failures we swallow on purpose (a revoke that did not go through) are reported here. */
  warn: (message: string, details: Record<string, unknown>) => void;
  /**
   * Why the one outbound rule (functions/http/outbound.ts) refuses a server a user named, in
   * words; undefined when it lets it through. Absent: no platform here takes a server.
   */
  outboundRefusal?: (address: string) => Promise<string | undefined>;
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
  no_accounts: 400,
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

/**
 * A server the user typed ("server.example", "https://server.example/"), as the address the
 * platform's adapter calls: https unless the user said otherwise, without a trailing slash, query,
 * fragment or credentials. Refused in words when it is not an address at all.
 */
export function serverAddress(typed: string): string {
  const text = typed.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw new InvalidInput(`"${text}" is not a server address; type it as server.example or https://server.example.`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InvalidInput(`Type only the server's address (e.g. ${url.host}), without a user name, query or fragment.`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function createConnectionService(deps: ConnectionServiceDeps) {
  const { db, store, states, choices, memberships, adapters, clock, siteUrl } = deps;
  const redirectUri = (platform: Platform) => `${siteUrl}/api/connections/${platform}/callback`;

  function callbackLocation(params: Record<string, string>): string {
    return `${siteUrl}/auth/callback?${new URLSearchParams(params).toString()}`;
  }

  /** The server a user named for a platform whose accounts live on one: an address the outbound rule lets through, or why not in words. */
  async function checkedServer(platform: Platform, typed: string | undefined): Promise<string> {
    if (!typed?.trim()) throw new InvalidInput(`Type the ${platformNames[platform]} server your account is on (e.g. ${capabilities[platform].connectServer!.example}).`);
    const server = serverAddress(typed);
    const refusal = deps.outboundRefusal ? await deps.outboundRefusal(server) : 'no server can be named on this deployment.';
    if (refusal) throw new InvalidInput(`OneClick cannot connect to ${server}: ${refusal} Type the address of a public ${platformNames[platform]} server.`);
    return server;
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

  /** A state step whose InvalidOAuthState (or InvalidAccountChoice) is said to the user as `invalid_state`. */
  async function stateStep<T>(step: Promise<T>): Promise<T> {
    try {
      return await step;
    } catch (error) {
      if (error instanceof InvalidOAuthState || error instanceof InvalidAccountChoice) throw new ConnectFailure('invalid_state', invalidStateMessage);
      throw error;
    }
  }

  /** A platform call during connecting whose failure is said in words; the tokens are revoked when asked. */
  async function platformStep<T>(platform: Platform, step: () => Promise<T>, revokeOnFailure?: { tokens: TokenSet; why: string }): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (revokeOnFailure) await revokeQuietly(platform, revokeOnFailure.tokens, revokeOnFailure.why);
      if (error instanceof NoPublishingProfile) throw new ConnectFailure('no_channel', error.message);
      throw new ConnectFailure('exchange_failed', `Failed to connect to ${platformNames[platform]}: ${error.message}`);
    }
  }

  /**
   * A consent that manages several accounts: the accounts it offers are kept (encrypted) for the
   * user to pick from, bound like the flow to the user and this browser; none offered ends here.
   */
  async function offerChoice(
    flow: { userId: string; platform: Platform; nonceHash: string },
    listAccounts: (tokens: TokenSet) => Promise<ManagedAccount[]>,
    tokens: TokenSet,
    browserNonce: string,
  ): Promise<{ confirmation: Confirmation; cookie: string }> {
    const { platform } = flow;
    const offered = await platformStep(platform, () => listAccounts(tokens), { tokens, why: 'account list failed' });
    if (offered.length === 0) {
      await revokeQuietly(platform, tokens, 'no accounts');
      throw new ConnectFailure(
        'no_accounts',
        `Your ${platformNames[platform]} login manages no account OneClick can publish to. Nothing was connected.`,
      );
    }
    const choice = await choices.save(flow, offered);
    return {
      confirmation: { choice: { choiceId: choice.choiceId, accounts: choice.accounts } },
      // The same browser picks: its cookie lives as long as the choice does.
      cookie: flowCookie(platform, browserNonce, ACCOUNT_CHOICE_TTL_SECONDS),
    };
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

  /**
   * A connected account whose server sets its own limits, with them read again when they are a day
   * old or missing (`readLimits`). A server that does not answer leaves the kept ones (or the
   * platform data's) in use: the list never fails for it, and the publisher checks again.
   */
  async function withFreshLimits(item: ConnectionItem, now: Date): Promise<ConnectionItem> {
    const adapter = adapters[item.platform];
    if (item.status !== 'connected' || !adapter?.readLimits || !capabilities[item.platform].accountLimits || !accountLimitsStale(item.limits, now)) return item;
    try {
      const tokens = await store.tokensOf(item);
      if (!tokens) return item;
      const limits = await adapter.readLimits(tokens);
      await store.saveLimits(item, limits);
      return { ...item, limits };
    } catch (error) {
      deps.warn('account limits not read again', { platform: item.platform, connectionId: item.connectionId, error: error instanceof Error ? error.message : String(error) });
      return item;
    }
  }

  /**
   * Stores (re)connected accounts in one transaction: all or none. Each new one takes an account
   * slot in the same transaction (the plan's limit, in words when exceeded); an account already
   * connected, or needing reconnect, is updated in place and takes none.
   */
  async function save(userId: string, platform: Platform, accounts: readonly ManagedAccount[]): Promise<void> {
    const adapter = adapters[platform]!;
    for (let attempt = 0; attempt < 3; attempt++) {
      const puts = await Promise.all(
        accounts.map(async ({ profile, tokens }) => {
          const existing = await store.get(userId, connectionIdOf(platform, profile.platformUserId));
          const item = await store.connectedItem(userId, platform, profile, tokens, adapter.canRefresh(tokens), existing);
          const reconnecting = existing !== undefined && existing.status !== 'disconnected';
          return {
            reconnecting,
            Put: {
              TableName: store.tableName,
              Item: item,
              ConditionExpression: reconnecting ? 'tokenVersion = :version' : 'attribute_not_exists(connectionId) OR #status = :disconnected',
              ...(reconnecting
                ? { ExpressionAttributeValues: { ':version': existing.tokenVersion } }
                : { ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':disconnected': 'disconnected' } }),
            },
          };
        }),
      );
      const newAccounts = puts.filter((put) => !put.reconnecting).length;
      let maxAccounts: number | null = null;
      if (newAccounts > 1) {
        ({ maxAccounts } = await memberships.accountUsage({ userId, email: '' }));
        if (maxAccounts !== null && newAccounts > maxAccounts) throw new ConnectFailure('quota_exceeded', quotaMessage(maxAccounts));
      }
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              ...puts.map(({ Put }) => ({ Put })),
              ...(newAccounts > 0 ? [memberships.reserveAccountSlots(userId, newAccounts, maxAccounts)] : []),
            ],
          }),
        );
        return;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        const quotaReason = newAccounts > 0 ? reasons[puts.length] : undefined;
        if (quotaReason?.Code === 'ConditionalCheckFailed') {
          const usage = await memberships.accountUsage({ userId, email: '' });
          // The limit itself changed since it was read: read again and retry.
          if (newAccounts > 1 && usage.maxAccounts !== maxAccounts) continue;
          throw new ConnectFailure('quota_exceeded', quotaMessage(usage.maxAccounts ?? 0));
        }
        // Someone connected one of the same accounts at the same moment: read again and retry.
        if (!reasons.slice(0, puts.length).some((reason) => reason.Code === 'ConditionalCheckFailed')) throw error;
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
      const [listed, usage] = await Promise.all([store.list(user.userId), memberships.accountUsage(user)]);
      const now = clock.now();
      const items = await Promise.all(listed.map((item) => withFreshLimits(item, now)));
      return {
        connections: items.filter((item) => item.status !== 'disconnected').map((item) => toConnection(item, now)),
        availablePlatforms: platforms.filter((platform) => adapters[platform] !== undefined),
        usage,
      };
    },

    async startAuthorization(user: UserIdentity, platform: Platform, typedServer?: string): Promise<{ authorizationUrl: string; cookie: string }> {
      const adapter = adapters[platform];
      if (!adapter) throw new InvalidInput(`${platformNames[platform]} is not configured on this deployment.`);
      const server = capabilities[platform].connectServer ? await checkedServer(platform, typedServer) : undefined;
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
          ...(server ? { server } : {}),
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
    ): Promise<Confirmation & { cookie: string }> {
      const name = platformNames[platform];
      try {
        // Checked first, then taken: a confirm by another user or browser leaves the attempt as it was.
        const returned = await stateStep(states.returned(stateValue, platform));
        if (returned.userId !== user.userId) throw new ConnectFailure('other_user', otherUserMessage);
        if (!nonceMatches(browserNonce, returned.nonceHash)) throw new ConnectFailure('other_browser', otherBrowserMessage);
        const state = await stateStep(states.takeReturned(returned));
        const adapter = adapters[platform];
        if (!adapter) throw new ConnectFailure('not_configured', `${name} is not configured on this deployment.`);

        const tokens = await platformStep(platform, () =>
          adapter.exchangeCode({
            code: state.code,
            redirectUri: redirectUri(platform),
            ...(state.codeVerifier ? { codeVerifier: state.codeVerifier } : {}),
            ...(state.flowData ? { flowData: state.flowData } : {}),
            ...(state.issuer ? { issuer: state.issuer } : {}),
          }),
        );
        const missing = tokens.scopes.length ? adapter.requiredScopes.filter((scope) => !tokens.scopes.includes(scope)) : [];
        if (missing.length) {
          await revokeQuietly(platform, tokens, 'missing scopes');
          throw new ConnectFailure(
            'missing_scopes',
            `OneClick needs every permission it asked ${name} for (missing: ${missing.join(', ')}). Please connect again and allow them all.`,
          );
        }
        const { listAccounts } = adapter;
        if (listAccounts) {
          // The browser's nonce matched the flow's above, so it is there.
          const { confirmation, cookie } = await offerChoice(state, (userTokens) => listAccounts.call(adapter, userTokens), tokens, browserNonce!);
          return { ...confirmation, cookie };
        }
        const profile = await platformStep(platform, () => adapter.fetchProfile(tokens), { tokens, why: 'profile lookup failed' });
        try {
          await save(state.userId, platform, [{ profile, tokens }]);
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

    /**
     * The user picks which of the accounts a consent offered to connect: only the user who
     * started the flow, from the browser that started it, within 15 minutes, once. One
     * connection per chosen account, all in one transaction with the plan's limit; an account
     * already connected is updated, never duplicated. An id the choice did not offer is refused
     * before the choice is taken (it stays usable).
     */
    async chooseAccounts(
      user: UserIdentity,
      platform: Platform,
      choice: { choiceId: string; accountIds: readonly string[] },
      browserNonce: string | undefined,
    ): Promise<{ location: string; cookie: string }> {
      try {
        const pending = await stateStep(choices.read(choice.choiceId, platform));
        if (pending.userId !== user.userId) throw new ConnectFailure('other_user', otherUserMessage);
        if (!nonceMatches(browserNonce, pending.nonceHash)) throw new ConnectFailure('other_browser', otherBrowserMessage);
        const offered = new Set(pending.accounts.map((account) => account.id));
        if (choice.accountIds.some((id) => !offered.has(id))) {
          throw new InvalidInput(`Choose among the ${platformNames[platform]} accounts this connection offered.`);
        }
        if (!adapters[platform]) throw new ConnectFailure('not_configured', `${platformNames[platform]} is not configured on this deployment.`);
        const chosenIds = new Set(choice.accountIds);
        const accounts = (await stateStep(choices.take(pending))).filter((account) => chosenIds.has(account.profile.platformUserId));
        await save(user.userId, platform, accounts);
        return { location: callbackLocation({ platform, status: 'connected', count: String(accounts.length) }), cookie: flowCookie(platform, '', 0) };
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
