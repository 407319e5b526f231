import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../../../functions/clock';
import type { ManagedAccount, PlatformAdapter, TokenSet } from '../../../functions/platforms/adapter';
import { createAccountChoices } from '../../../functions/services/accountChoices';
import { createConnectionService, ConnectRefused } from '../../../functions/services/connections';
import { createConnectionStore } from '../../../functions/services/connectionStore';
import { createMembershipService, type UserIdentity } from '../../../functions/services/memberships';
import { createOAuthStates } from '../../../functions/services/oauthStates';
import { createLocalTokenCipher } from '../../../functions/services/tokenCipher';
import { DomainError } from '../../../functions/errors';
import { documentClient } from '../../support/users';

const twin = inject('twin');

/**
 * The generic "pick the accounts to connect" step of the connection service, against DynamoDB
 * Local with an injected clock and a fake adapter whose consent manages several accounts (the
 * shape of Facebook Pages, LinkedIn organizations, Google Business Profile locations). The
 * platform id is only a slot in the adapter table: nothing here is that platform's.
 */
const platform = 'youtube' as const;

function steppingClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

// Today's time: DynamoDB Local sweeps rows whose TTL (expiresAt) is past, so the clock starts now.
const issued = new Date().toISOString();
const userTokens: TokenSet = { accessToken: 'user-token', accessTokenIssuedAt: issued, scopes: ['manage'] };

function managed(id: string, token = `token-of-${id}`): ManagedAccount {
  return {
    profile: { platformUserId: id, displayName: `Account ${id}`, avatarUrl: `https://cdn.example/${id}.jpg` },
    tokens: { accessToken: token, accessTokenIssuedAt: issued, scopes: ['manage'] },
  };
}

function setUp(offered: () => ManagedAccount[]) {
  const db = documentClient(twin);
  const clock = steppingClock(issued);
  const cipher = createLocalTokenCipher(randomBytes(32));
  const revoked: TokenSet[] = [];
  const adapter: PlatformAdapter = {
    platform,
    usesPkce: false,
    scopes: ['manage'],
    requiredScopes: ['manage'],
    authorizeUrl: async ({ state }) => ({ url: `https://consent.example/?state=${state}` }),
    exchangeCode: async () => userTokens,
    canRefresh: () => false,
    refresh: async (tokens) => tokens,
    fetchProfile: async () => {
      throw new Error('a platform that lists accounts is not asked for one profile');
    },
    revoke: async (tokens) => void revoked.push(tokens),
    listAccounts: async (tokens) => {
      expect(tokens).toEqual(userTokens);
      return offered();
    },
  };
  const memberships = createMembershipService({ db, tableName: twin.tableNames.memberships, clock });
  const store = createConnectionStore({ db, tableName: twin.tableNames.connections, cipher, clock });
  const states = createOAuthStates({ db, tableName: twin.tableNames.oauthStates, clock, cipher });
  const choices = createAccountChoices({ db, tableName: twin.tableNames.oauthStates, clock, cipher });
  const service = createConnectionService({
    db,
    store,
    states,
    choices,
    memberships,
    adapters: { [platform]: adapter },
    clock,
    siteUrl: 'https://app.example',
    warn: () => undefined,
  });
  const user: UserIdentity = { userId: randomUUID(), email: 'picker@example.com' };

  /** A flow started by `user`, sent back with a code to the browser holding `nonce`, confirmed from it. */
  async function confirmed(who: UserIdentity = user) {
    await memberships.ensure(who);
    const flow = states.prepare(who.userId, platform, false);
    await states.save(flow);
    await states.markReturned(flow, 'the-code');
    const answer = await service.confirmAuthorization(who, platform, flow.state, flow.nonce);
    return { answer, nonce: flow.nonce };
  }

  async function choiceOf(who: UserIdentity = user) {
    const { answer, nonce } = await confirmed(who);
    if (!('choice' in answer)) throw new Error(`expected a choice, got ${JSON.stringify(answer)}`);
    return { ...answer.choice, nonce, cookie: answer.cookie };
  }

  async function connections(who: UserIdentity = user) {
    return (await store.list(who.userId)).filter((item) => item.status !== 'disconnected');
  }

  return { db, clock, service, memberships, store, user, revoked, choiceOf, confirmed, connections };
}

