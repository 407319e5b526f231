import { describe, expect, it } from 'vitest';
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { createHttpHandler, type ApiEvent, type GroupImplementation, type HttpDependencies } from '../../../../functions/http/httpHandler';
import { createKeyGate } from '../../../../functions/http/keyGate';
import { createWorkspaceGate } from '../../../../functions/http/workspaceGate';
import { rateLimitHeaders, TooManyRequests, type RateLimiter, type RateQuota } from '../../../../functions/http/rateLimit';
import { problemDetails } from '../../../../functions/http/problemDetails';
import { AccountOutsideKey, accountsNamedIn, checkAccounts, withinAccounts } from '../../../../functions/http/keyAccounts';
import { ApiKeyRefused, type ApiKeyItem } from '../../../../functions/services/apiKeys';
import { NotAWorkspaceMember, type WorkspaceAccess } from '../../../../functions/services/workspaces';
import { AccountDeleted } from '../../../../functions/errors';
import type { WorkspaceRole } from '../../../../shared/api/workspaces';

const logger = new Logger({ serviceName: 'test', logLevel: 'SILENT' });
const context = { functionName: 'test', awsRequestId: 'r1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
const workspaceId = '11111111-2222-4333-8444-555555555555';
const KEY_TEXT = `ock_${workspaceId}_01JDZ7Q7S2M3N4P5Q6R7S8T9VW_${'s'.repeat(43)}`;
const quota: RateQuota = { limit: 300, remaining: 299, resetSeconds: 42, windowSeconds: 60 };

function keyItem(overrides: Partial<ApiKeyItem> = {}): ApiKeyItem {
  return {
    userId: workspaceId,
    record: 'apikey#01JDZ7Q7S2M3N4P5Q6R7S8T9VW',
    keyId: '01JDZ7Q7S2M3N4P5Q6R7S8T9VW',
    name: 'Script',
    scopes: ['read', 'write', 'publish'],
    accounts: null,
    tokenHash: '00',
    prefix: 'ock_…ssss',
    createdBy: 'maker',
    createdByEmail: 'maker@example.com',
    createdAt: '2026-11-28T10:00:00.000Z',
    expiresAt: null,
    ...overrides,
  };
}

function event(routeKey: string, headers: Record<string, string> = { authorization: `Bearer ${KEY_TEXT}` }, extra: Partial<ApiEvent> = {}): ApiEvent {
  return { routeKey, rawPath: routeKey.split(' ')[1], headers, isBase64Encoded: false, requestContext: { http: { sourceIp: '203.0.113.9' } }, ...extra } as unknown as ApiEvent;
}

/** The workspaces group with the public route getWorkspace, behind a key gate over one key and a maker in a role. */
function setUp(options: { key?: ApiKeyItem | Error; role?: WorkspaceRole | 'removed'; limiter?: Partial<RateLimiter>; deleted?: boolean } = {}) {
  const seen: { workspace?: WorkspaceAccess; caller?: unknown; touched: string[]; workspaceAsked?: string | undefined } = { touched: [] };
  const keyGate = createKeyGate({
    verify: async (text) => {
      if (text !== KEY_TEXT) throw new ApiKeyRefused();
      if (options.key instanceof Error) throw options.key;
      return options.key ?? keyItem();
    },
    touch: async (_key, address) => void seen.touched.push(address),
  });
  const workspaceGate = createWorkspaceGate({
    access: async (_user, asked) => {
      seen.workspaceAsked = asked;
      if (options.role === 'removed') throw new NotAWorkspaceMember();
      return { workspaceId: asked!, role: options.role ?? 'editor', personal: false };
    },
  });
  const rateLimiter = { admit: async () => ({}), admitKey: async () => quota, ...options.limiter } as RateLimiter;
  const accountGate = { admit: async () => (options.deleted ? Promise.reject(new AccountDeleted()) : undefined) };
  const deps: HttpDependencies = { logger, accountGate, workspaceGate, rateLimiter, keyGate };
  const implementation = {
    getWorkspace: async ({ workspace, caller }: { workspace: WorkspaceAccess; caller: unknown }) => {
      seen.workspace = workspace;
      seen.caller = caller;
      return { name: 'Client' };
    },
    updateWorkspace: async () => ({ name: 'Renamed' }),
  } as unknown as GroupImplementation<'workspaces'>;
  return { handler: createHttpHandler('workspaces', implementation, deps), seen };
}

const body = (result: { body?: string | undefined }) => JSON.parse(result.body!) as Record<string, unknown>;

describe('the public API (/v1)', () => {
  it('runs the same route with the key as its maker, in the key\'s workspace whatever the workspace header says, with the RateLimit headers', async () => {
    const { handler, seen } = setUp();

    const result = await handler(event('GET /v1/workspace', { authorization: `Bearer ${KEY_TEXT}`, 'x-oneclick-workspace': '99999999-2222-4333-8444-555555555555' }), context);

    expect(result.statusCode).toBe(200);
    expect(body(result)).toEqual({ name: 'Client' });
    expect(seen.workspaceAsked).toBe(workspaceId);
    expect(seen.caller).toEqual({ userId: 'maker', email: 'maker@example.com' });
    expect(seen.touched).toEqual(['203.0.113.9']);
    expect(result.headers).toMatchObject({ 'ratelimit-limit': '300', 'ratelimit-remaining': '299', 'ratelimit-reset': '42', 'ratelimit-policy': '300;w=60' });
  });

  it('answers errors as RFC 9457 problem details with the app\'s words, a code and the issues', async () => {
    const { handler } = setUp();

    const result = await handler(event('GET /v1/workspace', {}), context);

    expect(result.statusCode).toBe(401);
    expect(result.headers?.['content-type']).toMatch(/^application\/problem\+json/);
    expect(body(result)).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: expect.stringMatching(/needs an API key: send it as "Authorization: Bearer <key>"/),
      code: 'ApiKeyRequired',
      issues: [],
    });
  });

  it('refuses a sign-in token with words saying to use a key', async () => {
    const { handler } = setUp();
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';

    const result = await handler(event('GET /v1/workspace', { authorization: `Bearer ${jwt}` }), context);

    expect(result.statusCode).toBe(401);
    expect(body(result)['detail']).toMatch(/takes an API key, not a sign-in token/);
  });

  it('refuses an unknown, revoked or expired key in one set of words', async () => {
    const { handler } = setUp({ key: new ApiKeyRefused() });

    const result = await handler(event('GET /v1/workspace'), context);

    expect(result.statusCode).toBe(401);
    expect(body(result)).toMatchObject({ code: 'ApiKeyRefused', detail: new ApiKeyRefused().message });
  });

  it('refuses a key without the route\'s scope, naming the scope', async () => {
    const { handler } = setUp({ key: keyItem({ scopes: ['write', 'publish'] }) });

    const result = await handler(event('GET /v1/workspace'), context);

    expect(result.statusCode).toBe(403);
    expect(body(result)).toMatchObject({ code: 'ScopeMissing', detail: expect.stringContaining('"read" scope') });
  });

  it('answers no /v1 route for a route outside the public API (a key never reaches the workspace\'s settings)', async () => {
    const { handler } = setUp({ role: 'owner' });

    await expect(handler(event('PATCH /v1/workspace'), context)).resolves.toMatchObject({ statusCode: 404 });
  });

  it('stops a key at once when its maker left the workspace, or their account was deleted', async () => {
    const removed = await setUp({ role: 'removed' }).handler(event('GET /v1/workspace'), context);
    const deleted = await setUp({ deleted: true }).handler(event('GET /v1/workspace'), context);

    expect(removed.statusCode).toBe(401);
    expect(body(removed)['detail']).toMatch(/no longer in its workspace/);
    expect(deleted.statusCode).toBe(410);
    expect(deleted.headers?.['content-type']).toMatch(/problem\+json/);
  });

  it('answers 429 with Retry-After and the key\'s RateLimit headers', async () => {
    const { handler } = setUp({ limiter: { admitKey: async () => Promise.reject(new TooManyRequests(7, { ...quota, remaining: 0, resetSeconds: 7 })) } });

    const result = await handler(event('GET /v1/workspace'), context);

    expect(result.statusCode).toBe(429);
    expect(result.headers).toMatchObject({ 'retry-after': '7', 'ratelimit-remaining': '0', 'ratelimit-reset': '7' });
    expect(body(result)['detail']).toMatch(/wait 7 seconds/);
  });

  it('keeps the app\'s own routes and error shape as they were', async () => {
    const { handler } = setUp();

    const result = await handler(event('GET /workspace', {}, { requestContext: { http: { sourceIp: '203.0.113.9' }, authorizer: { jwt: { claims: {}, scopes: [] } } } } as never), context);

    expect(result.statusCode).toBe(401);
    expect(body(result)).toEqual({ code: 'AuthenticationRequired', message: 'Authentication required', issues: [] });
  });
});

