import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Clock } from '../../../functions/clock';
import { createModuleTokens, MODULE_SESSION_TTL_SECONDS, MODULE_TOKEN_TTL_SECONDS } from '../../../functions/services/moduleTokens';
import type { ModuleSession, ModuleToken } from '../../../shared/api/modules';
import { callApi, createUser, documentClient, type TestUser } from '../../support/users';

const twin = inject('twin');

const postJson = (path: string, body: unknown, token?: string) =>
  callApi(twin, path, token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function moduleToken(user: TestUser, module = 'autotoon'): Promise<ModuleToken> {
  const { status, body } = await postJson('/module-tokens', { module }, user.idToken);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as ModuleToken;
}

const exchange = (token: string, module = 'autotoon') => postJson('/module-sessions', { token, module });

/** A clock the test moves by hand. */
function steppingClock(start: Date): Clock & { advance(seconds: number): void } {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (seconds) => (now += seconds * 1000) };
}

describe('module tokens: one-time sign-in for the embedded modules', () => {
  it('issues a short-lived token that a module exchanges once for a session of that user', async () => {
    const user = await createUser(twin);
    const issued = await moduleToken(user);
    expect(issued.module).toBe('autotoon');
    expect(new Date(issued.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(MODULE_TOKEN_TTL_SECONDS * 1000);

    const { status, body } = await exchange(issued.token);

    expect(status, JSON.stringify(body)).toBe(200);
    const session = body as unknown as ModuleSession;
    expect(session.user).toEqual({ userId: user.userId, email: user.email });
    expect(session.module).toBe('autotoon');
    expect(session.sessionToken).not.toBe(issued.token);
  });

  it('refuses a replayed token', async () => {
    const user = await createUser(twin);
    const { token } = await moduleToken(user);
    expect((await exchange(token)).status).toBe(200);

    const replay = await exchange(token);

    expect(replay.status).toBe(401);
    expect(replay.body?.['message']).toMatch(/not valid or was already used/);
  });

  it('lets exactly one of two simultaneous exchanges of the same token through', async () => {
    const user = await createUser(twin);
    const { token } = await moduleToken(user);

    const statuses = (await Promise.all([exchange(token), exchange(token), exchange(token)])).map((answer) => answer.status).sort();

    expect(statuses).toEqual([200, 401, 401]);
  });

  it('refuses a forged token', async () => {
    const forged = `mt_${randomBytes(32).toString('base64url')}`;

    const { status, body } = await exchange(forged);

    expect(status).toBe(401);
    expect(body?.['message']).toMatch(/not valid/);
  });

  it('refuses a token issued for another module, and spends it', async () => {
    const user = await createUser(twin);
    const { token } = await moduleToken(user, 'podcast');

    expect((await exchange(token, 'autotoon')).status).toBe(403);
    expect((await exchange(token, 'podcast')).status).toBe(401);
  });

  it('refuses an expired token (clock past its five minutes)', async () => {
    const clock = steppingClock(new Date());
    const tokens = createModuleTokens({ db: documentClient(twin), tableName: twin.tableNames.moduleTokens, clock });
    const { token } = await tokens.create({ userId: 'user-expired', email: 'e@example.com' }, 'autotoon');
    clock.advance(MODULE_TOKEN_TTL_SECONDS);

    await expect(tokens.exchange(token, 'autotoon')).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/expired/) });
  });

  it('accepts a token one second before it expires', async () => {
    const clock = steppingClock(new Date());
    const tokens = createModuleTokens({ db: documentClient(twin), tableName: twin.tableNames.moduleTokens, clock });
    const { token } = await tokens.create({ userId: 'user-in-time', email: 'e@example.com' }, 'autotoon');
    clock.advance(MODULE_TOKEN_TTL_SECONDS - 1);

    await expect(tokens.exchange(token, 'autotoon')).resolves.toMatchObject({ user: { userId: 'user-in-time' } });
  });

  it('ends a module session after its hour', async () => {
    const clock = steppingClock(new Date());
    const tokens = createModuleTokens({ db: documentClient(twin), tableName: twin.tableNames.moduleTokens, clock });
    const { token } = await tokens.create({ userId: 'user-session', email: 'e@example.com' }, 'podcast');
    const { sessionToken } = await tokens.exchange(token, 'podcast');
    await expect(tokens.authenticate(`Bearer ${sessionToken}`)).resolves.toEqual({ userId: 'user-session', email: 'e@example.com', module: 'podcast' });

    clock.advance(MODULE_SESSION_TTL_SECONDS);

    await expect(tokens.authenticate(`Bearer ${sessionToken}`)).rejects.toMatchObject({ status: 401 });
  });

  it('needs a signed-in user to issue a token', async () => {
    expect((await postJson('/module-tokens', { module: 'autotoon' })).status).toBe(401);
  });

  it('refuses an unknown module in words', async () => {
    const user = await createUser(twin);

    const { status, body } = await postJson('/module-tokens', { module: 'spreadsheet' }, user.idToken);

    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('The module must be one of: influencer, autotoon, podcast, imageGenerator.');
  });
});

describe("the spec's /generate-custom-token", () => {
  it('turns the caller\'s idToken into a customToken a module can exchange', async () => {
    const user = await createUser(twin);

    const { status, body } = await postJson('/generate-custom-token', { idToken: user.idToken }, user.idToken);

    expect(status, JSON.stringify(body)).toBe(200);
    expect(Object.keys(body!)).toEqual(['customToken']);
    const session = await exchange(String(body!['customToken']), 'influencer');
    expect(session.status).toBe(200);
    expect((session.body as unknown as ModuleSession).user.userId).toBe(user.userId);
  });

  it('accepts { uid, email } of the caller', async () => {
    const user = await createUser(twin);

    const { status, body } = await postJson('/generate-custom-token', { uid: user.userId, email: user.email.toUpperCase(), module: 'podcast' }, user.idToken);

    expect(status, JSON.stringify(body)).toBe(200);
    expect((await exchange(String(body!['customToken']), 'podcast')).status).toBe(200);
  });

  it('never issues a token for another user', async () => {
    const caller = await createUser(twin);
    const victim = await createUser(twin);

    const byUid = await postJson('/generate-custom-token', { uid: victim.userId, email: victim.email }, caller.idToken);
    const byIdToken = await postJson('/generate-custom-token', { idToken: victim.idToken }, caller.idToken);

    expect(byUid.status).toBe(403);
    expect(byIdToken.status).toBe(403);
  });

  it('refuses a body that is neither shape, in words', async () => {
    const user = await createUser(twin);

    const { status, body } = await postJson('/generate-custom-token', { email: user.email }, user.idToken);

    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('Send { idToken } or { uid, email }.');
  });
});
