import { describe, expect, it } from 'vitest';
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { createHttpHandler, type ApiEvent } from '../../../../functions/http/httpHandler';
import { requestCookie, withCookies } from '../../../../functions/http/cookies';
import { sampleMe as me } from '../../../support/fixtures';
import { personalOnly } from '../../../support/workspaceGates';

const logger = new Logger({ serviceName: 'test', logLevel: 'SILENT' });
/** Admits everyone: the account gate has its own tests (accountGate.test.ts). */
const openGate = { admit: async () => undefined };
const context = { functionName: 'test', awsRequestId: 'r1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
const event = {
  routeKey: 'GET /me',
  rawPath: '/api/me',
  headers: {},
  isBase64Encoded: false,
  requestContext: { authorizer: { jwt: { claims: { sub: 'u1', email: 'a@example.com' }, scopes: [] } } },
} as unknown as ApiEvent;

describe('cookies a route sets and reads', () => {
  it('puts the route\'s cookies in the result (Set-Cookie) and keeps them out of the JSON body', async () => {
    const handler = createHttpHandler('me', { getMe: async () => withCookies({ ...me }, ['a=1; Path=/x; HttpOnly']) }, { logger, accountGate: openGate, workspaceGate: personalOnly });

    const result = await handler(event, context);

    expect(result.cookies).toEqual(['a=1; Path=/x; HttpOnly']);
    expect(JSON.parse(result.body!)).toEqual(me);
  });

  it('sets no cookies when the route sets none', async () => {
    const handler = createHttpHandler('me', { getMe: async () => me }, { logger, accountGate: openGate, workspaceGate: personalOnly });
    expect((await handler(event, context)).cookies).toBeUndefined();
  });

  it('reads a cookie by exact name from payload 2.0 cookies, whatever else is sent', () => {
    expect(requestCookie(['other=1', 'oneclick_oauth=abc'], 'oneclick_oauth')).toBe('abc');
    expect(requestCookie(['x_oneclick_oauth=evil', 'oneclick_oauth_old=evil'], 'oneclick_oauth')).toBeUndefined();
    expect(requestCookie(['a=1; oneclick_oauth=n=1'], 'oneclick_oauth')).toBe('n=1');
    expect(requestCookie(undefined, 'oneclick_oauth')).toBeUndefined();
  });
});
