import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableEnvName, tables } from '../../../shared/resources/tables';
import { createTableInput } from '../../../infra/local/dynamodb/dynamodb';
import { localCredentials, localRegion } from '../../../infra/local/environment';
import { toConnection } from '../../../functions/services/connectionStore';
import type { Platform } from '../../../shared/platforms';
import type { ConnectionList } from '../../../shared/api/connections';
import { createConnectionsContext } from '../../../functions/connectionsContext';
import { AuthExpired } from '../../../functions/platforms/errors';
import type { Clock } from '../../../functions/clock';
import { callApi, createUser, documentClient, type TestUser } from '../../support/users';
import { connectThroughOAuth, sandboxAccountName, sandboxControl } from '../../support/connect';

const twin = inject('twin');
const DAY = 24 * 3600_000;

/** The functions' own context (same env as the twin's handlers), on a clock the test sets. */
async function context(offsetMs = 0, env: NodeJS.ProcessEnv = process.env) {
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  return createConnectionsContext(env, documentClient(twin), clock);
}

/**
 * A connections table of the test's own holding one copy of the connection, so the job (which
 * looks at every due connection) sees only this one while other tests run beside it.
 */
async function isolatedTableWith(userId: string, connectionId: string): Promise<NodeJS.ProcessEnv> {
  const tableName = `oneclick-connections-job-${randomUUID().slice(0, 8)}`;
  const client = new DynamoDBClient({ endpoint: twin.endpoints.dynamodb, region: localRegion, credentials: localCredentials });
  await client.send(new CreateTableCommand(createTableInput(tableName, tables.connections)));
  const db = documentClient(twin);
  const { Item } = await db.send(new GetCommand({ TableName: twin.tableNames.connections, Key: { userId, connectionId } }));
  await db.send(new PutCommand({ TableName: tableName, Item: Item! }));
  return { ...process.env, [tableEnvName('connections')]: tableName };
}

async function connected(platform: Platform): Promise<{ user: TestUser; account: string; connectionId: string }> {
  const user = await createUser(twin);
  const account = sandboxAccountName(platform);
  await connectThroughOAuth(twin, user, platform, account);
  const { body } = await callApi(twin, '/connections', user.idToken);
  return { user, account, connectionId: (body as unknown as ConnectionList).connections[0]!.connectionId };
}

async function apiConnection(user: TestUser) {
  const { body } = await callApi(twin, '/connections', user.idToken);
  return (body as unknown as ConnectionList).connections[0]!;
}

