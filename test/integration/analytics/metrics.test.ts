import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tables } from '../../../shared/resources/tables';
import { createTableInput } from '../../../infra/local/dynamodb/dynamodb';
import { localCredentials, localRegion } from '../../../infra/local/environment';
import type { Platform } from '../../../shared/platforms';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import type { AnalyticsSummary, PostMetricsView } from '../../../shared/api/analytics';
import type { Clock } from '../../../functions/clock';
import { createMetricsStore, type MetricsStore } from '../../../functions/services/metricsStore';
import { callApi, createUser, documentClient, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, sampleVideo, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { refreshMetricsNow } from '../../support/analytics';
import { testOptions } from '../../support/postOptions';

const twin = inject('twin');

/** The job as it runs in the stack, on a metrics table of the test's choosing and a clock it sets. */
function job(store: MetricsStore, clock: Clock = { now: () => new Date() }) {
  return { refreshDue: () => refreshMetricsNow(twin, { store, clock }) };
}

const sharedStore = () => createMetricsStore({ db: documentClient(twin), tableName: twin.tableNames.metrics, clock: { now: () => new Date() } });

/** A metrics table of the test's own holding copies of the user's tracked targets, so the job sees only those. */
async function isolatedStore(userId: string): Promise<MetricsStore> {
  const tableName = `oneclick-metrics-job-${randomUUID().slice(0, 8)}`;
  const client = new DynamoDBClient({ endpoint: twin.endpoints.dynamodb, region: localRegion, credentials: localCredentials });
  await client.send(new CreateTableCommand(createTableInput(tableName, tables.metrics)));
  const store = createMetricsStore({ db: documentClient(twin), tableName, clock: { now: () => new Date() } });
  await store.putAll(await sharedStore().targets(userId));
  return store;
}

/** A video published to an account on each of `connect`; or, with `story`, a photo published as an Instagram story. */
async function publishedVideo(connect: readonly Platform[], story = false): Promise<{ user: TestUser; names: Record<string, string>; post: Post }> {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  const names: Record<string, string> = {};
  for (const platform of connect) {
    names[platform] = sandboxAccountName(platform);
    await connectThroughOAuth(twin, user, platform, names[platform]!);
  }
  const { body } = await callApi(twin, '/connections', user.idToken);
  const connections = (body as unknown as ConnectionList).connections;
  const key = await uploadMedia(twin, user.userId, story ? { kind: 'image', body: tinyJpeg } : { kind: 'video', body: sampleVideo(12) });
  const created = await createPost(twin, user, {
    description: 'Numbers, please #oneclick',
    title: 'Metrics',
    media: [{ key }],
    targets: connections.map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId, ...(story ? { options: { format: 'story' } } : testOptions(connection.platform)) })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const post = await waitForPost(twin, user, (created.body as unknown as Post).postId);
  expect(post.status, JSON.stringify(post.targets)).toBe('published');
  return { user, names, post };
}

function sandboxRequests(pattern: RegExp): number {
  return readFileSync(twin.logFile, 'utf8').split('\n').filter((line) => pattern.test(line)).length;
}

describe('engagement tracking against the sandbox', () => {
  it('reads a published post\'s numbers, stores them as snapshots and shows them through the API', async () => {
    const { user, post } = await publishedVideo(['youtube', 'tiktok']);
    // Publishing finished: both targets are tracked, due at once, with no numbers yet.
    const before = await callApi(twin, `/analytics/posts/${post.postId}`, user.idToken);
    expect(before.status).toBe(200);
    expect((before.body as unknown as PostMetricsView).targets.map((target) => [target.platform, target.state, target.metrics])).toEqual(
      expect.arrayContaining([
        ['youtube', 'tracking', null],
        ['tiktok', 'tracking', null],
      ]),
    );

    await refreshMetricsNow(twin, { onlyUser: user.userId });

    const shown = (await callApi(twin, `/analytics/posts/${post.postId}`, user.idToken)).body as unknown as PostMetricsView;
    expect(shown.targets).toHaveLength(2);
    for (const target of shown.targets) {
      expect(target.state, target.platform).toBe('tracking');
      expect(target.lastRefreshedAt, target.platform).not.toBeNull();
      expect(target.metrics!.views, target.platform).toEqual(expect.any(Number));
      expect(target.metrics!.likes, target.platform).toEqual(expect.any(Number));
      expect(target.metrics!.comments, target.platform).toEqual(expect.any(Number));
    }
    // YouTube's Data API has no share count; TikTok's query has one.
    expect(shown.targets.find((target) => target.platform === 'youtube')!.metrics!.shares).toBeNull();
    expect(shown.targets.find((target) => target.platform === 'tiktok')!.metrics!.shares).toEqual(expect.any(Number));

    const snapshots = await sharedStore().snapshots(user.userId, new Date(Date.now() - 3600_000).toISOString(), new Date().toISOString());
    expect(snapshots.map((snapshot) => snapshot.platform).sort()).toEqual(['tiktok', 'youtube']);

    const summary = await callApi(twin, '/analytics/summary?days=7&timeZone=Europe%2FIstanbul', user.idToken);
    expect(summary.status).toBe(200);
    const body = summary.body as unknown as AnalyticsSummary;
    // One post, published to two accounts: posts and the accounts they went to are counted apart.
    expect(body.totals.posts).toBe(1);
    expect(body.totals.targets).toBe(2);
    expect(body.totals.views).toBe(shown.targets.reduce((sum, target) => sum + (target.metrics!.views ?? 0), 0));
    expect(body.series).toHaveLength(7);
    expect(body.series.at(-1)!.views).toBe(body.totals.views);
    expect(body.topPosts.map((top) => top.title)).toEqual(['Metrics', 'Metrics']);
  });

  it("shows an Instagram story's own numbers (views, shares, replies as comments; it has no likes or saves)", async () => {
    const { user, names, post } = await publishedVideo(['instagram'], true);
    const [story] = (await sandboxControl(twin).feed('instagram', names['instagram']!)).posts;
    expect(story!.settings).toEqual({ productType: 'STORY' });
    expect(post.targets[0]!.postUrl).toBe(story!.url);

    await refreshMetricsNow(twin, { onlyUser: user.userId });

    const [target] = ((await callApi(twin, `/analytics/posts/${post.postId}`, user.idToken)).body as unknown as PostMetricsView).targets;
    expect(target!.state).toBe('tracking');
    expect(target!.metrics).toEqual({ views: expect.any(Number), likes: null, comments: expect.any(Number), shares: expect.any(Number), saves: null, clicks: null, linkClicks: null, videoViews: null });
    const summary = (await callApi(twin, '/analytics/summary?days=7&timeZone=Europe%2FIstanbul', user.idToken)).body as unknown as AnalyticsSummary;
    expect(summary.totals.views).toBe(target!.metrics!.views);
    // Its top-posts row links the story where Instagram shows it.
    expect(summary.topPosts.map((top) => [top.platform, top.postUrl, top.metrics])).toEqual([['instagram', story!.url, target!.metrics]]);
  });

  it('shows a user only their own posts\' numbers, and refuses a bad period or time zone in words', async () => {
    const stranger = await createUser(twin);
    const { user, post } = await publishedVideo(['x']);
    expect((await callApi(twin, `/analytics/posts/${post.postId}`, user.idToken)).status).toBe(200);
    expect((await callApi(twin, `/analytics/posts/${post.postId}`, stranger.idToken)).status).toBe(404);
    const badZone = await callApi(twin, '/analytics/best-times?timeZone=Mars%2FOlympus', user.idToken);
    expect(badZone.status).toBe(400);
    expect(JSON.stringify(badZone.body)).toContain('Not a time zone: use an IANA name such as Europe/Istanbul.');
    const badPeriod = await callApi(twin, '/analytics/summary?days=14', user.idToken);
    expect(badPeriod.status).toBe(400);
    expect(JSON.stringify(badPeriod.body)).toContain('The period must be 7, 30 or 90 days.');
    const strangerSummary = (await callApi(twin, '/analytics/summary?days=90', stranger.idToken)).body as unknown as AnalyticsSummary;
    expect(strangerSummary.totals.posts).toBe(0);
  });

  it('marks the connection needs_reconnect when the grant was revoked, keeping the numbers read before', async () => {
    const { user, names, post } = await publishedVideo(['youtube']);
    const store = await isolatedStore(user.userId);
    const firstRun = await (await job(store)).refreshDue();
    expect(firstRun).toMatchObject({ read: 1, calls: 1, needsReconnect: 0 });
    const [first] = await store.targets(user.userId);
    expect(first!.metrics).toBeDefined();

    await sandboxControl(twin).revokeAccess('youtube', names['youtube']!);
    await store.defer(first!, new Date()); // due again now
    expect(await (await job(store)).refreshDue()).toMatchObject({ read: 0, needsReconnect: 1 });

    const [after] = await store.targets(user.userId);
    expect(after!.state).toBe('paused');
    expect(after!.metrics).toEqual(first!.metrics);
    expect(after!.lastRefreshedAt).toBe(first!.lastRefreshedAt);
    expect(after!.note).toMatch(/YouTube/);
    const snapshots = await store.snapshots(user.userId, post.createdAt, new Date(Date.now() + 60_000).toISOString());
    expect(snapshots).toHaveLength(1);
    const connection = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!;
    expect(connection.status).toBe('needs_reconnect');
    expect(connection.reconnectReason).toMatch(/YouTube/);
  });

  it('respects a rate limit: a 429 defers reading to the reset time and nothing is asked again before it', async () => {
    const { user, names } = await publishedVideo(['x']);
    const store = await isolatedStore(user.userId);
    const resetAt = Math.floor(Date.now() / 1000) + 600;
    await sandboxControl(twin).injectFault({
      platform: 'x',
      method: 'GET',
      path: '/2/tweets',
      account: names['x']!,
      status: 429,
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      headers: { 'x-rate-limit-limit': '900', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(resetAt) },
    });
    const lookups = /sandbox\s+GET \/x\/api\/2\/tweets \d{3}/;
    const lookupsBefore = sandboxRequests(lookups);

    expect(await (await job(store)).refreshDue()).toMatchObject({ read: 0, calls: 1, deferred: 1 });
    const [deferred] = await store.targets(user.userId);
    expect(deferred!.nextRefreshAt).toBe(new Date(resetAt * 1000).toISOString());
    expect(deferred!.metrics).toBeUndefined();

    // Runs before the reset make no call at all.
    expect(await (await job(store)).refreshDue()).toEqual({ read: 0, calls: 0, deferred: 0, needsReconnect: 0, unavailable: 0, finished: 0 });
    expect(await (await job(store, { now: () => new Date(resetAt * 1000 - 60_000) })).refreshDue()).toMatchObject({ calls: 0 });
    expect(sandboxRequests(lookups) - lookupsBefore).toBe(1);

    // After the reset the numbers are read.
    expect(await (await job(store, { now: () => new Date(resetAt * 1000 + 1000) })).refreshDue()).toMatchObject({ read: 1, calls: 1 });
    expect(sandboxRequests(lookups) - lookupsBefore).toBe(2);
  });
});
