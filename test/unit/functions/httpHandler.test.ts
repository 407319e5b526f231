import { describe, expect, it } from 'vitest';
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { createHttpHandler, type ApiEvent, type GroupImplementation } from '../../../functions/http/httpHandler';
import { TooManyRequests, type RateLimiter } from '../../../functions/http/rateLimit';
import { NotFound, QuotaExceeded } from '../../../functions/errors';
import { personalOnly } from '../../support/workspaceGates';
import { sampleMe as me } from '../../support/fixtures';

const logger = new Logger({ serviceName: 'test', logLevel: 'SILENT' });
/** No account of these tests is being deleted (the gate itself: test/unit/functions/http/accountGate.test.ts). */
const openGate = { admit: async () => undefined };

const context = { functionName: 'test', awsRequestId: 'r1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;


function event(overrides: Partial<ApiEvent> & { claims?: Record<string, string> } = {}): ApiEvent {
  const { claims = { sub: 'u1', email: 'a@example.com' }, ...rest } = overrides;
  return {
    routeKey: 'GET /me',
    rawPath: '/api/me',
    headers: {},
    isBase64Encoded: false,
    requestContext: { authorizer: { jwt: { claims, scopes: [] } } },
    ...rest,
  } as unknown as ApiEvent;
}

describe('HTTP handler', () => {
  it('passes the verified caller to the route and returns its result as JSON', async () => {
    let seen: unknown;
    const handler = createHttpHandler('me', { getMe: async ({ user }) => ((seen = user), me) }, { logger, accountGate: openGate, workspaceGate: personalOnly });

    const result = await handler(event(), context);

    expect(seen).toEqual({ userId: 'u1', email: 'a@example.com' });
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(result.body!)).toEqual(me);
  });

  it('answers 401 "Authentication required" when no verified caller reached a user route', async () => {
    const handler = createHttpHandler('me', { getMe: async () => me }, { logger, accountGate: openGate, workspaceGate: personalOnly });

    const result = await handler(event({ claims: {} }), context);

    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body!)).toMatchObject({ message: 'Authentication required' });
  });

  it('maps domain errors to their status with the message in words', async () => {
    const handler = createHttpHandler('me', { getMe: async () => Promise.reject(new QuotaExceeded('You have used all 3 posts this month.')) }, { logger, accountGate: openGate, workspaceGate: personalOnly });

    const result = await handler(event(), context);

    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body!)).toEqual({ code: 'QuotaExceeded', message: 'You have used all 3 posts this month.', issues: [] });
  });

  it('answers a refused rate with 429, the wait in words and in Retry-After', async () => {
    const handler = createHttpHandler('me', { getMe: async () => Promise.reject(new TooManyRequests(4)) }, { logger, accountGate: openGate, workspaceGate: personalOnly });

    const result = await handler(event(), context);

    expect(result.statusCode).toBe(429);
    expect(result.headers?.['retry-after']).toBe('4');
    expect(JSON.parse(result.body!)).toMatchObject({ code: 'TooManyRequests', message: 'Too many requests in a short time. Please wait 4 seconds and try again.' });
  });

  it('hides the details of an unexpected error behind a 500 with a readable message', async () => {
    const handler = createHttpHandler('me', { getMe: async () => Promise.reject(new Error('secret internals: table xyz')) }, { logger, accountGate: openGate, workspaceGate: personalOnly });

    const result = await handler(event(), context);

    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('secret internals');
    expect(JSON.parse(result.body!).message).toMatch(/went wrong/);
  });

  describe('the activity log', () => {
    const link = { linkId: '01JAAAAAAAAAAAAAAAAAAAAAAA', label: 'Client', scope: { type: 'posts', postIds: ['p1'] }, createdByEmail: 'a@example.com', createdAt: 'x', expiresAt: 'y', lastOpenedAt: null, revokedAt: 'z', status: 'revoked' } as const;
    const unused = async () => Promise.reject(new Error('not called'));
    const review = (revoke: () => Promise<typeof link>) =>
      ({ createReviewLink: unused, listReviewLinks: unused, revokeReviewLink: revoke, openReview: unused, approveReviewPost: unused, commentReviewPost: unused }) as unknown as GroupImplementation<'review'>;
    const revokeEvent = () => event({ routeKey: 'DELETE /workspace/review-links/{linkId}', pathParameters: { linkId: link.linkId } });

    it('records a successful write the rule table names, with the caller as the actor', async () => {
      const recorded: unknown[] = [];
      const handler = createHttpHandler('review', review(async () => link), { logger, accountGate: openGate, workspaceGate: personalOnly, activity: { record: async (record) => (recorded.push(record), {} as never) } });

      const result = await handler(revokeEvent(), context);

      expect(result.statusCode).toBe(200);
      expect(recorded).toEqual([{ workspaceId: 'u1', kind: 'reviewLink.revoked', actor: { type: 'member', userId: 'u1', email: 'a@example.com' }, target: { linkId: link.linkId, excerpt: 'Client' } }]);
    });

    it('records nothing when the write was refused', async () => {
      const recorded: unknown[] = [];
      const handler = createHttpHandler('review', review(async () => Promise.reject(new NotFound('No such link.'))), { logger, accountGate: openGate, workspaceGate: personalOnly, activity: { record: async (record) => (recorded.push(record), {} as never) } });

      expect((await handler(revokeEvent(), context)).statusCode).toBe(404);
      expect(recorded).toEqual([]);
    });

    it("answers the action's success when the log cannot be written (the action happened; the failure is logged)", async () => {
      const handler = createHttpHandler('review', review(async () => link), { logger, accountGate: openGate, workspaceGate: personalOnly, activity: { record: async () => Promise.reject(new Error('table unavailable')) } });

      const result = await handler(revokeEvent(), context);

      expect(result.statusCode).toBe(200);
      expect(JSON.parse(result.body!)).toEqual(link);
    });
  });

  it('answers 404 for a route key that is not in its group', async () => {
    const handler = createHttpHandler('me', { getMe: async () => Promise.reject(new NotFound('unused')) }, { logger, accountGate: openGate, workspaceGate: personalOnly });

    const result = await handler(event({ routeKey: 'DELETE /me' }), context);

    expect(result.statusCode).toBe(404);
  });

  it('consults the rate limiter it is given before the route runs', async () => {
    let ran = false;
    const refusing: RateLimiter = { admit: async () => Promise.reject(new TooManyRequests(3)), admitKey: async () => Promise.reject(new TooManyRequests(3)) };
    const handler = createHttpHandler('me', { getMe: async () => ((ran = true), me) }, { logger, accountGate: openGate, workspaceGate: personalOnly, rateLimiter: refusing });

    const result = await handler(event(), context);

    expect(result.statusCode).toBe(429);
    expect(JSON.parse(result.body!).message).toMatch(/wait 3 seconds/);
    expect(ran).toBe(false);
  });

  it('refuses to build a group with idempotent routes without idempotency, naming the group', () => {
    expect(() => createHttpHandler('posts', {} as GroupImplementation<'posts'>, { logger, accountGate: openGate, workspaceGate: personalOnly })).toThrow(/posts function has idempotent routes/);
    expect(() => createHttpHandler('me', { getMe: async () => me }, { logger, accountGate: openGate, workspaceGate: personalOnly })).not.toThrow();
  });

  describe('a route whose answer is the same for everyone (cache)', () => {
    const served = { openapi: '3.1.1', info: { title: 'T', version: '1', description: 'D' }, servers: [], tags: [], paths: {}, components: { schemas: {}, responses: {}, securitySchemes: {} } };
    const handler = createHttpHandler('openapi', { getOpenApiDocument: async () => served }, { logger, accountGate: openGate, workspaceGate: personalOnly });
    const documentEvent = (headers: Record<string, string> = {}) => event({ routeKey: 'GET /openapi.json', claims: {}, headers });

    it('answers with an ETag and Cache-Control public, max-age instead of no-store', async () => {
      const result = await handler(documentEvent(), context);

      expect(result.statusCode).toBe(200);
      expect(JSON.parse(result.body!)).toEqual(served);
      expect(result.headers?.['cache-control']).toBe('public, max-age=300');
      expect(result.headers?.['etag']).toMatch(/^"[\w-]{27}"$/);
    });

    it('answers 304 without a body when If-None-Match names the ETag (weak or among others), 200 when it names another', async () => {
      const etag = String((await handler(documentEvent(), context)).headers?.['etag']);

      const same = await handler(documentEvent({ 'if-none-match': etag }), context);
      const among = await handler(documentEvent({ 'if-none-match': `"other", W/${etag}` }), context);
      const other = await handler(documentEvent({ 'if-none-match': '"other"' }), context);

      expect(same.statusCode).toBe(304);
      expect(same.body).toBeUndefined();
      expect(same.headers?.['etag']).toBe(etag);
      expect(among.statusCode).toBe(304);
      expect(other.statusCode).toBe(200);
    });
  });
});
