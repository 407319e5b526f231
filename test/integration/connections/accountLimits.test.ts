import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../../../functions/clock';
import type { PlatformAdapter, TokenSet } from '../../../functions/platforms/adapter';
import { Retryable } from '../../../functions/platforms/errors';
import { createAccountChoices } from '../../../functions/services/accountChoices';
import { createConnectionService } from '../../../functions/services/connections';
import { createConnectionStore } from '../../../functions/services/connectionStore';
import { createMembershipService, type UserIdentity } from '../../../functions/services/memberships';
import { createOAuthStates } from '../../../functions/services/oauthStates';
import { createLocalTokenCipher } from '../../../functions/services/tokenCipher';
import { capabilities, platforms } from '../../../shared/platforms';
import { ACCOUNT_LIMITS_MAX_AGE_MS } from '../../../shared/platforms/accountLimits';
import type { AccountLimits } from '../../../shared/platforms/capabilities';
import { documentClient } from '../../support/users';

const twin = inject('twin');

/**
 * The limits an account's server sets, kept on the connection (generic: the connection service
 * against DynamoDB Local with an injected clock and a fake adapter, in the slot of a platform
 * whose data says `accountLimits`): read again by the list when a day old, not sooner, and a
 * server that does not answer leaves the kept ones.
 */
const platform = platforms.find((candidate) => capabilities[candidate].accountLimits)!;

function steppingClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

describe('an account\'s own limits on its connection', () => {
  it('are kept at connect, shown with the connection, read again when a day old (not sooner), kept when the server does not answer', async () => {
    const db = documentClient(twin);
    const clock = steppingClock(new Date().toISOString());
    const cipher = createLocalTokenCipher(randomBytes(32));
    let textMax = 5000;
    let failing = false;
    const reads: string[] = [];
    const limitsNow = (): AccountLimits => ({ textMax, imageMaxCount: 8, readAt: clock.now().toISOString() });
    const adapter: PlatformAdapter = {
      platform,
      usesPkce: false,
      scopes: ['write'],
      requiredScopes: ['write'],
      authorizeUrl: async ({ state }) => ({ url: `https://consent.example/?state=${state}` }),
      exchangeCode: async () => {
        throw new Error('not used');
      },
      canRefresh: () => false,
      refresh: async (tokens) => tokens,
      fetchProfile: async () => ({ platformUserId: 'a1', displayName: 'A', limits: limitsNow() }),
      readLimits: async (tokens) => {
        reads.push(tokens.accessToken);
        if (failing) throw new Retryable('the server is down');
        return limitsNow();
      },
      revoke: async () => undefined,
    };
    const memberships = createMembershipService({ db, tableName: twin.tableNames.memberships, clock });
    const store = createConnectionStore({ db, tableName: twin.tableNames.connections, cipher, clock });
    const warnings: string[] = [];
    const service = createConnectionService({
      db,
      store,
      states: createOAuthStates({ db, tableName: twin.tableNames.oauthStates, clock, cipher }),
      choices: createAccountChoices({ db, tableName: twin.tableNames.oauthStates, clock, cipher }),
      memberships,
      adapters: { [platform]: adapter },
      clock,
      siteUrl: 'https://app.example',
      warn: (message) => void warnings.push(message),
    });
    const user: UserIdentity = { userId: randomUUID(), email: 'limits@example.com' };
    await memberships.ensure(user);
    const tokens: TokenSet = { accessToken: 'token-a1', accessTokenIssuedAt: clock.now().toISOString(), scopes: ['write'] };
    const connectedAt = clock.now().toISOString();
    const item = await store.connectedItem(user.userId, platform, await adapter.fetchProfile(tokens), tokens, false);
    await db.send(new PutCommand({ TableName: store.tableName, Item: item }));
    expect(item.limits).toEqual({ textMax: 5000, imageMaxCount: 8, readAt: connectedAt });

    const listed = async () => (await service.list(user)).connections[0]!.limits;
    textMax = 6000;
    clock.advance(ACCOUNT_LIMITS_MAX_AGE_MS - 1000);
    expect(await listed()).toEqual({ textMax: 5000, imageMaxCount: 8, readAt: connectedAt });
    expect(reads).toEqual([]);

    clock.advance(1000);
    failing = true;
    expect(await listed()).toEqual({ textMax: 5000, imageMaxCount: 8, readAt: connectedAt });
    expect(warnings).toEqual(['account limits not read again']);

    failing = false;
    const readAgain = clock.now().toISOString();
    expect(await listed()).toEqual({ textMax: 6000, imageMaxCount: 8, readAt: readAgain });
    expect(reads).toEqual(['token-a1', 'token-a1']);
    // Kept: the next list within the day reads nothing.
    expect((await store.get(user.userId, item.connectionId))?.limits).toEqual({ textMax: 6000, imageMaxCount: 8, readAt: readAgain });
    expect(await listed()).toEqual({ textMax: 6000, imageMaxCount: 8, readAt: readAgain });
    expect(reads).toHaveLength(2);
  });
});