async function refusal(call: Promise<unknown>): Promise<DomainError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('picking the accounts one consent manages', () => {
  it('exchanges the code once and answers the accounts offered (id, name, picture), connecting nothing yet', async () => {
    const { choiceOf, connections, db, user } = setUp(() => [managed('page-1'), managed('page-2')]);

    const choice = await choiceOf();

    expect(choice.accounts).toEqual([
      { id: 'page-1', name: 'Account page-1', username: null, pictureUrl: 'https://cdn.example/page-1.jpg' },
      { id: 'page-2', name: 'Account page-2', username: null, pictureUrl: 'https://cdn.example/page-2.jpg' },
    ]);
    expect(choice.choiceId).toMatch(/^choice_[A-Za-z0-9_-]{43}$/);
    // The same browser picks: its cookie is set again for the choice's 15 minutes.
    expect(choice.cookie).toContain(`oneclick_oauth=${choice.nonce};`);
    expect(choice.cookie).toContain('Max-Age=900');
    expect(await connections()).toEqual([]);
    // The accounts' tokens are kept only encrypted.
    const { Items } = await db.send(
      new ScanCommand({ TableName: twin.tableNames.oauthStates, FilterExpression: 'userId = :userId', ExpressionAttributeValues: { ':userId': user.userId } }),
    );
    expect(Items).toHaveLength(1);
    expect(JSON.stringify(Items)).not.toMatch(/token-of-|user-token/);
  });

  it('connects one connection per chosen account, each holding its own tokens', async () => {
    const { choiceOf, service, memberships, connections, store, user } = setUp(() => [managed('page-1'), managed('page-2'), managed('page-3')]);
    await memberships.setType(user, 'admin');
    const choice = await choiceOf();

    const done = await service.chooseAccounts(user, platform, { choiceId: choice.choiceId, accountIds: ['page-1', 'page-3'] }, choice.nonce);

    expect(new URL(done.location).searchParams.get('status')).toBe('connected');
    // The Accounts page says how many were connected.
    expect(new URL(done.location).searchParams.get('count')).toBe('2');
    expect(done.cookie).toContain('Max-Age=0');
    const items = await connections();
    expect(items.map((item) => [item.platformUserId, item.displayName, item.status]).sort()).toEqual([
      ['page-1', 'Account page-1', 'connected'],
      ['page-3', 'Account page-3', 'connected'],
    ]);
    for (const item of items) expect((await store.tokensOf(item))?.accessToken).toBe(`token-of-${item.platformUserId}`);
    expect((await memberships.accountUsage(user)).connectedAccounts).toBe(2);
  });

  it('is single use: a second pick with the same choice connects nothing more', async () => {
    const { choiceOf, service, memberships, connections, user } = setUp(() => [managed('page-1'), managed('page-2')]);
    await memberships.setType(user, 'admin');
    const choice = await choiceOf();
    await service.chooseAccounts(user, platform, { choiceId: choice.choiceId, accountIds: ['page-1'] }, choice.nonce);

    const again = await refusal(service.chooseAccounts(user, platform, { choiceId: choice.choiceId, accountIds: ['page-2'] }, choice.nonce));

    expect(again).toBeInstanceOf(ConnectRefused);
    expect(again).toMatchObject({ status: 400, code: 'invalid_state' });
    expect((await connections()).map((item) => item.platformUserId)).toEqual(['page-1']);
  });

  it('expires 15 minutes after the confirm (the injected clock), connecting nothing', async () => {
    const { choiceOf, service, clock, connections, user } = setUp(() => [managed('page-1')]);
    const choice = await choiceOf();
    clock.advance(15 * 60_000 + 1000);

    const late = await refusal(service.chooseAccounts(user, platform, { choiceId: choice.choiceId, accountIds: ['page-1'] }, choice.nonce));

    expect(late).toMatchObject({ code: 'invalid_state', message: expect.stringMatching(/expired or was already used/) });
    expect(await connections()).toEqual([]);
  });

  it('is still open just before the 15 minutes end', async () => {
    const { choiceOf, service, clock, connections, user } = setUp(() => [managed('page-1')]);
    const choice = await choiceOf();
    clock.advance(15 * 60_000 - 2000);

    await service.chooseAccounts(user, platform, { choiceId: choice.choiceId, accountIds: ['page-1'] }, choice.nonce);

    expect(await connections()).toHaveLength(1);
  });

  it('refuses another OneClick user and another browser, leaving the choice to its own user and browser', async () => {
    const { choiceOf, service, memberships, connections, user } = setUp(() => [managed('page-1')]);
    const other: UserIdentity = { userId: randomUUID(), email: 'other@example.com' };
    await memberships.ensure(other);
    const choice = await choiceOf();
    const pick = { choiceId: choice.choiceId, accountIds: ['page-1'] };

    expect(await refusal(service.chooseAccounts(other, platform, pick, choice.nonce))).toMatchObject({ status: 403, code: 'other_user' });
    expect(await refusal(service.chooseAccounts(user, platform, pick, undefined))).toMatchObject({ status: 403, code: 'other_browser' });
    expect(await refusal(service.chooseAccounts(user, platform, pick, 'another-browsers-nonce'))).toMatchObject({ status: 403, code: 'other_browser' });
    expect(await refusal(service.chooseAccounts(user, 'x', pick, choice.nonce))).toMatchObject({ code: 'invalid_state' });
    expect(await connections(other)).toEqual([]);
    expect(await connections()).toEqual([]);

    await service.chooseAccounts(user, platform, pick, choice.nonce);
    expect(await connections()).toHaveLength(1);
  });

  it('refuses an account the choice did not offer, in words, and leaves the choice usable', async () => {
    const { choiceOf, service, connections, user } = setUp(() => [managed('page-1')]);
    const choice = await choiceOf();

    const refused = await refusal(service.chooseAccounts(user, platform, { choiceId: choice.choiceId, accountIds: ['page-1', 'someone-elses-page'] }, choice.nonce));

    expect(refused).toMatchObject({ status: 400, message: expect.stringMatching(/Choose among the .* accounts this connection offered/) });
    expect(await connections()).toEqual([]);
    await service.chooseAccounts(user, platform, { choiceId: choice.choiceId, accountIds: ['page-1'] }, choice.nonce);
    expect(await connections()).toHaveLength(1);
  });

  it('keeps the plan\'s limit in the same transaction: two picks on a one-account plan connect none, in words', async () => {
    const { choiceOf, service, memberships, connections, user } = setUp(() => [managed('page-1'), managed('page-2')]);
    const choice = await choiceOf();

    const refused = await refusal(service.chooseAccounts(user, platform, { choiceId: choice.choiceId, accountIds: ['page-1', 'page-2'] }, choice.nonce));

    expect(refused).toMatchObject({ status: 403, code: 'quota_exceeded', message: expect.stringMatching(/allows 1 connected account/) });
    expect(await connections()).toEqual([]);
    expect((await memberships.accountUsage(user)).connectedAccounts).toBe(0);
  });

  it('refuses a pick that would pass the limit with an account already connected, and connects one within it', async () => {
    const { choiceOf, service, connections, user } = setUp(() => [managed('page-1'), managed('page-2')]);
    const first = await choiceOf();
    await service.chooseAccounts(user, platform, { choiceId: first.choiceId, accountIds: ['page-1'] }, first.nonce);

    const second = await choiceOf();
    const refused = await refusal(service.chooseAccounts(user, platform, { choiceId: second.choiceId, accountIds: ['page-2'] }, second.nonce));

    expect(refused).toMatchObject({ code: 'quota_exceeded' });
    expect((await connections()).map((item) => item.platformUserId)).toEqual(['page-1']);
  });

  it('updates, never duplicates, an account picked again (its new token kept, no new slot taken)', async () => {
    let token = 'first';
    const { choiceOf, service, memberships, connections, store, user } = setUp(() => [managed('page-1', token)]);
    const first = await choiceOf();
    await service.chooseAccounts(user, platform, { choiceId: first.choiceId, accountIds: ['page-1'] }, first.nonce);
    const before = (await connections())[0]!;

    token = 'second';
    const again = await choiceOf();
    await service.chooseAccounts(user, platform, { choiceId: again.choiceId, accountIds: ['page-1'] }, again.nonce);

    const items = await connections();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ connectionId: before.connectionId, createdAt: before.createdAt, tokenVersion: before.tokenVersion + 1 });
    expect((await store.tokensOf(items[0]!))?.accessToken).toBe('second');
    expect((await memberships.accountUsage(user)).connectedAccounts).toBe(1);
  });

  it('says in words when the consent manages no account, keeps nothing and revokes the grant', async () => {
    const { confirmed, connections, revoked, db, user } = setUp(() => []);

    const refused = await refusal(confirmed());

    expect(refused).toMatchObject({ status: 400, code: 'no_accounts', message: expect.stringMatching(/manages no account OneClick can publish to\. Nothing was connected/) });
    expect(revoked).toEqual([userTokens]);
    expect(await connections()).toEqual([]);
    const { Items } = await db.send(
      new ScanCommand({ TableName: twin.tableNames.oauthStates, FilterExpression: 'userId = :userId', ExpressionAttributeValues: { ':userId': user.userId } }),
    );
    expect(Items).toEqual([]);
  });

  it('never takes a choice for an OAuth state, nor a state for a choice', async () => {
    const { choiceOf, service, user } = setUp(() => [managed('page-1')]);
    const choice = await choiceOf();

    expect(await refusal(service.confirmAuthorization(user, platform, choice.choiceId, choice.nonce))).toMatchObject({ code: 'invalid_state' });
    const callback = await service.completeAuthorization(platform, { code: 'c', state: choice.choiceId }, choice.nonce);
    expect(new URL(callback.location).searchParams.get('error_code')).toBe('invalid_state');

    await service.chooseAccounts(user, platform, { choiceId: choice.choiceId, accountIds: ['page-1'] }, choice.nonce);
  });
});
