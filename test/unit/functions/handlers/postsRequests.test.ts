import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostPage } from '../../../../shared/api/posts';
import { routeKey, routes, type RouteId } from '../../../../shared/api/routes';
import { bucketEnvName, bucketKeys } from '../../../../shared/resources/buckets';
import { tableEnvName, tableKeys, tables, type TableDefinition } from '../../../../shared/resources/tables';
import type { ApiEvent, ApiResult } from '../../../../functions/http/httpHandler';
import { dynamoDbRequestBudgets } from '../../../budgets';

/**
 * DynamoDB requests per call of the hot routes, counted where they leave the posts function: its
 * real handler, composition and SDK clients, pointed at a small stand-in that speaks DynamoDB's
 * (and Step Functions') JSON protocol over HTTP, keeps the items it is given and counts every
 * request by operation. Nothing is patched; a request the code adds is a request counted.
 */

type Value = string | number | boolean | null | Value[] | { [name: string]: Value };
type AttributeValue = { S: string } | { N: string } | { BOOL: boolean } | { NULL: true } | { L: AttributeValue[] } | { M: Record<string, AttributeValue> };
const attribute = (value: Value): AttributeValue =>
  typeof value === 'string'
    ? { S: value }
    : typeof value === 'number'
      ? { N: String(value) }
      : typeof value === 'boolean'
        ? { BOOL: value }
        : value === null
          ? { NULL: true }
          : Array.isArray(value)
            ? { L: value.map(attribute) }
            : { M: Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, attribute(inner)])) };

interface StandIn {
  endpoint: string;
  /** Requests by operation ("GetItem") since the last reset. */
  counts: Record<string, number>;
  put(table: string, item: Record<string, Value>): void;
  /**
   * Holds the next reads of `tables` until `count` of them wait, then answers them together: true.
   * Reads sent one after another never reach `count`; after `patienceMs` they are answered: false.
   */
  readsTogether(tables: string[], count: number, patienceMs: number): Promise<boolean>;
  close(): Promise<void>;
}

interface Hold {
  tables: Set<string>;
  count: number;
  waiting: Array<() => void>;
  settle(together: boolean): void;
}

/** Answers GetItem by key, Query by the key condition's one equality (and Limit), and every write with success. */
async function startStandIn(keysOf: (table: string) => string[]): Promise<StandIn> {
  const items = new Map<string, Array<Record<string, AttributeValue>>>();
  const counts: Record<string, number> = {};
  let hold: Hold | undefined;
  const matches = (item: Record<string, AttributeValue>, key: Record<string, AttributeValue>) => Object.entries(key).every(([name, value]) => JSON.stringify(item[name]) === JSON.stringify(value));
  function answer(operation: string, input: Record<string, unknown>): unknown {
    const table = items.get(String(input['TableName'])) ?? [];
    switch (operation) {
      case 'GetItem': {
        const item = table.find((candidate) => matches(candidate, input['Key'] as Record<string, AttributeValue>));
        return item ? { Item: item } : {};
      }
      case 'Query': {
        // "name = :value": the one key condition the hot routes use.
        const [name, placeholder] = String(input['KeyConditionExpression']).split(/\s*=\s*/);
        const value = (input['ExpressionAttributeValues'] as Record<string, AttributeValue>)[placeholder!]!;
        const found = table.filter((item) => JSON.stringify(item[name!]) === JSON.stringify(value)).slice(0, Number(input['Limit'] ?? 1000));
        return { Items: found, Count: found.length, ScannedCount: found.length };
      }
      case 'UpdateItem':
        return { Attributes: { count: { N: '1' } } };
      case 'StartExecution':
        return { executionArn: 'arn:aws:states:us-east-1:000000000000:execution:PublishPost:x', startDate: Date.now() / 1000 };
      default:
        return {};
    }
  }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const operation = String(request.headers['x-amz-target'] ?? '').split('.').at(-1) ?? '';
      counts[operation] = (counts[operation] ?? 0) + 1;
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      const respond = () => response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(answer(operation, input)));
      if (!hold || !['GetItem', 'Query'].includes(operation) || !hold.tables.has(String(input['TableName']))) return respond();
      hold.waiting.push(respond);
      if (hold.waiting.length === hold.count) hold.settle(true);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    put(tableName, item) {
      const stored = Object.fromEntries(Object.entries(item).map(([name, value]) => [name, attribute(value)]));
      const key = Object.fromEntries(keysOf(tableName).map((name) => [name, stored[name]!]));
      const table = items.get(tableName) ?? [];
      items.set(tableName, [...table.filter((candidate) => !matches(candidate, key)), stored]);
    },
    readsTogether(tables, count, patienceMs) {
      return new Promise<boolean>((settled) => {
        const timer = setTimeout(() => current.settle(false), patienceMs);
        const current: Hold = {
          tables: new Set(tables),
          count,
          waiting: [],
          settle(together) {
            clearTimeout(timer);
            hold = undefined;
            for (const respond of current.waiting) respond();
            settled(together);
          },
        };
        hold = current;
      });
    },
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

