import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Platform } from '../../shared/platforms';
import type { ChoosableAccount } from '../../shared/api/connections';
import type { Clock } from '../clock';
import type { ManagedAccount } from '../platforms/adapter';
import type { TokenCipher } from './tokenCipher';

/** How long a user has to pick the accounts a consent offered (as long as a consent screen). */
export const ACCOUNT_CHOICE_TTL_SECONDS = 15 * 60;
/** The most accounts one choice offers (a DynamoDB item holds them all, tokens included). */
export const MAX_CHOOSABLE_ACCOUNTS = 100;
/** Marks a choice row in the OAuth states table: never read as an OAuth state. */
export const CHOICE_STAGE = 'choosing';

/** A pending choice as read back, before it is taken: whose it is, and what it offers (no tokens). */
export interface AccountChoice {
  choiceId: string;
  userId: string;
  platform: Platform;
  nonceHash: string;
  accounts: ChoosableAccount[];
}

export class InvalidAccountChoice extends Error {}

/**
 * The accounts one consent lets a user connect (Facebook Pages, LinkedIn organizations, Google
 * Business Profile locations), kept between the confirming call that exchanged the code once and
 * the call that says which of them to connect. Same guarantees as the OAuth state it follows:
 * random, single-use (taken out atomically), bound to the user and to the starting browser (the
 * hash of its cookie's nonce), 15 minutes. The accounts' tokens are stored encrypted with the
 * token cipher (the choice and the user as context); what the picker shows is not secret.
 * Rows live in the OAuth states table (its TTL clears them) with `stage = choosing`.
 */
export function createAccountChoices({ db, tableName, clock, cipher }: { db: DynamoDBDocumentClient; tableName: string; clock: Clock; cipher: TokenCipher }) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const secretsContext = (choiceId: string, userId: string) => ({ purpose: 'accountChoice', choiceId, userId });

  return {
    /** Keeps what a consent offered; returns the choice's id (to the user only). */
    async save(flow: { userId: string; platform: Platform; nonceHash: string }, offered: readonly ManagedAccount[]): Promise<AccountChoice> {
      const choiceId = `choice_${randomBytes(32).toString('base64url')}`;
      const kept = offered.slice(0, MAX_CHOOSABLE_ACCOUNTS);
      const accounts: ChoosableAccount[] = kept.map(({ profile }) => ({
        id: profile.platformUserId,
        name: profile.displayName,
        username: profile.username ?? null,
        pictureUrl: profile.avatarUrl ?? null,
      }));
      const { userId, platform, nonceHash } = flow;
      const secrets = await cipher.encrypt(JSON.stringify(kept), secretsContext(choiceId, userId));
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { state: choiceId, stage: CHOICE_STAGE, userId, platform, nonceHash, accounts, secrets, expiresAt: nowSeconds() + ACCOUNT_CHOICE_TTL_SECONDS },
          ConditionExpression: 'attribute_not_exists(#state)',
          ExpressionAttributeNames: { '#state': 'state' },
        }),
      );
      return { choiceId, userId, platform, nonceHash, accounts };
    },

    /** A pending choice, read (not taken): checked for platform and expiry. */
    async read(choiceId: string, platform: Platform): Promise<AccountChoice> {
      const { Item: item } = await db.send(new GetCommand({ TableName: tableName, Key: { state: choiceId }, ConsistentRead: true }));
      if (!item || item['stage'] !== CHOICE_STAGE) throw new InvalidAccountChoice('unknown or already used choice');
      if (item['platform'] !== platform) throw new InvalidAccountChoice('choice made for another platform');
      if (Number(item['expiresAt']) <= nowSeconds()) throw new InvalidAccountChoice('expired choice');
      return {
        choiceId,
        userId: String(item['userId']),
        platform,
        nonceHash: String(item['nonceHash']),
        accounts: (item['accounts'] as ChoosableAccount[] | undefined) ?? [],
      };
    },

    /**
     * Takes a choice out for good, once its user and browser were checked (`read`): atomically,
     * only while it is still that user's and that browser's and not expired (a second call finds
     * nothing). Returns the offered accounts with their tokens.
     */
    async take(choice: AccountChoice): Promise<ManagedAccount[]> {
      let item: Record<string, unknown> | undefined;
      try {
        ({ Attributes: item } = await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { state: choice.choiceId },
            ConditionExpression: 'stage = :stage AND userId = :userId AND nonceHash = :nonceHash AND expiresAt > :now',
            ExpressionAttributeValues: { ':stage': CHOICE_STAGE, ':userId': choice.userId, ':nonceHash': choice.nonceHash, ':now': nowSeconds() },
            ReturnValues: 'ALL_OLD',
          }),
        ));
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) throw new InvalidAccountChoice('unknown or already used choice');
        throw error;
      }
      if (!item) throw new InvalidAccountChoice('unknown or already used choice');
      return JSON.parse(await cipher.decrypt(String(item['secrets']), secretsContext(choice.choiceId, choice.userId))) as ManagedAccount[];
    },
  };
}

export type AccountChoices = ReturnType<typeof createAccountChoices>;
