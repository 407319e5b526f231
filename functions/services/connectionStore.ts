import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '../../shared/platforms';
import type { Connection, ConnectionStatus } from '../../shared/api/connections';
import type { AccountLimits } from '../../shared/platforms/capabilities';
import type { Clock } from '../clock';
import type { PlatformProfile, TokenSet } from '../platforms/adapter';
import type { TokenCipher } from './tokenCipher';
import { writeIf } from './conditionalWrite';

/** The stored connection, tokens decrypted only on demand. */
export interface ConnectionItem {
  userId: string;
  connectionId: string;
  platform: Platform;
  platformUserId: string;
  status: ConnectionStatus;
  displayName: string;
  username?: string;
  avatarUrl?: string;
  /** Ciphertext of the TokenSet (absent once disconnected). */
  tokens?: string;
  /** Bumped on every token write: concurrent refreshes cannot lose the newer tokens. */
  tokenVersion: number;
  accessTokenExpiresAt?: string;
  canRefresh: boolean;
  reconnectReason?: string;
  reconnectBy?: string;
  /** The tokens' scopes in plain text (not secret), for the API; absent on connections saved before they were kept. */
  grantedScopes?: string[];
  /** The limits the account's server sets (`accountLimits` platforms), in plain text (not secret). */
  limits?: AccountLimits;
  createdAt: string;
  updatedAt: string;
  refreshShard?: string;
  refreshDueAt?: string;
  /** While set and in the future, one caller is refreshing the tokens; others wait for it. */
  refreshLeaseUntil?: string;
}

export const REFRESH_SHARDS = 4;
export const RECONNECT_WARNING_DAYS = 7;
const DAY_MS = 24 * 3600_000;

export function connectionIdOf(platform: Platform, platformUserId: string): string {
  return `${platform}#${platformUserId}`;
}

export function refreshShardOf(userId: string): string {
  const hash = createHash('sha256').update(userId).digest();
  return `shard#${hash[0]! % REFRESH_SHARDS}`;
}

/**
 * When the refresh job should next look at a connection (undefined: never).
 * - tokens we can refresh: keep them alive (every 30 days), and refresh long-lived access tokens
 *   (Instagram's 60 days) and expiring refresh tokens 10 days ahead;
 * - tokens we cannot refresh (LinkedIn without partner access): a week before expiry, to warn,
 *   and at expiry, to mark the connection needs_reconnect.
 */
export function nextRefreshDue(tokens: TokenSet, canRefresh: boolean, now: Date): string | undefined {
  const at = (time: number) => new Date(Math.max(time, now.getTime())).toISOString();
  const accessExpiry = tokens.accessTokenExpiresAt ? new Date(tokens.accessTokenExpiresAt).getTime() : undefined;
  if (!canRefresh) {
    if (accessExpiry === undefined) return undefined;
    const warnAt = accessExpiry - RECONNECT_WARNING_DAYS * DAY_MS;
    return at(now.getTime() < warnAt ? warnAt : accessExpiry);
  }
  const candidates = [new Date(tokens.accessTokenIssuedAt).getTime() + 30 * DAY_MS];
  const issued = new Date(tokens.accessTokenIssuedAt).getTime();
  if (accessExpiry !== undefined && accessExpiry - issued > 2 * DAY_MS) {
    candidates.push(Math.max(accessExpiry - 10 * DAY_MS, issued + DAY_MS));
  }
  if (tokens.refreshTokenExpiresAt) candidates.push(new Date(tokens.refreshTokenExpiresAt).getTime() - 10 * DAY_MS);
  return at(Math.min(...candidates));
}

