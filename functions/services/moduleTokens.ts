import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import type { GenerateCustomToken, ModuleId, ModuleSession, ModuleToken } from '../../shared/api/modules';
import type { Clock } from '../clock';
import { AuthenticationRequired, Forbidden } from '../errors';
import type { UserIdentity } from './memberships';

/** How long the dashboard's iframe has to hand the one-time token to the module. */
export const MODULE_TOKEN_TTL_SECONDS = 5 * 60;
/** How long a module session may register content before the user opens the module again. */
export const MODULE_SESSION_TTL_SECONDS = 60 * 60;

const LAUNCH_PREFIX = 'mt_';
const SESSION_PREFIX = 'ms_';

export const INVALID_MODULE_TOKEN = 'This module sign-in token is not valid or was already used. Open the module again from the dashboard.';
export const EXPIRED_MODULE_TOKEN = 'This module sign-in token has expired. Open the module again from the dashboard.';
export const WRONG_MODULE = 'This module sign-in token was issued for another module.';
export const INVALID_MODULE_SESSION = 'The module session is missing, not valid or has expired. Open the module again from the dashboard.';

type Kind = 'launch' | 'session';

/** The record's key: a secret is never stored, only its SHA-256. */
export function hashModuleSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** The module session the content routes run as: one user, one module. */
export interface ModuleCaller {
  userId: string;
  email: string;
  module: ModuleId;
}

/**
 * One-time module tokens and the module sessions they are exchanged for, in the module-tokens
 * table. Both are 256-bit random secrets stored by hash with their user, module and expiry:
 * unguessable, so a forged one matches nothing; a launch token is taken out with one
 * conditional delete, so a replay finds nothing; expiry is checked against the injected clock.
 */
export function createModuleTokens({ db, tableName, clock }: { db: DynamoDBDocumentClient; tableName: string; clock: Clock }) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function put(secret: string, kind: Kind, caller: { userId: string; email: string; module: ModuleId | null }, ttlSeconds: number): Promise<number> {
    const expiresAt = nowSeconds() + ttlSeconds;
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { tokenHash: hashModuleSecret(secret), kind, userId: caller.userId, email: caller.email, module: caller.module, expiresAt },
        ConditionExpression: 'attribute_not_exists(tokenHash)',
      }),
    );
    return expiresAt;
  }

  async function issue(user: UserIdentity, module: ModuleId | null): Promise<{ token: string; expiresAt: string }> {
    const token = newSecret(LAUNCH_PREFIX);
    const expiresAt = await put(token, 'launch', { userId: user.userId, email: user.email, module }, MODULE_TOKEN_TTL_SECONDS);
    return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
  }

  return {
    /** POST /module-tokens: a one-time token for this user and module. */
    async create(user: UserIdentity, module: ModuleId): Promise<ModuleToken> {
      const { token, expiresAt } = await issue(user, module);
      return { token, module, expiresAt };
    },

    /**
     * The spec's /generate-custom-token: { idToken } or { uid, email } must name the signed-in
     * caller; a token is never issued for anyone else. Without `module` the token opens any module.
     */
    async createCustom(user: UserIdentity, request: GenerateCustomToken): Promise<{ customToken: string }> {
      if ('idToken' in request) {
        let subject: unknown;
        try {
          subject = decodeJwt(request.idToken).sub;
        } catch {
          throw new Forbidden('The idToken is not a token.');
        }
        if (subject !== user.userId) throw new Forbidden('A custom token can only be issued for the signed-in user.');
      } else if (request.uid !== user.userId || request.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new Forbidden('A custom token can only be issued for the signed-in user.');
      }
      const { token } = await issue(user, request.module ?? null);
      return { customToken: token };
    },

    /** POST /module-sessions: takes the token out (once) and opens a session for its user and this module. */
    async exchange(token: string, module: ModuleId): Promise<ModuleSession> {
      if (!token.startsWith(LAUNCH_PREFIX)) throw new AuthenticationRequired(INVALID_MODULE_TOKEN);
      let record: Record<string, unknown> | undefined;
      try {
        const result = await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { tokenHash: hashModuleSecret(token) },
            ConditionExpression: 'attribute_exists(tokenHash) AND #kind = :launch',
            ExpressionAttributeNames: { '#kind': 'kind' },
            ExpressionAttributeValues: { ':launch': 'launch' },
            ReturnValues: 'ALL_OLD',
          }),
        );
        record = result.Attributes;
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') throw new AuthenticationRequired(INVALID_MODULE_TOKEN);
        throw error;
      }
      if (!record) throw new AuthenticationRequired(INVALID_MODULE_TOKEN);
      if (Number(record['expiresAt']) <= nowSeconds()) throw new AuthenticationRequired(EXPIRED_MODULE_TOKEN);
      if (record['module'] !== null && record['module'] !== undefined && record['module'] !== module) throw new Forbidden(WRONG_MODULE);
      const caller = { userId: String(record['userId']), email: String(record['email'] ?? ''), module };
      const sessionToken = newSecret(SESSION_PREFIX);
      const expiresAt = await put(sessionToken, 'session', caller, MODULE_SESSION_TTL_SECONDS);
      return { sessionToken, module, expiresAt: new Date(expiresAt * 1000).toISOString(), user: { userId: caller.userId, email: caller.email } };
    },

    /** The caller of a module content route, from "Authorization: Bearer <sessionToken>"; refused unless a live session. */
    async authenticate(authorization: string | undefined): Promise<ModuleCaller> {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
      const secret = match?.[1];
      if (!secret || !secret.startsWith(SESSION_PREFIX) || secret.length > 200) throw new AuthenticationRequired(INVALID_MODULE_SESSION);
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { tokenHash: hashModuleSecret(secret) }, ConsistentRead: true }));
      if (!Item || Item['kind'] !== 'session' || Number(Item['expiresAt']) <= nowSeconds()) throw new AuthenticationRequired(INVALID_MODULE_SESSION);
      return { userId: String(Item['userId']), email: String(Item['email'] ?? ''), module: Item['module'] as ModuleId };
    },
  };
}

export type ModuleTokens = ReturnType<typeof createModuleTokens>;