describe('token freshness', () => {
  it('refreshes ahead of expiry and persists the rotated refresh token (TikTok)', async () => {
    const { user, connectionId } = await connected('tiktok');
    const later = await context(2 * 3600_000);
    const item = (await later.store.get(user.userId, connectionId))!;
    const before = (await later.store.tokensOf(item))!;

    const fresh = await later.freshness.freshTokens(item);

    expect(fresh.accessToken).not.toBe(before.accessToken);
    expect(fresh.refreshToken).not.toBe(before.refreshToken);
    const stored = (await later.store.get(user.userId, connectionId))!;
    expect(stored.tokenVersion).toBe(item.tokenVersion + 1);
    expect((await later.store.tokensOf(stored))!.refreshToken).toBe(fresh.refreshToken);
  });

  it("refreshes a LinkedIn Page's 60-day token with its refresh token, which LinkedIn does not rotate, and keeps which organization it posts as", async () => {
    const { user, connectionId } = await connected('linkedinPage');
    // Two minutes before the access token's 60 days end: inside the five minutes freshTokens refreshes ahead.
    const later = await context(60 * DAY - 120_000);
    const item = (await later.store.get(user.userId, connectionId))!;
    const before = (await later.store.tokensOf(item))!;
    expect(item).toMatchObject({ canRefresh: true });

    const fresh = await later.freshness.freshTokens(item);

    expect(fresh.accessToken).not.toBe(before.accessToken);
    expect(fresh.refreshToken).toBe(before.refreshToken);
    expect(fresh.platformData).toEqual(before.platformData);
    expect((await apiConnection(user)).status).toBe('connected');
  });

  it("refreshes a Pinterest 30-day token with its continuous refresh token, which rotates, and keeps the connection", async () => {
    const { user, connectionId } = await connected('pinterest');
    // Two minutes before the access token's 30 days end: inside the five minutes freshTokens refreshes ahead.
    const later = await context(30 * DAY - 120_000);
    const item = (await later.store.get(user.userId, connectionId))!;
    const before = (await later.store.tokensOf(item))!;
    expect(item).toMatchObject({ canRefresh: true });

    const fresh = await later.freshness.freshTokens(item);

    expect(fresh.accessToken).not.toBe(before.accessToken);
    expect(fresh.refreshToken).not.toBe(before.refreshToken);
    expect((await later.store.tokensOf((await later.store.get(user.userId, connectionId))!))!.refreshToken).toBe(fresh.refreshToken);
    expect((await apiConnection(user)).status).toBe('connected');
  });

  it('loses neither token when two refreshes race with a rotating refresh token (X)', async () => {
    const { user, connectionId } = await connected('x');
    const later = await context(3 * 3600_000);
    const item = (await later.store.get(user.userId, connectionId))!;

    const [first, second] = await Promise.all([later.freshness.freshTokens(item), later.freshness.freshTokens(item)]);

    const stored = (await later.store.tokensOf((await later.store.get(user.userId, connectionId))!))!;
    expect([first.refreshToken, second.refreshToken]).toContain(stored.refreshToken);
    expect((await apiConnection(user)).status).toBe('connected');
    // The stored refresh token still works.
    await expect(later.freshness.freshTokens((await later.store.get(user.userId, connectionId))!)).resolves.toBeDefined();
  });

  it.each(['youtube', 'tiktok', 'x', 'linkedin', 'instagram', 'threads', 'facebook', 'linkedinPage', 'pinterest', 'googleBusiness'] as const)(
    'marks the %s connection needs_reconnect when the user revoked access at the platform',
    async (platform) => {
      const { user, account, connectionId } = await connected(platform);
      await sandboxControl(twin).revokeAccess(platform, account);
      const ctx = await context();

      await expect(ctx.freshness.verify((await ctx.store.get(user.userId, connectionId))!)).rejects.toBeInstanceOf(AuthExpired);

      const connection = await apiConnection(user);
      expect(connection.status).toBe('needs_reconnect');
      expect(connection.reconnectReason).toMatch(/reconnect|revoked|expired/i);
    },
  );

  it('keeps the connection (and reconnect frees no new slot) when the user reconnects', async () => {
    const { user, account, connectionId } = await connected('youtube');
    await sandboxControl(twin).revokeAccess('youtube', account);
    const ctx = await context();
    await ctx.freshness.verify((await ctx.store.get(user.userId, connectionId))!).catch(() => undefined);

    // At the free plan's limit, reconnecting the account that needs it is still allowed.
    await connectThroughOAuth(twin, user, 'youtube', account);

    const connection = await apiConnection(user);
    expect(connection.status).toBe('connected');
    expect(connection.reconnectReason).toBeNull();
  });

  it('the refresh job warns a week before a LinkedIn token expires, then marks it at expiry', async () => {
    const { user, connectionId } = await connected('linkedin');
    const env = await isolatedTableWith(user.userId, connectionId);

    const weekBefore = await context(54 * DAY, env);
    expect(await weekBefore.freshness.refreshDue()).toEqual({ refreshed: 0, flagged: 1, needsReconnect: 0, deferred: 0 });
    const flagged = (await weekBefore.store.get(user.userId, connectionId))!;
    expect(toConnection(flagged, new Date(Date.now() + 54 * DAY)).tokenExpiry).toEqual({
      state: 'reconnect_soon',
      reconnectBy: flagged.accessTokenExpiresAt,
    });

    const afterExpiry = await context(61 * DAY, env);
    expect(await afterExpiry.freshness.refreshDue()).toEqual({ refreshed: 0, flagged: 0, needsReconnect: 1, deferred: 0 });
    expect((await afterExpiry.store.get(user.userId, connectionId))!.status).toBe('needs_reconnect');
  });

  it('the refresh job leaves a Facebook Page alone: its Page token does not expire and needs no refresh', async () => {
    const { user, connectionId } = await connected('facebook');
    const env = await isolatedTableWith(user.userId, connectionId);
    const stored = (await (await context(0, env)).store.get(user.userId, connectionId))!;
    expect(stored).toMatchObject({ canRefresh: false });
    expect(stored.accessTokenExpiresAt).toBeUndefined();
    expect(stored.refreshDueAt).toBeUndefined();

    const muchLater = await context(90 * DAY, env);
    expect(await muchLater.freshness.refreshDue()).toEqual({ refreshed: 0, flagged: 0, needsReconnect: 0, deferred: 0 });
    const connection = toConnection((await muchLater.store.get(user.userId, connectionId))!, new Date(Date.now() + 90 * DAY));
    expect(connection).toMatchObject({ status: 'connected', tokenExpiry: { state: 'valid', reconnectBy: null } });
  });

  it('the refresh job keeps an idle refresh token alive by refreshing it after 30 days (TikTok)', async () => {
    const { user, connectionId } = await connected('tiktok');
    const env = await isolatedTableWith(user.userId, connectionId);
    const original = await context(0, env).then(async (ctx) => (await ctx.store.tokensOf((await ctx.store.get(user.userId, connectionId))!))!);

    const notYet = await context(29 * DAY, env);
    expect(await notYet.freshness.refreshDue()).toEqual({ refreshed: 0, flagged: 0, needsReconnect: 0, deferred: 0 });

    const due = await context(31 * DAY, env);
    expect(await due.freshness.refreshDue()).toEqual({ refreshed: 1, flagged: 0, needsReconnect: 0, deferred: 0 });
    const stored = (await due.store.get(user.userId, connectionId))!;
    expect(stored.status).toBe('connected');
    expect((await due.store.tokensOf(stored))!.refreshToken).not.toBe(original.refreshToken);
    expect(new Date(stored.refreshDueAt!).getTime()).toBeGreaterThan(Date.now() + 60 * DAY);
  });
});
