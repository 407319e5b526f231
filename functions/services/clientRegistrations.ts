import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Platform } from '../../shared/platforms';
import type { Clock } from '../clock';
import type { ClientRegistrations, PlatformCredentials } from '../platforms/adapter';
import type { TokenCipher } from './tokenCipher';

/**
 * The apps a platform registered at the servers its users name (one per platform and server,
 * for every user of that server: docs/platforms/README.md, "A server the user names"). Rows live
 * in the OAuth states table under `client#<platform>#<server>` with `stage = client`, without
 * an expiry (the table's TTL never clears them) and without a user (they are nobody's data); a
 * state or an account choice never reads one. The client secret is encrypted with the token
 * cipher, the platform and the server as its context. Kept once: a conditional put, so two
 * connections racing at a new server keep the first app and both use it.
 */

export const CLIENT_STAGE = 'client';

export function createClientRegistrations({ db, tableName, cipher, clock }: { db: DynamoDBDocumentClient; tableName: string; cipher: TokenCipher; clock: Clock }) {
  const keyOf = (platform: Platform, server: string) => ({ state: `client#${platform}#${server}` });
  const secretContext = (platform: Platform, server: string) => ({ purpose: 'clientRegistration', platform, server });

  async function read(platform: Platform, server: string): Promise<PlatformCredentials | undefined> {
    const { Item: item } = await db.send(new GetCommand({ TableName: tableName, Key: keyOf(platform, server), ConsistentRead: true }));
    if (!item || item['stage'] !== CLIENT_STAGE || typeof item['clientId'] !== 'string' || typeof item['secret'] !== 'string') return undefined;
    return { clientId: item['clientId'], clientSecret: await cipher.decrypt(item['secret'], secretContext(platform, server)) };
  }

  /** The registrations of one platform (what its adapter is given). */
  function of(platform: Platform): ClientRegistrations {
    return {
      get: (server) => read(platform, server),
      async keep(server, credentials) {
        const secret = await cipher.encrypt(credentials.clientSecret, secretContext(platform, server));
        try {
          await db.send(
            new PutCommand({
              TableName: tableName,
              Item: { ...keyOf(platform, server), stage: CLIENT_STAGE, platform, server, clientId: credentials.clientId, secret, registeredAt: clock.now().toISOString() },
              ConditionExpression: 'attribute_not_exists(#state)',
              ExpressionAttributeNames: { '#state': 'state' },
            }),
          );
          return credentials;
        } catch (error) {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
          const kept = await read(platform, server);
          if (!kept) throw error;
          return kept;
        }
      },
    };
  }

  return { of };
}

export type ClientRegistrationStore = ReturnType<typeof createClientRegistrations>;