const userId = 'user-budget';
const email = 'budget@example.com';
const mediaKey = `${userId}/images/abcdefghijklmnopqrst.jpg`;
const at = '2026-11-28T10:00:00.000Z';
const postIds = Array.from({ length: 60 }, (_unused, index) => ulid(Date.parse(at) - index * 60_000));

function event(id: RouteId, options: { path?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {}): ApiEvent {
  const route = routes[id];
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: route.path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    ...(options.query ? { queryStringParameters: options.query } : {}),
    ...(options.path ? { pathParameters: options.path } : {}),
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'budget',
      domainName: 'localhost',
      domainPrefix: 'budget',
      http: { method: route.method, path: route.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'request',
      routeKey: routeKey(route),
      stage: '$default',
      time: at,
      timeEpoch: Date.parse(at),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: { sub: userId, email }, scopes: [] } },
    },
  } as ApiEvent;
}

const context = { functionName: 'posts', awsRequestId: 'request', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

describe('DynamoDB requests per call of the hot routes (budgets in test/budgets.ts)', () => {
  let standIn: StandIn;
  let handler: (event: ApiEvent, context: Context) => Promise<ApiResult>;
  const tableNames = Object.fromEntries(tableKeys.map((key) => [key, `budget-${key}`])) as Record<(typeof tableKeys)[number], string>;

  beforeAll(async () => {
    const keysByName = new Map(
      tableKeys.map((key) => {
        const definition: TableDefinition = tables[key];
        return [tableNames[key], [definition.partitionKey.name, ...(definition.sortKey ? [definition.sortKey.name] : [])]];
      }),
    );
    standIn = await startStandIn((table) => keysByName.get(table)!);
    const environment: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_ENDPOINT_URL_DYNAMODB: standIn.endpoint,
      AWS_ENDPOINT_URL_SFN: standIn.endpoint,
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9',
      ONECLICK_S3_FORCE_PATH_STYLE: 'true',
      STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:000000000000:stateMachine:PublishPost',
      POWERTOOLS_LOG_LEVEL: 'ERROR',
    };
    for (const key of tableKeys) environment[tableEnvName(key)] = tableNames[key];
    for (const key of bucketKeys) environment[bucketEnvName(key)] = `budget-${key}`;
    for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
    vi.resetModules();
    ({ handler } = await import('../../../../functions/handlers/posts'));

    // An admin with one LinkedIn connection, one uploaded image with its thumbnail, and a page of 50 published posts.
    standIn.put(tableNames.memberships, { userId, record: 'membership', userEmail: email, membershipType: 'admin', maxPosts: null, canSchedule: true, maxAccounts: null, connectedAccounts: 1, createdAt: at, updatedAt: at });
    standIn.put(tableNames.connections, { userId, connectionId: 'linkedin#acct', platform: 'linkedin', platformUserId: 'acct', status: 'connected', displayName: 'Budget', tokenVersion: 1, canRefresh: true, createdAt: at, updatedAt: at });
    for (const [key, kind] of [[mediaKey, 'medium'], [`${mediaKey}.thumb.jpg`, 'thumbnail']] as const) {
      standIn.put(tableNames.memberships, {
        userId,
        record: `upload#media#${key}`,
        bucket: 'media',
        key,
        bytes: 332,
        state: 'complete',
        createdAt: at,
        ...(kind === 'medium' ? { described: { kind: 'image', contentType: 'image/jpeg', size: 332, extension: 'jpg' } } : {}),
      });
    }
    for (let index = 0; index < 60; index++) {
      const postId = postIds[index]!;
      standIn.put(tableNames.posts, {
        userId,
        postId,
        status: 'published',
        description: `Post ${index}`,
        media: [{ key: mediaKey, kind: 'image', contentType: 'image/jpeg', size: 332, extension: 'jpg', thumbnailKey: `${mediaKey}.thumb.jpg` }],
        targets: { 'linkedin#acct': { targetId: 'linkedin#acct', platform: 'linkedin', accountId: 'acct', accountName: 'Budget', connectionId: 'linkedin#acct', status: 'published', progress: {}, statusChecks: 0, rateLimitWaits: 0, updatedAt: at } },
        platforms: ['linkedin'],
        createdAt: at,
        updatedAt: at,
        publishedAt: at,
        executions: [`${postId}-1`],
        userList: `${userId}#published`,
        listAt: at,
      });
    }
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    await standIn?.close();
  });

  let answer: unknown;
  /** Calls the route once and returns its requests by operation; the answer (kept in `answer`) must be a success. */
  async function requestsOf(apiEvent: ApiEvent): Promise<Record<string, number>> {
    for (const operation of Object.keys(standIn.counts)) delete standIn.counts[operation];
    const result = await handler(apiEvent, context);
    expect(result.statusCode, result.body).toBe(200);
    answer = JSON.parse(result.body ?? 'null');
    const { StartExecution: _started, ...dynamoDb } = standIn.counts;
    return dynamoDb;
  }

  /** Fails naming the route, what it sent and what its budget allows for. */
  function expectWithinBudget(route: keyof typeof dynamoDbRequestBudgets, counts: Record<string, number>) {
    const { requests, why } = dynamoDbRequestBudgets[route];
    const sent = Object.values(counts).reduce((sum, count) => sum + count, 0);
    expect(sent, `${route} sent ${sent} DynamoDB requests (${JSON.stringify(counts)}), its budget is ${requests}: ${why}`).toBeLessThanOrEqual(requests);
  }

  it('lists a page of 50 with one write that counts the call and finds a deletion, and one Query', async () => {
    const counts = await requestsOf(event('listPosts', { query: { status: 'published', limit: '50' } }));
    expect((answer as PostPage).posts).toHaveLength(50);
    expect((answer as PostPage).posts.every((post) => post.media[0]?.url && post.media[0].thumbnailUrl)).toBe(true);
    expect(counts['Query']).toBe(1);
    expectWithinBudget('listPosts', counts);
  });

  it('reads one post with one write that counts the call and finds a deletion, and one GetItem', async () => {
    expectWithinBudget('getPost', await requestsOf(event('getPost', { path: { postId: postIds[0]! } })));
  });

  it('creates a post with one image (and its thumbnail) within its budget', async () => {
    const body = { description: 'Budget post', media: [{ key: mediaKey }], targets: [{ platform: 'linkedin', accountId: 'acct' }] };
    expectWithinBudget('createPost', await requestsOf(event('createPost', { body })));
    expect(answer).toMatchObject({ status: 'publishing', media: [{ key: mediaKey, thumbnailKey: `${mediaKey}.thumb.jpg` }] });
    expect(standIn.counts['StartExecution']).toBe(1);
  });

  it('creates a post reading the membership, the connections and the file\'s records in one round trip', async () => {
    // The four reads (membership, connections, the file's and its thumbnail's records) are held
    // until all four wait: sent one after another, the first would wait the whole patience alone.
    const together = standIn.readsTogether([tableNames.memberships, tableNames.connections], 4, 3000);
    const body = { description: 'Reads at once', media: [{ key: mediaKey }], targets: [{ platform: 'linkedin', accountId: 'acct' }] };
    await requestsOf(event('createPost', { body }));
    expect(await together).toBe(true);
  });
});
