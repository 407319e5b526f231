import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Platform } from '../../shared/platforms';
import type { Clock } from '../clock';

/** How long a user has to finish a platform's consent screen. */
export const OAUTH_STATE_TTL_SECONDS = 15 * 60;

export interface OAuthState {
  state: string;
  userId: string;
  platform: Platform;
  codeVerifier?: string;
}

export class InvalidOAuthState extends Error {}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

export function pkceChallenge(verifier: string): string {
  return base64url(createHash('sha256').update(verifier).digest());
}

/**
 * OAuth state: random, single-use, bound to the user and the platform, short-lived. It starts
 * with the platform's name (as the spec's callbacks expect, e.g. "linkedin_…").
 */
export function createOAuthStates({ db, tableName, clock }: { db: DynamoDBDocumentClient; tableName: string; clock: Clock }) {
  return {
    async create(userId: string, platform: Platform, withPkce: boolean): Promise<OAuthState & { codeChallenge?: string }> {
      const state = `${platform}_${base64url(randomBytes(32))}`;
      const codeVerifier = withPkce ? base64url(randomBytes(48)) : undefined;
      const expiresAt = Math.floor(clock.now().getTime() / 1000) + OAUTH_STATE_TTL_SECONDS;
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { state, userId, platform, ...(codeVerifier ? { codeVerifier } : {}), expiresAt },
          ConditionExpression: 'attribute_not_exists(#state)',
          ExpressionAttributeNames: { '#state': 'state' },
        }),
      );
      return { state, userId, platform, ...(codeVerifier ? { codeVerifier, codeChallenge: pkceChallenge(codeVerifier) } : {}) };
    },

    /** Takes the state out (atomically: a replay finds nothing) and checks it is for this platform and unexpired. */
    async consume(state: string, platform: Platform): Promise<OAuthState> {
      let item: Record<string, unknown> | undefined;
      try {
        const result = await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { state },
            ConditionExpression: 'attribute_exists(#state)',
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
      return {
        state,
        userId: String(item['userId']),
        platform,
        ...(typeof item['codeVerifier'] === 'string' ? { codeVerifier: item['codeVerifier'] } : {}),
      };
    },
  };
}

export type OAuthStates = ReturnType<typeof createOAuthStates>;
