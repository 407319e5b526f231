import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Feed } from '../../../shared/api/feeds';
import type { Post, PostPage } from '../../../shared/api/posts';
import type { Clock } from '../../../functions/clock';
import type { OutboundRule } from '../../../functions/http/outbound';
import { feedOutbound } from '../../../functions/composition/feeds';
import { createConnectionStore, tokensUnavailable } from '../../../functions/services/connectionStore';
import { createDraftGuard } from '../../../functions/services/draftGuard';
import { createFeedService } from '../../../functions/services/feeds';
import { createDraftService } from '../../../functions/services/postDrafts';
import { createPostStore } from '../../../functions/services/postStore';
import { userWithAccounts } from '../../support/accounts';
import { callApi, documentClient, type TestUser } from '../../support/users';

const twin = inject('twin');

function json(method: string, body?: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
}

/** Sets a sandbox test feed (infra/local/sandbox/testFeeds.ts). */
async function putTestFeed(name: string, feed: unknown): Promise<string> {
  const response = await fetch(`${twin.endpoints.sandbox}/_feeds/${name}`, json('PUT', feed));
  expect(response.status).toBe(204);
  return `${twin.endpoints.sandbox}/_feeds/${name}.xml`;
}

const items = (name: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ guid: `${name}-${count - index}`, title: `${name} item ${count - index}`, link: `https://example.com/${name}/${count - index}` }));

async function drafts(user: TestUser): Promise<Post[]> {
  const { body } = await callApi(twin, '/posts?status=draft&limit=100', user.idToken);
  return (body as unknown as PostPage).posts;
}

async function addFeed(user: TestUser, body: unknown): Promise<Feed> {
  const { status, body: feed } = await callApi(twin, '/feeds', user.idToken, json('POST', body));
  expect(status, JSON.stringify(feed)).toBe(200);
  return feed as unknown as Feed;
}

function steppingClock(start: number): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

/** The feed service as the job builds it, against the twin's tables, with an injected clock and address table. */
function feedService(clock: Clock, rule: OutboundRule = {}) {
  const db = documentClient(twin);
  const connections = createConnectionStore({ db, tableName: twin.tableNames.connections, cipher: tokensUnavailable, clock });
  const fullRule: OutboundRule = { allowedOrigins: [twin.endpoints.sandbox], timeoutMs: 5_000, ...rule };
  return createFeedService({
    db,
    tableName: twin.tableNames.memberships,
    ...feedOutbound(fullRule),
    accounts: async (userId) => (await connections.list(userId)).map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId })),
    drafts: createDraftService({
      db,
      posts: createPostStore({ db, tableName: twin.tableNames.posts, clock }),
      connections,
      media: { chosen: () => Promise.reject(new Error('no files')), keepSteps: () => [] },
      guard: createDraftGuard({ db, tableName: twin.tableNames.memberships }),
      clock,
    }),
    clock,
  });
}

