import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Platform } from '../../shared/platforms';
import type { Clock } from '../clock';
import type { TokenCipher } from './tokenCipher';

/** How long a user has to finish a platform's consent screen. */
export const OAUTH_STATE_TTL_SECONDS = 15 * 60;
/** How long a flow the platform sent back waits for the signed-in user's confirming call. */
export const OAUTH_CONFIRM_TTL_SECONDS = 10 * 60;

export interface OAuthState {
  state: string;
  userId: string;
  platform: Platform;
  codeVerifier?: string;
  /** What the platform's adapter asked to keep for this attempt (AuthorizeStart.flowData). */
  flowData?: Record<string, string>;
  /** SHA-256 of the nonce held by the browser that started the flow (its HttpOnly cookie). */
  nonceHash: string;
}

/** A flow the platform sent back with a code, waiting for the user who started it to confirm. */
export interface ReturnedOAuthState extends OAuthState {
  code: string;
  /** The `iss` the authorization server sent back with the code (RFC 9207), where it sends one. */
  issuer?: string;
}

export class InvalidOAuthState extends Error {}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string');
}

export function pkceChallenge(verifier: string): string {
  return base64url(createHash('sha256').update(verifier).digest());
}

export function hashNonce(nonce: string): string {
  return base64url(createHash('sha256').update(nonce).digest());
}

