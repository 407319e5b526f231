import { describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../../../functions/http/httpHandler';
import type { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { routeIds, routes, type RouteDefinition } from '../../../../shared/api/routes';
import { callerNetwork } from '../../../../functions/http/callerNetwork';
import { callerAddress, createRateLimiter, isOriginSecret, ORIGIN_SECRET_HEADER, TooManyRequests, VIEWER_ADDRESS_HEADER } from '../../../../functions/http/rateLimit';

const event = (headers: Record<string, string>) => ({ headers, requestContext: { http: { sourceIp: '198.51.100.7' } } }) as unknown as ApiEvent;

describe('the caller\'s address for per-address limits', () => {
  it('believes the viewer address CloudFront passes only with the distribution\'s secret', () => {
    expect(callerAddress(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.9', [ORIGIN_SECRET_HEADER]: 's3cret' }), 's3cret')).toBe('203.0.113.9');
  });

  it('uses the address API Gateway saw when the secret is missing or wrong (a request straight to the API host)', () => {
    expect(callerAddress(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.9' }), 's3cret')).toBe('198.51.100.7');
    expect(callerAddress(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.9', [ORIGIN_SECRET_HEADER]: 'guess' }), 's3cret')).toBe('198.51.100.7');
    expect(callerAddress(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.9', [ORIGIN_SECRET_HEADER]: '' }), undefined)).toBe('198.51.100.7');
  });
});

describe('the network an address counts for', () => {
  it('counts two IPv6 addresses of the same /64 as one caller, and different /64s apart', () => {
    expect(callerNetwork('2001:db8:1:2::1')).toBe(callerNetwork('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    expect(callerNetwork('2001:DB8:1:2:0:0:0:7')).toBe('2001:db8:1:2::/64');
    expect(callerNetwork('2001:db8:1:3::1')).not.toBe(callerNetwork('2001:db8:1:2::1'));
    expect(callerNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps an IPv4 address whole, and counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(callerNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(callerNetwork('203.0.113.10')).not.toBe(callerNetwork('203.0.113.9'));
    expect(callerNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(callerNetwork('::ffff:cb00:7109')).toBe('203.0.113.9');
  });
});

describe('the per-address limiter', () => {
  const publicRoute = routes[routeIds.find((id) => routes[id].auth === 'public')!] as RouteDefinition;

  /** The limiter with a table that counts each bucket's requests in memory. */
  function limiterWithTable() {
    const counts = new Map<string, number>();
    const db = {
      send: async (command: UpdateCommand) => {
        const bucket = String(command.input.Key!['bucket']);
        counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
        return { Attributes: { count: counts.get(bucket) } };
      },
    } as unknown as DynamoDBDocumentClient;
    const limiter = createRateLimiter({ db, tableName: 'rate-limits', clock: { now: () => new Date('2026-03-01T10:00:00.000Z') }, limits: () => ({ user: { requests: 2, windowSeconds: 5 }, public: { requests: 2, windowSeconds: 5 } }) });
    const from = (sourceIp: string) => ({ headers: {}, requestContext: { http: { sourceIp } } }) as unknown as ApiEvent;
    return { admit: (sourceIp: string) => limiter.admit(publicRoute, undefined, from(sourceIp)) };
  }

  it('refuses the third request from a /64 however its addresses are varied, while another /64 gets through', async () => {
    const { admit } = limiterWithTable();
    await admit('2001:db8:1:2::1');
    await admit('2001:db8:1:2::2');
    await expect(admit('2001:db8:1:2:abcd::3')).rejects.toBeInstanceOf(TooManyRequests);
    await expect(admit('2001:db8:1:3::1')).resolves.toEqual({});
  });

  it("holds a review link's routes to their own tighter limit per address, however wide the public one is", async () => {
    const counts = new Map<string, number>();
    const db = {
      send: async (command: UpdateCommand) => {
        const bucket = String(command.input.Key!['bucket']);
        counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
        return { Attributes: { count: counts.get(bucket) } };
      },
    } as unknown as DynamoDBDocumentClient;
    const limiter = createRateLimiter({ db, tableName: 'rate-limits', clock: { now: () => new Date('2026-03-01T10:00:00.000Z') }, limits: () => ({ user: { requests: 1000, windowSeconds: 5 }, public: { requests: 1000, windowSeconds: 5 } }) });
    const from = { headers: {}, requestContext: { http: { sourceIp: '203.0.113.9' } } } as unknown as ApiEvent;
    const review = routes.approveReviewPost as RouteDefinition;
    expect(review.addressLimit).toEqual({ requests: 30, windowSeconds: 60 });

    for (let call = 0; call < 30; call++) await limiter.admit(review, undefined, from);
    const refused = await limiter.admit(review, undefined, from).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(TooManyRequests);
    expect((refused as TooManyRequests).retryAfterSeconds).toBe(60);
    // Another route (the default public limit) from the same address is counted apart.
    await expect(limiter.admit(publicRoute, undefined, from)).resolves.toEqual({});
  });

  it('counts IPv4 addresses one by one, an IPv4-mapped address with its IPv4 address', async () => {
    const { admit } = limiterWithTable();
    await admit('203.0.113.9');
    await admit('::ffff:203.0.113.9');
    await expect(admit('203.0.113.9')).rejects.toBeInstanceOf(TooManyRequests);
    await expect(admit('203.0.113.10')).resolves.toEqual({});
  });
});

describe('a user\'s counter on their record', () => {
  const userRoute = routes.listPosts as RouteDefinition;
  const anyEvent = { headers: {}, requestContext: { http: { sourceIp: '198.51.100.7' } } } as unknown as ApiEvent;

  /**
   * A table that applies each write when it is sent, with the two conditions the limiter uses
   * (the real ones run against DynamoDB Local in test/integration/api/userRequestCounter.test.ts);
   * its answers come a tick later, so calls overlap as on the twin.
   */
  function tableOfRecords() {
    const records = new Map<string, { windowStart?: number; requests?: number }>();
    let writes = 0;
    const db = {
      send: (command: UpdateCommand) => {
        writes += 1;
        const userId = String(command.input.Key!['userId']);
        const record = records.get(userId) ?? {};
        const windowStart = Number(command.input.ExpressionAttributeValues![':windowStart']);
        const adds = command.input.UpdateExpression!.includes('#requests + :one');
        const holds = adds ? record.windowStart === windowStart : record.windowStart === undefined || record.windowStart < windowStart;
        const answer = holds ? { Attributes: { requests: (adds ? record.requests! : 0) + 1 } } : undefined;
        if (answer) records.set(userId, { windowStart, requests: answer.Attributes.requests });
        const failure = Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException', Item: record.windowStart === undefined ? {} : { windowStart: { N: String(record.windowStart) } } });
        return new Promise((settle, fail) => setImmediate(() => (answer ? settle(answer) : fail(failure))));
      },
    } as unknown as DynamoDBDocumentClient;
    return { db, records, writes: () => writes };
  }

  it('sends one write for each of an instance\'s calls in flight together when a window starts, and counts them all', async () => {
    const { db, records, writes } = tableOfRecords();
    let now = new Date('2026-03-01T10:00:00.500Z');
    const limiter = createRateLimiter({ db, tableName: 'rate-limits', accountsTableName: 'deleted-accounts', clock: { now: () => now }, limits: () => ({ user: { requests: 100, windowSeconds: 1 }, public: { requests: 100, windowSeconds: 1 } }) });
    const user = { userId: 'u1', email: 'a@example.com' };
    await Promise.all(Array.from({ length: 16 }, () => limiter.admit(userRoute, user, anyEvent)));
    expect(writes()).toBe(16);
    now = new Date('2026-03-01T10:00:01.500Z');
    await Promise.all(Array.from({ length: 16 }, () => limiter.admit(userRoute, user, anyEvent)));
    expect(writes()).toBe(32);
    expect(records.get('u1')).toEqual({ windowStart: Date.parse('2026-03-01T10:00:01.000Z'), requests: 16 });
  });
});

describe('the origin secret', () => {
  it('is compared in constant time: any other value, shorter, longer or absent, is not it', () => {
    expect(isOriginSecret('s3cret', 's3cret')).toBe(true);
    expect(isOriginSecret('s3cre', 's3cret')).toBe(false);
    expect(isOriginSecret('s3cretX', 's3cret')).toBe(false);
    expect(isOriginSecret(undefined, 's3cret')).toBe(false);
  });
});

describe('the per-key limiter of the public API', () => {
  it('counts a key\'s calls in its window, says what remains and when it resets, and refuses past the limit with the quota', async () => {
    const counts = new Map<string, number>();
    const db = {
      send: async (command: UpdateCommand) => {
        const bucket = String(command.input.Key!['bucket']);
        counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
        return { Attributes: { count: counts.get(bucket) } };
      },
    } as unknown as DynamoDBDocumentClient;
    const limiter = createRateLimiter({
      db,
      tableName: 'rate-limits',
      clock: { now: () => new Date('2026-03-01T10:00:45.000Z') },
      limits: () => ({ user: { requests: 60, windowSeconds: 5 }, public: { requests: 50, windowSeconds: 5 }, key: { requests: 2, windowSeconds: 60 } }),
    });

    expect(await limiter.admitKey('k1')).toEqual({ limit: 2, remaining: 1, resetSeconds: 15, windowSeconds: 60 });
    expect(await limiter.admitKey('k1')).toMatchObject({ remaining: 0 });
    const refused = await limiter.admitKey('k1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect(refused).toMatchObject({ retryAfterSeconds: 15, quota: { remaining: 0, resetSeconds: 15 } });
    expect(await limiter.admitKey('k2')).toMatchObject({ remaining: 1 });
    expect([...counts.keys()].every((bucket) => bucket.startsWith('key#'))).toBe(true);
  });
});
