import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { API_KEYS_PER_WORKSPACE, formatApiKey, MCP_ACCESS_TOKEN_PREFIX, MCP_REFRESH_TOKEN_PREFIX, parseApiKey, type ApiKey, type ApiKeyAccount, type ApiKeyList, type CreateApiKey, type CreatedApiKey } from '../../shared/api/apiKeys';
import { roleMay } from '../../shared/api/authorization';
import type { ApiScope } from '../../shared/api/publicApi';
import { MCP_ACCESS_TOKEN_SECONDS } from '../../shared/api/mcp';
import type { Clock } from '../clock';
import { DomainError, NotFound, QuotaExceeded } from '../errors';
import type { UserIdentity } from './memberships';
import type { WorkspaceAccess } from './workspaces';
import { recordsWithPrefix } from './recordsWithPrefix';

/**
 * API keys, kept in the memberships table beside the workspace's members and review links:
 * `<workspaceId>` / "apikey#<keyId>" holds the key's name, scopes, accounts, creator, expiry, last
 * use and revocation, and the SHA-256 hash of its secret (`tokenHash`, which the data export leaves
 * out). The key's text names its workspace and id, so one consistent GetItem finds it; the secret
 * itself is answered once, when the key is made, and never stored. A deleted workspace's
 * partition (an account's deletion) takes its keys with it.
 */
export const API_KEY_RECORD_PREFIX = 'apikey#';
/** A key's last use is written at most this often (not on every call). */
export const LAST_USED_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

export interface ApiKeyItem {
  userId: string;
  record: string;
  keyId: string;
  name: string;
  scopes: ApiScope[];
  accounts: ApiKeyAccount[] | null;
  tokenHash: string;
  prefix: string;
  createdBy: string;
  createdByEmail: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt?: string;
  lastUsedFrom?: string;
  revokedAt?: string;
  /** An MCP connection (docs/mcp.md): the grant an MCP client got by OAuth, kept as a key. */
  kind?: 'mcp';
  /** The MCP client the grant was made for (its dynamic registration's client_id). */
  clientId?: string;
  /** An MCP connection's current tokens, by their hashes (never exported, never answered). */
  grantTokens?: GrantTokens;
}

export interface GrantTokens {
  accessHash: string;
  accessExpiresAt: string;
  refreshHash: string;
  /** The refresh token this one replaced: presented again, it reveals a stolen token and ends the grant. */
  previousRefreshHash?: string;
}

/** An MCP connection's new tokens, answered once by the token endpoint. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  scopes: ApiScope[];
}

/** The words every refused key gets, whatever the reason it does not open: nothing to tell a guesser apart. */
export const API_KEY_REFUSED_MESSAGE = 'This API key is not valid: it may be mistyped, revoked or expired. Create a new key in Settings → API keys.';

/** An MCP access token that is unknown, replaced, past its hour, or whose connection was revoked. */
export const MCP_TOKEN_REFUSED_MESSAGE = 'This access token is not valid: it may have expired or its connection was removed in Settings → API keys. Sign in again from your assistant.';
const MCP_REFRESH_REFUSED_MESSAGE = 'This refresh token is not valid: it was used already, or its connection was removed in Settings → API keys. Sign in again.';

