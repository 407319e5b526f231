import { describe, expect, it } from 'vitest';
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { routeIds, routes, type RouteId } from '../../../../shared/api/routes';
import { createAccountGate } from '../../../../functions/http/accountGate';
import { createHttpHandler, type ApiEvent } from '../../../../functions/http/httpHandler';
import type { RateLimiter } from '../../../../functions/http/rateLimit';
import type { DeletedAccountRecord } from '../../../../functions/services/deletedAccounts';
import { sampleMe } from '../../../support/fixtures';
import { personalOnly } from '../../../support/workspaceGates';

const tombstone = (status: DeletedAccountRecord['status']): DeletedAccountRecord => ({
  userId: 'u1',
  email: 'a@example.com',
  status,
  startedAt: '2026-03-01T10:00:00.000Z',
  runStartedAt: '2026-03-01T10:00:00.000Z',
  runs: 1,
  steps: {},
});
const gateFor = (record: DeletedAccountRecord | undefined) => createAccountGate({ get: async () => record });
const userRoutes = routeIds.filter((id) => routes[id].auth === 'user');

/** The user routes the gate admits; every refusal must match `refusal`. */
async function admittedRoutes(gate: ReturnType<typeof gateFor>, refusal: Record<string, unknown>): Promise<RouteId[]> {
  const admitted: RouteId[] = [];
  for (const id of userRoutes) {
    try {
      await gate.admit('u1', id);
      admitted.push(id);
    } catch (error) {
      expect(error).toMatchObject(refusal);
    }
  }
  return admitted;
}

describe('the account gate (deletion is final)', () => {
  it('admits every route of a user whose account is not being deleted', async () => {
    for (const id of userRoutes) await expect(gateFor(undefined).admit('u1', id)).resolves.toBeUndefined();
  });

  it('while a deletion runs, refuses every route but reading and continuing the deletion, and module sessions', async () => {
    const gate = gateFor(tombstone('deleting'));
    const admitted = await admittedRoutes(gate, { status: 409, message: expect.stringMatching(/^This account is being deleted/) });
    expect(admitted.sort()).toEqual(['deleteAccount', 'getAccountDeletion']);
    await expect(gate.admit('u1', 'moduleSession')).rejects.toMatchObject({ status: 409 });
  });

  it('after the deletion, refuses everything with 410 in words except reading that it is done', async () => {
    const gate = gateFor(tombstone('deleted'));
    const admitted = await admittedRoutes(gate, { status: 410, message: expect.stringMatching(/^This account has been deleted/) });
    expect(admitted).toEqual(['getAccountDeletion']);
    await expect(gate.admit('u1', 'moduleSession')).rejects.toMatchObject({ status: 410 });
  });

  it('decides from the status the rate limiter\'s write found, without a read of its own', async () => {
    const gate = createAccountGate({ get: () => Promise.reject(new Error('the gate read the table')) });
    await expect(gate.admit('u1', 'listPosts', 'none')).resolves.toBeUndefined();
    await expect(gate.admit('u1', 'listPosts', 'deleting')).rejects.toMatchObject({ status: 409 });
    await expect(gate.admit('u1', 'getAccountDeletion', 'deleting')).resolves.toBeUndefined();
    await expect(gate.admit('u1', 'getAccountDeletion', 'deleted')).resolves.toBeUndefined();
    await expect(gate.admit('u1', 'deleteAccount', 'deleted')).rejects.toMatchObject({ status: 410 });
  });

  it('is consulted by the HTTP handler before the route runs', async () => {
    let ran = false;
    const handler = createHttpHandler('me', { getMe: async () => ((ran = true), sampleMe) }, { logger: new Logger({ serviceName: 'test', logLevel: 'SILENT' }), accountGate: gateFor(tombstone('deleted')), workspaceGate: personalOnly });
    const event = { routeKey: 'GET /me', rawPath: '/api/me', headers: {}, isBase64Encoded: false, requestContext: { authorizer: { jwt: { claims: { sub: 'u1', email: 'a@example.com' }, scopes: [] } } } } as unknown as ApiEvent;
    const result = await handler(event, { functionName: 'test', awsRequestId: 'r1', getRemainingTimeInMillis: () => 1000 } as unknown as Context);
    expect(result.statusCode).toBe(410);
    expect(JSON.parse(result.body!)).toMatchObject({ code: 'AccountDeleted' });
    expect(ran).toBe(false);
  });

  it('is given what the rate limiter\'s write found, so the HTTP handler sends no read for it', async () => {
    let ran = false;
    const gate = createAccountGate({ get: () => Promise.reject(new Error('the gate read the table')) });
    const limiter = { admit: async () => ({ seen: 'deleting' as const }) } as unknown as RateLimiter;
    const handler = createHttpHandler('me', { getMe: async () => ((ran = true), sampleMe) }, { logger: new Logger({ serviceName: 'test', logLevel: 'SILENT' }), accountGate: gate, workspaceGate: personalOnly, rateLimiter: limiter });
    const event = { routeKey: 'GET /me', rawPath: '/api/me', headers: {}, isBase64Encoded: false, requestContext: { authorizer: { jwt: { claims: { sub: 'u1', email: 'a@example.com' }, scopes: [] } } } } as unknown as ApiEvent;
    const result = await handler(event, { functionName: 'test', awsRequestId: 'r1', getRemainingTimeInMillis: () => 1000 } as unknown as Context);
    expect(result.statusCode).toBe(409);
    expect(JSON.parse(result.body!)).toMatchObject({ code: 'AccountBeingDeleted' });
    expect(ran).toBe(false);
  });
});
