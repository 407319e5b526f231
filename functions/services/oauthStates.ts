import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Platform } from '../../shared/platforms';
import type { Clock } from '../clock';

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
 * platform's name (as the spec's callbacks expect, e.g. "linkedin_…").
 *
 * Life of a row: created at authorize; taken out at the callback (a replay finds nothing); put
 * back with the platform's code when the callback came from the starting browser; taken out for
 * good by the signed-in user's confirming call.
 */
export function createOAuthStates({ db, tableName, clock }: { db: DynamoDBDocumentClient; tableName: string; clock: Clock }) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function take(state: string, platform: Platform, condition: string): Promise<Record<string, unknown>> {
    let item: Record<string, unknown> | undefined;
    try {
      const result = await db.send(
        new DeleteCommand({
          TableName: tableName,
          Key: { state },
          ConditionExpression: `attribute_exists(#state) AND ${condition}`,
          ExpressionAttributeNames: { '#state': 'state' },
          ReturnValues: 'ALL_OLD',
        }),
      );
      item = result.Attributes;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new InvalidOAuthState('unknown or already used state');
      throw error;
    }
    if (!item) throw new InvalidOAuthState('unknown state');
    if (item['platform'] !== platform) throw new InvalidOAuthState('state issued for another platform');
    if (Number(item['expiresAt']) * 1000 <= clock.now().getTime()) throw new InvalidOAuthState('expired state');
    return item;
  }

  function stateOf(item: Record<string, unknown>, platform: Platform): OAuthState {
    return {
      state: String(item['state']),
      userId: String(item['userId']),
      platform,
      nonceHash: String(item['nonceHash'] ?? ''),
      ...(typeof item['codeVerifier'] === 'string' ? { codeVerifier: item['codeVerifier'] } : {}),
      ...(isStringRecord(item['flowData']) ? { flowData: item['flowData'] } : {}),
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

    /** Stores a prepared flow, with what the adapter asked to keep for it. */
    async save(flow: OAuthState, flowData?: Record<string, string>): Promise<void> {
      const { state, userId, platform, nonceHash, codeVerifier } = flow;
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            state,
            userId,
            platform,
            nonceHash,
            ...(codeVerifier ? { codeVerifier } : {}),
            ...(flowData ? { flowData } : {}),
            expiresAt: nowSeconds() + OAUTH_STATE_TTL_SECONDS,
          },
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

    /** Takes a flow out at the callback (atomically: a replay finds nothing); checks platform and expiry. */
    async consume(state: string, platform: Platform): Promise<OAuthState> {
      return stateOf(await take(state, platform, 'attribute_not_exists(code)'), platform);
    },

    /** Puts a flow back with the platform's code, to wait for the starting user's confirming call. */
    async markReturned(state: OAuthState, code: string, issuer?: string): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            state: state.state,
            userId: state.userId,
            platform: state.platform,
            nonceHash: state.nonceHash,
            ...(state.codeVerifier ? { codeVerifier: state.codeVerifier } : {}),
            ...(state.flowData ? { flowData: state.flowData } : {}),
            code,
            ...(issuer ? { issuer } : {}),
            expiresAt: nowSeconds() + OAUTH_CONFIRM_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(#state)',
          ExpressionAttributeNames: { '#state': 'state' },
        }),
      );
    },

    /** Takes a returned flow out for good (atomically: a second confirm finds nothing). */
    async takeReturned(state: string, platform: Platform): Promise<ReturnedOAuthState> {
      const item = await take(state, platform, 'attribute_exists(code)');
      return { ...stateOf(item, platform), code: String(item['code']), ...(typeof item['issuer'] === 'string' ? { issuer: item['issuer'] } : {}) };
    },
  };
}

export type OAuthStates = ReturnType<typeof createOAuthStates>;