/** A key that does not parse, is unknown, revoked or expired, or whose creator left the workspace (401). */
export class ApiKeyRefused extends DomainError {
  constructor(message = API_KEY_REFUSED_MESSAGE) {
    super(401, 'ApiKeyRefused', message);
  }
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();

/** Whether a secret's hash is the stored hex one, in constant time (a missing one compared against itself, and false). */
function sameHash(secret: string, stored: string | undefined): boolean {
  const given = hashSecret(secret);
  const expected = stored ? Buffer.from(stored, 'hex') : given;
  return timingSafeEqual(given, expected.length === given.length ? expected : given) && stored !== undefined && expected.length === given.length;
}

/** An MCP connection's refresh token that is unknown, used already, or whose grant was revoked (the token endpoint's invalid_grant). */
export class McpGrantRefused extends DomainError {
  constructor(message: string) {
    super(400, 'McpGrantRefused', message);
  }
}

export interface ApiKeyDeps {
  db: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
}

export function createApiKeys({ db, tableName, clock }: ApiKeyDeps) {
  function statusOf(item: ApiKeyItem): ApiKey['status'] {
    if (item.revokedAt) return 'revoked';
    return item.expiresAt !== null && item.expiresAt <= clock.now().toISOString() ? 'expired' : 'active';
  }

  function toKey(item: ApiKeyItem): ApiKey {
    return {
      keyId: item.keyId,
      name: item.name,
      scopes: item.scopes,
      accounts: item.accounts,
      prefix: item.prefix,
      createdBy: item.createdBy,
      createdByEmail: item.createdByEmail,
      createdAt: item.createdAt,
      expiresAt: item.expiresAt,
      lastUsedAt: item.lastUsedAt ?? null,
      lastUsedFrom: item.lastUsedFrom ?? null,
      revokedAt: item.revokedAt ?? null,
      status: statusOf(item),
    };
  }

  const keysOf = (workspaceId: string) => recordsWithPrefix<ApiKeyItem>(db, tableName, workspaceId, API_KEY_RECORD_PREFIX, { consistent: true });

  async function grantOf(workspaceId: string, keyId: string): Promise<ApiKeyItem | undefined> {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId: workspaceId, record: `${API_KEY_RECORD_PREFIX}${keyId}` }, ConsistentRead: true }));
    const item = Item as ApiKeyItem | undefined;
    return item?.kind === 'mcp' ? item : undefined;
  }

  /** An MCP connection's access token: its grant active, the token the current one and not past its hour. */
  async function verifyAccess(text: string): Promise<ApiKeyItem> {
    const parts = parseApiKey(text, MCP_ACCESS_TOKEN_PREFIX);
    const item = parts ? await grantOf(parts.workspaceId, parts.keyId) : undefined;
    const matches = sameHash(parts?.secret ?? text, item?.grantTokens?.accessHash);
    if (!item || !matches || statusOf(item) !== 'active' || item.grantTokens!.accessExpiresAt <= clock.now().toISOString()) throw new ApiKeyRefused(MCP_TOKEN_REFUSED_MESSAGE);
    return item;
  }

  /** New access and refresh tokens for a grant, their hashes to store. */
  function newTokens(item: Pick<ApiKeyItem, 'userId' | 'keyId' | 'scopes'>): { issued: IssuedTokens; tokens: Omit<GrantTokens, 'previousRefreshHash'> } {
    const access = randomBytes(32).toString('base64url');
    const refresh = randomBytes(32).toString('base64url');
    const ids = { workspaceId: item.userId, keyId: item.keyId };
    return {
      issued: {
        accessToken: formatApiKey({ ...ids, secret: access }, MCP_ACCESS_TOKEN_PREFIX),
        refreshToken: formatApiKey({ ...ids, secret: refresh }, MCP_REFRESH_TOKEN_PREFIX),
        expiresInSeconds: MCP_ACCESS_TOKEN_SECONDS,
        scopes: item.scopes,
      },
      tokens: {
        accessHash: hashSecret(access).toString('hex'),
        accessExpiresAt: new Date(clock.now().getTime() + MCP_ACCESS_TOKEN_SECONDS * 1000).toISOString(),
        refreshHash: hashSecret(refresh).toString('hex'),
      },
    };
  }

  /** Whether the caller sees (and may revoke) every member's keys: whoever may manage members (shared/api/authorization.ts). */
  const seesEveryMember = (access: WorkspaceAccess) => roleMay(access.role, 'manageMembers');

  return {
    /** A new key for the caller in the current workspace; its text is answered here and only here. */
    async create(access: WorkspaceAccess, caller: UserIdentity, input: CreateApiKey): Promise<CreatedApiKey> {
      if ((await keysOf(access.workspaceId)).length >= API_KEYS_PER_WORKSPACE) {
        throw new QuotaExceeded(`This workspace has ${API_KEYS_PER_WORKSPACE} API keys already: revoke keys nobody uses before making another.`);
      }
      const now = clock.now();
      const keyId = ulid(now.getTime());
      const secret = randomBytes(32).toString('base64url');
      const item: ApiKeyItem = {
        userId: access.workspaceId,
        record: `${API_KEY_RECORD_PREFIX}${keyId}`,
        keyId,
        name: input.name,
        scopes: input.scopes,
        accounts: input.accounts ?? null,
        tokenHash: hashSecret(secret).toString('hex'),
        prefix: `ock_…${secret.slice(-4)}`,
        createdBy: caller.userId,
        createdByEmail: caller.email,
        createdAt: now.toISOString(),
        expiresAt: input.expiresInDays === undefined ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
      };
      await db.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(userId)' }));
      return { ...toKey(item), key: formatApiKey({ workspaceId: access.workspaceId, keyId, secret }) };
    },

    /**
     * An MCP connection (docs/mcp.md): a member approved an MCP client on the consent page, with
     * the scopes they chose, in the current workspace. The grant is a key record (listed and
     * revoked in Settings › API keys like any key, counted in the workspace's keys), acting as
     * that member with their role at each call; its tokens are answered here once.
     */
    async grant(workspaceId: string, caller: UserIdentity, input: { clientId: string; clientName: string; scopes: ApiScope[] }): Promise<IssuedTokens> {
      if ((await keysOf(workspaceId)).length >= API_KEYS_PER_WORKSPACE) {
        throw new QuotaExceeded(`This workspace has ${API_KEYS_PER_WORKSPACE} API keys already: revoke keys or connected apps nobody uses before connecting another.`);
      }
      const now = clock.now();
      const keyId = ulid(now.getTime());
      const { issued, tokens } = newTokens({ userId: workspaceId, keyId, scopes: input.scopes });
      const item: ApiKeyItem = {
        userId: workspaceId,
        record: `${API_KEY_RECORD_PREFIX}${keyId}`,
        keyId,
        name: input.clientName,
        scopes: input.scopes,
        accounts: null,
        // No key text opens an MCP connection: only its tokens do.
        tokenHash: randomBytes(32).toString('hex'),
        prefix: `MCP · ${MCP_ACCESS_TOKEN_PREFIX}_…`,
        createdBy: caller.userId,
        createdByEmail: caller.email,
        createdAt: now.toISOString(),
        expiresAt: null,
        kind: 'mcp',
        clientId: input.clientId,
        grantTokens: tokens,
      };
      await db.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(userId)' }));
      return issued;
    },

    /**
     * A refresh token for new tokens (OAuth 2.1 §4.3): the grant active, the token its current one
     * and the client its own; the old access and refresh tokens stop working (one conditional
     * write, so two uses of one refresh token never both succeed). A refresh token used twice is a
     * stolen one: the grant is revoked.
     */
    async refresh(text: string, clientId: string): Promise<IssuedTokens> {
      const parts = parseApiKey(text, MCP_REFRESH_TOKEN_PREFIX);
      const item = parts ? await grantOf(parts.workspaceId, parts.keyId) : undefined;
      if (!parts || !item || item.clientId !== clientId || statusOf(item) !== 'active') throw new McpGrantRefused(MCP_REFRESH_REFUSED_MESSAGE);
      if (!sameHash(parts.secret, item.grantTokens?.refreshHash)) {
        if (sameHash(parts.secret, item.grantTokens?.previousRefreshHash)) {
          await db.send(new UpdateCommand({ TableName: tableName, Key: { userId: item.userId, record: item.record }, UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)', ExpressionAttributeValues: { ':now': clock.now().toISOString() } }));
        }
        throw new McpGrantRefused(MCP_REFRESH_REFUSED_MESSAGE);
      }
      const { issued, tokens } = newTokens(item);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: item.userId, record: item.record },
            UpdateExpression: 'SET grantTokens = :tokens',
            ConditionExpression: 'grantTokens.refreshHash = :used AND attribute_not_exists(revokedAt)',
            ExpressionAttributeValues: { ':tokens': { ...tokens, previousRefreshHash: item.grantTokens!.refreshHash }, ':used': item.grantTokens!.refreshHash },
          }),
        );
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') throw new McpGrantRefused(MCP_REFRESH_REFUSED_MESSAGE);
        throw error;
      }
      return issued;
    },

    /** The caller's keys, newest first; every member's for whoever may manage members. */
    async list(access: WorkspaceAccess, caller: UserIdentity): Promise<ApiKeyList> {
      const everyone = seesEveryMember(access);
      const items = (await keysOf(access.workspaceId)).filter((item) => everyone || item.createdBy === caller.userId);
      return { keys: items.sort((a, b) => b.keyId.localeCompare(a.keyId)).map(toKey), seesEveryMember: everyone };
    },

    /** Revokes a key at once (its next call is refused); a member revokes their own, an admin or the owner anyone's. */
    async revoke(access: WorkspaceAccess, caller: UserIdentity, keyId: string): Promise<ApiKey> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId: access.workspaceId, record: `${API_KEY_RECORD_PREFIX}${keyId}` }, ConsistentRead: true }));
      const item = Item as ApiKeyItem | undefined;
      if (!item || (item.createdBy !== caller.userId && !seesEveryMember(access))) throw new NotFound('This API key does not exist in this workspace (or is not yours to revoke).');
      if (item.revokedAt) return toKey(item);
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: item.userId, record: item.record },
          UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
          ConditionExpression: 'attribute_exists(userId)',
          ExpressionAttributeValues: { ':now': clock.now().toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toKey(Attributes as ApiKeyItem);
    },

    /**
     * The key a bearer text opens: one consistent GetItem by the ids it names, its secret's hash
     * compared in constant time, then revocation and expiry. Anything else: ApiKeyRefused, always
     * in the same words.
     */
    async verify(text: string, options: { mcp?: boolean } = {}): Promise<ApiKeyItem> {
      // An MCP access token works at the MCP server alone (its audience), never at /v1.
      if (options.mcp && text.startsWith(`${MCP_ACCESS_TOKEN_PREFIX}_`)) return verifyAccess(text);
      const parts = parseApiKey(text);
      if (!parts) throw new ApiKeyRefused();
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: { userId: parts.workspaceId, record: `${API_KEY_RECORD_PREFIX}${parts.keyId}` }, ConsistentRead: true }),
      );
      const item = Item as ApiKeyItem | undefined;
      const given = hashSecret(parts.secret);
      // Compared even when no key was found (against itself), so the time says nothing either way.
      const stored = item ? Buffer.from(item.tokenHash, 'hex') : given;
      const matches = timingSafeEqual(given, stored.length === given.length ? stored : given) && item !== undefined;
      if (!matches || statusOf(item) !== 'active') throw new ApiKeyRefused();
      return item;
    },

    /**
     * Writes the key's last use (time and address) when the one written is older than a minute:
     * at most one write a minute per key, whatever the calls. The condition keeps two instances
     * from both writing in the same minute.
     */
    async touch(item: ApiKeyItem, address: string): Promise<void> {
      const now = clock.now();
      if (item.lastUsedAt && now.getTime() - Date.parse(item.lastUsedAt) < LAST_USED_EVERY_MS) return;
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: item.userId, record: item.record },
            UpdateExpression: 'SET lastUsedAt = :now, lastUsedFrom = :from',
            ConditionExpression: 'attribute_exists(userId) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt <= :due)',
            ExpressionAttributeValues: { ':now': now.toISOString(), ':from': address, ':due': new Date(now.getTime() - LAST_USED_EVERY_MS).toISOString() },
          }),
        );
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