describe('problem details and RateLimit headers', () => {
  it('takes the status\'s phrase as the title', () => {
    expect(problemDetails(422, 'IdempotencyKeyReused', 'words')).toMatchObject({ type: 'about:blank', title: 'Unprocessable Entity', status: 422, detail: 'words' });
  });

  it('writes the draft\'s four fields', () => {
    expect(rateLimitHeaders({ limit: 10, remaining: 3, resetSeconds: 5, windowSeconds: 60 })).toEqual({
      'ratelimit-limit': '10',
      'ratelimit-remaining': '3',
      'ratelimit-reset': '5',
      'ratelimit-policy': '10;w=60',
    });
  });
});

describe('a key limited to some accounts', () => {
  const allowed = [{ platform: 'youtube' as const, accountId: 'UC1' }];

  it('refuses a request naming another account, in words that name it', () => {
    expect(() => checkAccounts(allowed, accountsNamedIn({ path: {}, body: { targets: [{ platform: 'youtube', accountId: 'UC1' }, { platform: 'x', accountId: '42' }] } }))).toThrow(
      'This API key is limited to some of the workspace\'s accounts, and the X account 42 is not one of them.',
    );
    expect(() => checkAccounts(allowed, accountsNamedIn({ path: { platform: 'youtube', accountId: 'UC2' }, body: undefined }))).toThrow(AccountOutsideKey);
    expect(() => checkAccounts(allowed, accountsNamedIn({ path: undefined, body: { accounts: [{ platform: 'youtube', accountId: 'UC1' }] } }))).not.toThrow();
  });

  it('lists only the posts whose every target is among its accounts, and only its connections', () => {
    const page = { posts: [{ postId: 'a', targets: [{ platform: 'youtube', accountId: 'UC1' }] }, { postId: 'b', targets: [{ platform: 'youtube', accountId: 'UC1' }, { platform: 'x', accountId: '42' }] }], nextCursor: null };
    const connections = { connections: [{ platform: 'youtube', platformUserId: 'UC1' }, { platform: 'x', platformUserId: '42' }] };

    expect((withinAccounts('listPosts', page, allowed) as typeof page).posts.map((post) => post.postId)).toEqual(['a']);
    expect((withinAccounts('listConnections', connections, allowed) as typeof connections).connections).toEqual([{ platform: 'youtube', platformUserId: 'UC1' }]);
  });
});