/** Whether the browser's nonce is the one the flow was started with (constant-time compare). */
export function nonceMatches(nonce: string | undefined, nonceHash: string): boolean {
  if (!nonce) return false;
  const presented = Buffer.from(hashNonce(nonce));
  const expected = Buffer.from(nonceHash);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/**
 * OAuth state: random, single-use, bound to the user, the platform and the starting browser
 * (the hash of a nonce kept in that browser's cookie), short-lived. It starts with the
 * platform's name (as the spec's callbacks expect, e.g. "linkedin_…"). The PKCE verifier and
 * what the adapter keeps for the attempt (Bluesky's DPoP private key) are stored encrypted like
 * tokens (`secrets`, with the state and the user as context); the rest is not secret.
 *
 * Life of a row: created at authorize; read at the callback and, when the callback came from the
 * starting browser, marked with the platform's code (atomically: a replay finds the code there);
 * taken out for good by the signed-in user's confirming call — only after that call's user and
 * browser are checked, so a confirm by anyone else leaves the attempt as it was (issue 26, item 9).
 */
export function createOAuthStates({ db, tableName, clock, cipher }: { db: DynamoDBDocumentClient; tableName: string; clock: Clock; cipher: TokenCipher }) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const secretsContext = (state: string, userId: string) => ({ purpose: 'oauthState', state, userId });

  /** The stored row, checked for platform, expiry and stage; InvalidOAuthState otherwise. */
  async function read(state: string, platform: Platform, returned: boolean): Promise<Record<string, unknown>> {
    const { Item: item } = await db.send(new GetCommand({ TableName: tableName, Key: { state }, ConsistentRead: true }));
    // A pending account choice (accountChoices.ts) shares the table; it is never a state.
    if (!item || item['stage'] !== undefined) throw new InvalidOAuthState('unknown or already used state');
    if (item['platform'] !== platform) throw new InvalidOAuthState('state issued for another platform');
    if (Number(item['expiresAt']) <= nowSeconds()) throw new InvalidOAuthState('expired state');
    if (returned !== (typeof item['code'] === 'string')) throw new InvalidOAuthState(returned ? 'state not returned yet' : 'state already returned');
    return item;
  }

  /** Runs a write whose condition says the row is still as it was read; InvalidOAuthState when it is not. */
  async function ifUnchanged<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new InvalidOAuthState('unknown or already used state');
      throw error;
    }
  }

  function stateOf(item: Record<string, unknown>, platform: Platform): OAuthState {
    return { state: String(item['state']), userId: String(item['userId']), platform, nonceHash: String(item['nonceHash'] ?? '') };
  }

  async function secretsOf(item: Record<string, unknown>): Promise<Pick<OAuthState, 'codeVerifier' | 'flowData'>> {
    if (typeof item['secrets'] !== 'string') return {};
    const secrets = JSON.parse(await cipher.decrypt(item['secrets'], secretsContext(String(item['state']), String(item['userId'])))) as Record<string, unknown>;
    return {
      ...(typeof secrets['codeVerifier'] === 'string' ? { codeVerifier: secrets['codeVerifier'] } : {}),
      ...(isStringRecord(secrets['flowData']) ? { flowData: secrets['flowData'] } : {}),
    };
  }

  return {
    /**
     * A new flow, not stored yet: its state value and PKCE pair are needed to build the
     * authorize request before `save` writes it. `nonce` goes to the starting browser only (in a
     * cookie), never into storage.
     */
    prepare(userId: string, platform: Platform, withPkce: boolean): OAuthState & { nonce: string; codeChallenge?: string } {
      const state = `${platform}_${base64url(randomBytes(32))}`;
      const nonce = base64url(randomBytes(32));
      const codeVerifier = withPkce ? base64url(randomBytes(48)) : undefined;
      return { state, userId, platform, nonce, nonceHash: hashNonce(nonce), ...(codeVerifier ? { codeVerifier, codeChallenge: pkceChallenge(codeVerifier) } : {}) };
    },

    /** Stores a prepared flow, with what the adapter asked to keep for it (encrypted, with the verifier). */
    async save(flow: OAuthState, flowData?: Record<string, string>): Promise<void> {
      const { state, userId, platform, nonceHash, codeVerifier } = flow;
      const secrets = codeVerifier || flowData ? await cipher.encrypt(JSON.stringify({ codeVerifier, flowData }), secretsContext(state, userId)) : undefined;
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { state, userId, platform, nonceHash, ...(secrets ? { secrets } : {}), expiresAt: nowSeconds() + OAUTH_STATE_TTL_SECONDS },
          ConditionExpression: 'attribute_not_exists(#state)',
          ExpressionAttributeNames: { '#state': 'state' },
        }),
      );
    },

    /** A new flow, stored (prepare + save). */
    async create(userId: string, platform: Platform, withPkce: boolean): Promise<OAuthState & { nonce: string; codeChallenge?: string }> {
      const flow = this.prepare(userId, platform, withPkce);
      await this.save(flow);
      return flow;
    },

    /** A flow the platform is sending back, read (not taken) at the callback: checked for platform, expiry and not yet returned. */
    async started(state: string, platform: Platform): Promise<OAuthState> {
      return stateOf(await read(state, platform, false), platform);
    },

    /** Ends a flow that has not come back with a code (refused, or denied at the platform). */
    async discard(state: OAuthState): Promise<void> {
      await ifUnchanged(
        db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { state: state.state },
            ConditionExpression: 'attribute_exists(#state) AND attribute_not_exists(code)',
            ExpressionAttributeNames: { '#state': 'state' },
          }),
        ),
      );
    },

    /** Marks a flow with the platform's code (once: a replay finds the code there), to wait for the starting user's confirming call. */
    async markReturned(state: OAuthState, code: string, issuer?: string): Promise<void> {
      await ifUnchanged(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { state: state.state },
            UpdateExpression: `SET code = :code, expiresAt = :expiresAt${issuer ? ', issuer = :issuer' : ''}`,
            ConditionExpression: 'attribute_exists(#state) AND attribute_not_exists(code) AND nonceHash = :nonceHash',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':code': code, ':expiresAt': nowSeconds() + OAUTH_CONFIRM_TTL_SECONDS, ':nonceHash': state.nonceHash, ...(issuer ? { ':issuer': issuer } : {}) },
          }),
        ),
      );
    },

    /** A returned flow, read (not taken): whose it is and which browser holds it, for the confirming call to check. */
    async returned(state: string, platform: Platform): Promise<OAuthState> {
      return stateOf(await read(state, platform, true), platform);
    },

    /**
     * Takes a returned flow out for good, once its user and browser were checked (`returned`):
     * atomically, and only while it is still that user's and that browser's (a second confirm
     * finds nothing). Its code, verifier and adapter data are decrypted for the exchange.
     */
    async takeReturned(state: OAuthState): Promise<ReturnedOAuthState> {
      const { Attributes: item } = await ifUnchanged(
        db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { state: state.state },
            ConditionExpression: 'attribute_exists(code) AND userId = :userId AND nonceHash = :nonceHash AND expiresAt > :now',
            ExpressionAttributeValues: { ':userId': state.userId, ':nonceHash': state.nonceHash, ':now': nowSeconds() },
            ReturnValues: 'ALL_OLD',
          }),
        ),
      );
      if (!item) throw new InvalidOAuthState('unknown or already used state');
      return { ...state, ...(await secretsOf(item)), code: String(item['code']), ...(typeof item['issuer'] === 'string' ? { issuer: item['issuer'] } : {}) };
    },
  };
}

export type OAuthStates = ReturnType<typeof createOAuthStates>;