/** The API's view of a connection: never a token. */
export function toConnection(item: ConnectionItem, now: Date): Connection {
  const expiry = item.accessTokenExpiresAt ? new Date(item.accessTokenExpiresAt).getTime() : undefined;
  let state: Connection['tokenExpiry']['state'] = 'valid';
  if (!item.canRefresh && expiry !== undefined) {
    if (expiry <= now.getTime()) state = 'expired';
    else if (item.reconnectBy || expiry - now.getTime() <= RECONNECT_WARNING_DAYS * DAY_MS) state = 'reconnect_soon';
  }
  return {
    connectionId: item.connectionId,
    platform: item.platform,
    platformUserId: item.platformUserId,
    status: item.status,
    displayName: item.displayName,
    username: item.username ?? null,
    avatarUrl: item.avatarUrl ?? null,
    tokenExpiry: { state, reconnectBy: !item.canRefresh && item.accessTokenExpiresAt ? item.accessTokenExpiresAt : null },
    reconnectReason: item.reconnectReason ?? null,
    grantedScopes: item.grantedScopes ?? null,
    limits: item.limits ?? null,
    connectedAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

export interface ConnectionStoreDeps {
  db: DynamoDBDocumentClient;
  tableName: string;
  cipher: TokenCipher;
  clock: Clock;
  /** Told once when a connection turns to needs_reconnect (the webhooks' connection.needs_reconnect). */
  onNeedsReconnect?: (item: ConnectionItem, reason: string, at: string) => Promise<void>;
}

/**
 * The cipher of a store in a function that reads connections but never their tokens (the posts
 * API): any use is a programming error. Here rather than in tokenCipher.ts, so that such a
 * function does not load the KMS client.
 */
export const tokensUnavailable: TokenCipher = {
  encrypt: async () => {
    throw new Error('This function has no access to platform tokens');
  },
  decrypt: async () => {
    throw new Error('This function has no access to platform tokens');
  },
};

/** Reads and writes connections; tokens are encrypted with the user and connection as context. */
export function createConnectionStore({ db, tableName, cipher, clock, onNeedsReconnect }: ConnectionStoreDeps) {
  const context = (item: Pick<ConnectionItem, 'userId' | 'connectionId'>) => ({ userId: item.userId, connectionId: item.connectionId });

  return {
    tableName,

    async get(userId: string, connectionId: string): Promise<ConnectionItem | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId, connectionId }, ConsistentRead: true }));
      return Item as ConnectionItem | undefined;
    },

    async list(userId: string): Promise<ConnectionItem[]> {
      const items: ConnectionItem[] = [];
      let cursor: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'userId = :userId',
            ExpressionAttributeValues: { ':userId': userId },
            ...(cursor ? { ExclusiveStartKey: cursor } : {}),
          }),
        );
        items.push(...((page.Items ?? []) as ConnectionItem[]));
        cursor = page.LastEvaluatedKey;
      } while (cursor);
      return items;
    },

    async tokensOf(item: ConnectionItem): Promise<TokenSet | undefined> {
      if (!item.tokens) return undefined;
      return JSON.parse(await cipher.decrypt(item.tokens, context(item))) as TokenSet;
    },

    /** The full item for a (re)connected account, with encrypted tokens and the refresh schedule. */
    async connectedItem(
      userId: string,
      platform: Platform,
      profile: PlatformProfile,
      tokens: TokenSet,
      canRefresh: boolean,
      previous?: ConnectionItem,
    ): Promise<ConnectionItem> {
      const now = clock.now();
      const connectionId = connectionIdOf(platform, profile.platformUserId);
      const due = nextRefreshDue(tokens, canRefresh, now);
      return {
        userId,
        connectionId,
        platform,
        platformUserId: profile.platformUserId,
        status: 'connected',
        displayName: profile.displayName,
        ...(profile.username ? { username: profile.username } : {}),
        ...(profile.avatarUrl ? { avatarUrl: profile.avatarUrl } : {}),
        tokens: await cipher.encrypt(JSON.stringify(tokens), { userId, connectionId }),
        tokenVersion: (previous?.tokenVersion ?? 0) + 1,
        grantedScopes: tokens.scopes,
        ...(profile.limits ? { limits: profile.limits } : previous?.limits ? { limits: previous.limits } : {}),
        ...(tokens.accessTokenExpiresAt ? { accessTokenExpiresAt: tokens.accessTokenExpiresAt } : {}),
        canRefresh,
        createdAt: previous && previous.status !== 'disconnected' ? previous.createdAt : now.toISOString(),
        updatedAt: now.toISOString(),
        ...(due ? { refreshShard: refreshShardOf(userId), refreshDueAt: due } : {}),
      };
    },

    /**
     * Replaces the tokens only if nobody else did since `expectedVersion` was read. Returns false
     * when another writer won (the caller re-reads and uses the newer tokens).
     */
    async replaceTokens(item: ConnectionItem, tokens: TokenSet, canRefresh: boolean, expectedVersion: number): Promise<boolean> {
      const now = clock.now();
      const due = nextRefreshDue(tokens, canRefresh, now);
      const sets = ['tokens = :tokens', 'tokenVersion = :next', 'canRefresh = :canRefresh', 'grantedScopes = :scopes', 'updatedAt = :now'];
      const removes: string[] = ['refreshLeaseUntil'];
      if (tokens.accessTokenExpiresAt) sets.push('accessTokenExpiresAt = :expires');
      else removes.push('accessTokenExpiresAt');
      if (due) sets.push('refreshDueAt = :due', 'refreshShard = :shard');
      else removes.push('refreshDueAt', 'refreshShard');
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: item.userId, connectionId: item.connectionId },
            UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
            ConditionExpression: 'tokenVersion = :expected AND #status <> :disconnected',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':tokens': await cipher.encrypt(JSON.stringify(tokens), context(item)),
              ':next': expectedVersion + 1,
              ':expected': expectedVersion,
              ':canRefresh': canRefresh,
              ':scopes': tokens.scopes,
              ':now': now.toISOString(),
              ':disconnected': 'disconnected',
              ...(tokens.accessTokenExpiresAt ? { ':expires': tokens.accessTokenExpiresAt } : {}),
              ...(due ? { ':due': due, ':shard': refreshShardOf(item.userId) } : {}),
            },
          }),
        ),
      );
    },

    /**
     * Takes the right to refresh these tokens for `ms`: only one caller at a time spends a
     * (rotating) refresh token. False when another holds it or the tokens already changed.
     */
    async acquireRefreshLease(item: ConnectionItem, ms: number): Promise<boolean> {
      const now = clock.now();
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: item.userId, connectionId: item.connectionId },
            UpdateExpression: 'SET refreshLeaseUntil = :until',
            ConditionExpression: 'tokenVersion = :version AND (attribute_not_exists(refreshLeaseUntil) OR refreshLeaseUntil < :now)',
            ExpressionAttributeValues: { ':until': new Date(now.getTime() + ms).toISOString(), ':version': item.tokenVersion, ':now': now.toISOString() },
          }),
        ),
      );
    },

    async releaseRefreshLease(item: ConnectionItem): Promise<void> {
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: item.userId, connectionId: item.connectionId },
            UpdateExpression: 'REMOVE refreshLeaseUntil',
            ConditionExpression: 'tokenVersion = :version',
            ExpressionAttributeValues: { ':version': item.tokenVersion },
          }),
        ),
      );
    },

    /** The platform said the token is dead: the user must reconnect. Earlier data is kept. */
    /** Keeps limits read again from the account's server (any token state: they are not the tokens'). */
    async saveLimits(item: ConnectionItem, limits: AccountLimits): Promise<void> {
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: item.userId, connectionId: item.connectionId },
            UpdateExpression: 'SET limits = :limits',
            ConditionExpression: '#status = :connected',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':limits': limits, ':connected': 'connected' },
          }),
        ),
      );
    },

    async markNeedsReconnect(item: ConnectionItem, reason: string): Promise<void> {
      const now = clock.now().toISOString();
      const marked = await writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: item.userId, connectionId: item.connectionId },
            UpdateExpression: 'SET #status = :needs, reconnectReason = :reason, updatedAt = :now REMOVE refreshDueAt, refreshShard, refreshLeaseUntil',
            ConditionExpression: '#status = :connected',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':needs': 'needs_reconnect', ':connected': 'connected', ':reason': reason, ':now': now },
          }),
        ),
      );
      // Only the write that turned it (a second caller finds it turned already): one moment.
      if (marked) await onNeedsReconnect?.(item, reason, now);
    },

    /** Tokens that cannot be refreshed expire soon: say by when, and look again at expiry. */
    async flagReconnectBy(item: ConnectionItem, reconnectBy: string, nextDue: string): Promise<void> {
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: item.userId, connectionId: item.connectionId },
            UpdateExpression: 'SET reconnectBy = :by, refreshDueAt = :due, updatedAt = :now',
            ConditionExpression: '#status = :connected',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':by': reconnectBy, ':due': nextDue, ':connected': 'connected', ':now': clock.now().toISOString() },
          }),
        ),
      );
    },

    /** Connections whose refresh is due by `until`, across the shards of the sparse index. */
    async listDue(until: Date, limit = 100): Promise<ConnectionItem[]> {
      const due: ConnectionItem[] = [];
      for (let shard = 0; shard < REFRESH_SHARDS && due.length < limit; shard++) {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'byRefreshDue',
            KeyConditionExpression: 'refreshShard = :shard AND refreshDueAt <= :until',
            ExpressionAttributeValues: { ':shard': `shard#${shard}`, ':until': until.toISOString() },
            Limit: limit - due.length,
          }),
        );
        due.push(...((page.Items ?? []) as ConnectionItem[]));
      }
      return due;
    },
  };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