describe('feeds to drafts', () => {
  let owner: TestUser;
  let targets: Array<{ platform: 'x'; accountId: string }>;

  beforeAll(async () => {
    const team = await userWithAccounts(twin, ['x']);
    owner = team.user;
    targets = team.targets;
  });

  it('turns a new item into one draft across two fetches and two fetches at once, with its title, link and why its image was not taken', async () => {
    const name = `once-${randomUUID().slice(0, 8)}`;
    const url = await putTestFeed(name, { title: 'Once blog', items: [{ guid: `${name}-1`, title: 'First story', link: 'https://example.com/first', image: 'https://example.com/first.jpg' }] });
    const feed = await addFeed(owner, { url, accounts: targets });

    const first = await callApi(twin, `/feeds/${feed.feedId}/fetch`, owner.idToken, json('POST'));
    const second = await callApi(twin, `/feeds/${feed.feedId}/fetch`, owner.idToken, json('POST'));
    expect((first.body as unknown as Feed).lastFetch).toMatchObject({ outcome: 'ok', newDrafts: 1, message: '1 new item became a draft.' });
    // The second fetch sent the ETag and the sandbox answered 304.
    expect((second.body as unknown as Feed).lastFetch).toMatchObject({ outcome: 'unchanged', newDrafts: 0 });

    // A new item, fetched by two at once (no validator, so both read it whole).
    await putTestFeed(name, { title: 'Once blog', items: [{ guid: `${name}-2`, title: 'Second story', link: 'https://example.com/second' }, { guid: `${name}-1`, title: 'First story', link: 'https://example.com/first' }] });
    const service = feedService(steppingClock(Date.now()));
    const user = { userId: owner.userId, email: owner.email };
    const both = await Promise.all([service.fetchNow(user, feed.feedId), service.fetchNow(user, feed.feedId)]);
    expect(both.map((one) => one.lastFetch?.newDrafts).sort()).toEqual([0, 1]);

    const made = (await drafts(owner)).filter((post) => post.fromFeed?.feedId === feed.feedId);
    expect(made.map((post) => post.title).sort()).toEqual(['First story', 'Second story']);
    const firstDraft = made.find((post) => post.title === 'First story')!;
    expect(firstDraft.description).toBe('First story\n\nhttps://example.com/first');
    expect(firstDraft.targets.map((target) => target.accountId)).toEqual([targets[0]!.accountId]);
    expect(firstDraft.fromFeed).toMatchObject({ feedTitle: 'Once blog', link: 'https://example.com/first', imageUrl: 'https://example.com/first.jpg' });
    expect(firstDraft.fromFeed?.imageNote).toMatch(/image was not added/);
    expect(firstDraft.media).toEqual([]);
  });

  it('makes drafts of only the newest items at the first fetch, and of each later item once when the job runs twice', async () => {
    const name = `job-${randomUUID().slice(0, 8)}`;
    const url = await putTestFeed(name, { title: 'Job blog', items: items(name, 6) });
    const clock = steppingClock(Date.now());
    const service = feedService(clock);
    const user = { userId: owner.userId, email: owner.email };
    const feed = await service.add(user, user, { url, accounts: [], mode: 'draft' });

    await service.run(200);
    await putTestFeed(name, { title: 'Job blog', items: items(name, 7) });
    clock.advance(31 * 60_000);
    await service.run(200);
    clock.advance(31 * 60_000);
    await service.run(200);

    const made = (await drafts(owner)).filter((post) => post.fromFeed?.feedId === feed.feedId);
    expect(made.map((post) => post.title).sort()).toEqual([`${name} item 4`, `${name} item 5`, `${name} item 6`, `${name} item 7`]);
  });

  it('backs off after a 500, twice as long after the second, with the reason in words, and is back on time once it works', async () => {
    const name = `fail-${randomUUID().slice(0, 8)}`;
    const url = await putTestFeed(name, { title: 'Failing', items: items(name, 1), status: 500 });
    const clock = steppingClock(Date.parse('2030-01-01T00:00:00.000Z'));
    const service = feedService(clock);
    const user = { userId: owner.userId, email: owner.email };
    const feed = await service.add(user, user, { url, accounts: [], mode: 'draft' });

    const once = await service.fetchNow(user, feed.feedId);
    expect(once).toMatchObject({ failures: 1, nextFetchAt: '2030-01-01T00:30:00.000Z', lastFetch: { outcome: 'failed', message: 'The feed answered 500: its server had a problem.' } });
    const twice = await service.fetchNow(user, feed.feedId);
    expect(twice).toMatchObject({ failures: 2, nextFetchAt: '2030-01-01T01:00:00.000Z' });

    await putTestFeed(name, { title: 'Failing', items: items(name, 1) });
    const healed = await service.fetchNow(user, feed.feedId);
    expect(healed).toMatchObject({ failures: 0, nextFetchAt: '2030-01-01T00:30:00.000Z', lastFetch: { outcome: 'ok', newDrafts: 1 } });
    const { body } = await callApi(twin, '/feeds', owner.idToken);
    expect((body as unknown as { feeds: Feed[] }).feeds.find((one) => one.feedId === feed.feedId)).toMatchObject({ failures: 0, lastFetch: { outcome: 'ok' } });
  });

  describe('the outbound rule', () => {
    it('refuses, in words, a feed at a literal private address, at a name that resolves to a private address, and one that is not https', async () => {
      const literal = await callApi(twin, '/feeds', owner.idToken, json('POST', { url: 'https://10.0.0.7/feed.xml' }));
      expect(literal.status).toBe(400);
      expect(literal.body).toMatchObject({ message: 'This feed address cannot be followed: 10.0.0.7 is an IP address, not a host name.' });
      const plain = await callApi(twin, '/feeds', owner.idToken, json('POST', { url: 'http://feeds.example.com/feed.xml' }));
      expect(plain.body).toMatchObject({ message: 'This feed address cannot be followed: http://feeds.example.com is not an https address.' });

      const service = feedService(steppingClock(Date.now()), { resolve: async () => ['192.168.1.20'] });
      const user = { userId: owner.userId, email: owner.email };
      await expect(service.add(user, user, { url: 'https://intranet.example.com/feed.xml', accounts: [], mode: 'draft' })).rejects.toThrow(
        'This feed address cannot be followed: intranet.example.com resolves to an address that is not public.',
      );
    });

    it('follows no redirect, to a private address or any other, and says so', async () => {
      const name = `redirect-${randomUUID().slice(0, 8)}`;
      const url = await putTestFeed(name, { title: 'Moved', items: [], redirectTo: 'http://169.254.169.254/latest/meta-data/' });
      const feed = await addFeed(owner, { url });
      const { body } = await callApi(twin, `/feeds/${feed.feedId}/fetch`, owner.idToken, json('POST'));
      expect((body as unknown as Feed).lastFetch).toMatchObject({ outcome: 'failed', message: `${twin.endpoints.sandbox} answered with a redirect, which is not followed.` });
      expect(await drafts(owner).then((posts) => posts.filter((post) => post.fromFeed?.feedId === feed.feedId))).toEqual([]);
    });
  });

  it('pauses (out of the due index), resumes and removes a feed with its markers; the drafts it made stay', async () => {
    const name = `pause-${randomUUID().slice(0, 8)}`;
    const url = await putTestFeed(name, { title: 'Pause', items: items(name, 1) });
    const feed = await addFeed(owner, { url });
    const paused = await callApi(twin, `/feeds/${feed.feedId}`, owner.idToken, json('PATCH', { paused: true }));
    expect(paused.body).toMatchObject({ paused: true, nextFetchAt: null });
    const db = documentClient(twin);
    const row = await db.send(new GetCommand({ TableName: twin.tableNames.memberships, Key: { userId: owner.userId, record: `feed#${feed.feedId}` } }));
    expect(row.Item?.['feedShard']).toBeUndefined();
    await callApi(twin, `/feeds/${feed.feedId}`, owner.idToken, json('PATCH', { paused: false }));
    await callApi(twin, `/feeds/${feed.feedId}/fetch`, owner.idToken, json('POST'));

    const removed = await callApi(twin, `/feeds/${feed.feedId}`, owner.idToken, json('DELETE'));
    expect(removed.status).toBe(200);
    const left = await db.send(
      new QueryCommand({
        TableName: twin.tableNames.memberships,
        KeyConditionExpression: 'userId = :userId AND begins_with(#record, :prefix)',
        ExpressionAttributeNames: { '#record': 'record' },
        ExpressionAttributeValues: { ':userId': owner.userId, ':prefix': `feedItem#${feed.feedId}#` },
      }),
    );
    expect(left.Items).toEqual([]);
    expect((await drafts(owner)).filter((post) => post.fromFeed?.feedId === feed.feedId)).toHaveLength(1);
    expect((await callApi(twin, `/feeds/${feed.feedId}/fetch`, owner.idToken, json('POST'))).status).toBe(404);
  });
});
