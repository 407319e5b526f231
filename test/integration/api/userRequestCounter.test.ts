import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { routes, type RouteDefinition } from '../../../shared/api/routes';
import type { ApiEvent } from '../../../functions/http/httpHandler';
import { createRateLimiter, TooManyRequests } from '../../../functions/http/rateLimit';
import { createDeletedAccounts, TOMBSTONE_KEEP_SECONDS } from '../../../functions/services/deletedAccounts';
import { documentClient } from '../../support/users';

/**
 * A signed-in user's calls are counted on their record in the deleted-accounts table, in one
 * write that also finds their tombstone (functions/http/rateLimit.ts), against DynamoDB Local's
 * real condition expressions. The client only counts the requests it sends.
 */
const twin = inject('twin');
const route = routes.listPosts as RouteDefinition;
const event = { headers: {}, requestContext: { http: { sourceIp: '198.51.100.7' } } } as unknown as ApiEvent;
const limits = () => ({ user: { requests: 3, windowSeconds: 5 }, public: { requests: 3, windowSeconds: 5 } });

function countingClient(): { db: DynamoDBDocumentClient; sent: () => number } {
  const real = documentClient(twin);
  let sent = 0;
  const db = new Proxy(real, {
    get: (target, name, receiver) => (name === 'send' ? (command: never) => ((sent += 1), target.send(command)) : Reflect.get(target, name, receiver)),
  });
  return { db, sent: () => sent };
}

function setUp() {
  let now = new Date('2026-03-01T10:00:01.000Z');
  const clock = { now: () => now };
  const { db, sent } = countingClient();
  const limiter = () => createRateLimiter({ db, tableName: twin.tableNames.rateLimits, accountsTableName: twin.tableNames.deletedAccounts, clock, limits });
  const user = { userId: `counter-${randomUUID()}`, email: 'counter@example.com' };
  const deletedAccounts = createDeletedAccounts({ db: documentClient(twin), tableName: twin.tableNames.deletedAccounts, clock });
  const record = async () => (await documentClient(twin).send(new GetCommand({ TableName: twin.tableNames.deletedAccounts, Key: { userId: user.userId }, ConsistentRead: true }))).Item;
  return { limiter, user, sent, deletedAccounts, record, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('a user\'s request counter on their record', () => {
  it('admits the limit in a window with one write per call, refuses the next in words, and counts again in the next window', async () => {
    const { limiter, user, sent, record, later } = setUp();
    const instance = limiter();
    for (let call = 0; call < 3; call += 1) await expect(instance.admit(route, user, event)).resolves.toEqual({ seen: 'none' });
    expect(sent()).toBe(3);
    await expect(instance.admit(route, user, event)).rejects.toBeInstanceOf(TooManyRequests);
    // Refused from memory for the rest of the window: no further write.
    await expect(instance.admit(route, user, event)).rejects.toMatchObject({ status: 429, retryAfterSeconds: 4 });
    expect(sent()).toBe(4);
    expect(await record()).toMatchObject({ requests: 4, windowStart: Date.parse('2026-03-01T10:00:00.000Z') });
    expect(await record()).not.toHaveProperty('status');

    later(5000);
    await expect(instance.admit(route, user, event)).resolves.toEqual({ seen: 'none' });
    expect(sent()).toBe(5);
    expect(await record()).toMatchObject({ requests: 1, windowStart: Date.parse('2026-03-01T10:00:05.000Z'), expiresAt: Date.parse('2026-03-01T10:00:10.000Z') / 1000 + 60 });
  });

  it('shares the count between instances: one that guessed the window wrong writes again and still counts once', async () => {
    const { limiter, user, sent } = setUp();
    const first = limiter();
    const second = limiter();
    await first.admit(route, user, event);
    // The second instance has not seen this user: it tries a new window, finds the current one, adds one.
    await second.admit(route, user, event);
    expect(sent()).toBe(3);
    await first.admit(route, user, event);
    await expect(second.admit(route, user, event)).rejects.toBeInstanceOf(TooManyRequests);
    expect(sent()).toBe(5);
  });

  it('finds a deletion started on the very next call, leaves the tombstone as it was, and still counts the call', async () => {
    const { limiter, user, sent, deletedAccounts, record, later } = setUp();
    const instance = limiter();
    await instance.admit(route, user, event);
    expect(await deletedAccounts.get(user.userId)).toBeUndefined();
    expect(await deletedAccounts.begin(user)).toBe(true);
    const tombstone = await record();
    expect(tombstone).not.toHaveProperty('requests');

    await expect(instance.admit(route, user, event)).resolves.toEqual({ seen: 'deleting' });
    expect(await record()).toEqual(tombstone);
    // The refused write, then the call counted in a bucket of the rate-limits table.
    expect(sent()).toBe(3);
    await instance.admit(route, user, event);
    await instance.admit(route, user, event);
    await expect(instance.admit(route, user, event)).rejects.toBeInstanceOf(TooManyRequests);

    expect(await deletedAccounts.completed(user.userId)).toBe(true);
    later(5000);
    await expect(limiter().admit(route, user, event)).resolves.toEqual({ seen: 'deleted' });
  });

  it('takes an expired tombstone (not yet removed by DynamoDB) as gone, as the gate\'s read does', async () => {
    const { limiter, user, deletedAccounts, later } = setUp();
    await deletedAccounts.begin(user);
    await deletedAccounts.completed(user.userId);
    later(TOMBSTONE_KEEP_SECONDS * 1000 + 1000);
    await expect(limiter().admit(route, user, event)).resolves.toEqual({ seen: 'none' });
  });
});
