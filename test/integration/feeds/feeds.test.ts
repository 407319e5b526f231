import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { S3Client } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import type { Feed } from '../../../shared/api/feeds';
import type { Post, PostPage } from '../../../shared/api/posts';
import type { Clock } from '../../../functions/clock';
import type { OutboundRule } from '../../../functions/http/outbound';
import { feedOutbound } from '../../../functions/composition/feeds';
import { fileDownload } from '../../../functions/composition/uploads';
import { createS3Media } from '../../../functions/media/s3Media';
import { createConnectionStore, tokensUnavailable } from '../../../functions/services/connectionStore';
import { createDraftGuard } from '../../../functions/services/draftGuard';
import { createFeedService, type FeedServiceDeps } from '../../../functions/services/feeds';
import { createDraftService } from '../../../functions/services/postDrafts';
import { createPostMedia } from '../../../functions/services/postMedia';
import { createPostStore } from '../../../functions/services/postStore';
import { createStorageQuota, type UploadRecord } from '../../../functions/services/storageQuota';
import { createUploadService, defaultUploadLimits } from '../../../functions/services/uploads';
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

/**
 * The feed service as the job builds it, against the twin's tables and media bucket, with an
 * injected clock and address table; `drafts` may stand in front of the real draft service (a run
 * that dies). The queue mode's step is the composition's, through the API's own functions.
 */
function feedService(clock: Clock, rule: OutboundRule = {}, wrap: { drafts?: (real: FeedServiceDeps['drafts']) => FeedServiceDeps['drafts'] } = {}) {
  const db = documentClient(twin);
  const connections = createConnectionStore({ db, tableName: twin.tableNames.connections, cipher: tokensUnavailable, clock });
  const fullRule: OutboundRule = { allowedOrigins: [twin.endpoints.sandbox], timeoutMs: 5_000, ...rule };
  const s3 = new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const quota = createStorageQuota({ db, tableName: twin.tableNames.memberships, clock });
  const uploads = createUploadService({ s3, bucket: localBucketNames.media, limits: defaultUploadLimits, clock, quota, storageLimit: async () => null, download: fileDownload({ allowedOrigins: [twin.endpoints.sandbox] }) });
  const drafts = createDraftService({
    db,
    posts: createPostStore({ db, tableName: twin.tableNames.posts, clock }),
    connections,
    media: createPostMedia({ media: createS3Media(s3, localBucketNames.media), quota }),
    guard: createDraftGuard({ db, tableName: twin.tableNames.memberships }),
    clock,
  });
  return createFeedService({
    db,
    tableName: twin.tableNames.memberships,
    ...feedOutbound(fullRule),
    accounts: async (userId) => (await connections.list(userId)).map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId })),
    drafts: wrap.drafts ? wrap.drafts(drafts) : drafts,
    images: { take: (user, input, keyPart) => uploads.fromUrl(user, input, { keyPart }) },
    queue: { add: () => Promise.reject(new Error('The queue mode is tested through the API')) },
    clock,
  });
}

/** The user's media upload records (the storage quota's), by key. */
async function uploadRecords(userId: string): Promise<UploadRecord[]> {
  const { Items } = await documentClient(twin).send(
    new QueryCommand({
      TableName: twin.tableNames.memberships,
      KeyConditionExpression: 'userId = :userId AND begins_with(#record, :prefix)',
      ExpressionAttributeNames: { '#record': 'record' },
      ExpressionAttributeValues: { ':userId': userId, ':prefix': 'upload#media#' },
    }),
  );
  return (Items ?? []) as UploadRecord[];
}

async function usedBytes(userId: string): Promise<number> {
  const { Item } = await documentClient(twin).send(new GetCommand({ TableName: twin.tableNames.memberships, Key: { userId, record: 'storage' }, ConsistentRead: true }));
  return Number(Item?.['usedBytes'] ?? 0);
}

async function markers(userId: string, feedId: string): Promise<Array<{ postId: string | null; queue?: string }>> {
  const { Items } = await documentClient(twin).send(
    new QueryCommand({
      TableName: twin.tableNames.memberships,
      KeyConditionExpression: 'userId = :userId AND begins_with(#record, :prefix)',
      ExpressionAttributeNames: { '#record': 'record' },
      ExpressionAttributeValues: { ':userId': userId, ':prefix': `feedItem#${feedId}#` },
    }),
  );
  return (Items ?? []) as Array<{ postId: string | null; queue?: string }>;
}

describe('feeds to drafts', () => {
  let owner: TestUser;
  let targets: Array<{ platform: 'x'; accountId: string }>;

  beforeAll(async () => {
    const team = await userWithAccounts(twin, ['x']);
    owner = team.user;
    targets = team.targets;
  });

  it('turns a new item into one draft with its image across two fetches and two fetches at once, with its title and link', async () => {
    const name = `once-${randomUUID().slice(0, 8)}`;
    const photo = `${twin.endpoints.sandbox}/_files/photo.png`;
    const url = await putTestFeed(name, { title: 'Once blog', items: [{ guid: `${name}-1`, title: 'First story', link: 'https://example.com/first', image: photo }] });
    const feed = await addFeed(owner, { url, accounts: targets });

    const first = await callApi(twin, `/feeds/${feed.feedId}/fetch`, owner.idToken, json('POST'));
    const second = await callApi(twin, `/feeds/${feed.feedId}/fetch`, owner.idToken, json('POST'));
    expect((first.body as unknown as Feed).lastFetch).toMatchObject({ outcome: 'ok', newDrafts: 1, message: '1 new item became a draft.' });
    // The second fetch sent the ETag and the sandbox answered 304.
    expect((second.body as unknown as Feed).lastFetch).toMatchObject({ outcome: 'unchanged', newDrafts: 0 });

    // A new item, fetched by two at once (no validator, so both read it whole, the first item too).
    await putTestFeed(name, { title: 'Once blog', items: [{ guid: `${name}-2`, title: 'Second story', link: 'https://example.com/second' }, { guid: `${name}-1`, title: 'First story', link: 'https://example.com/first', image: photo }] });
    const service = feedService(steppingClock(Date.now()));
    const user = { userId: owner.userId, email: owner.email };
    const both = await Promise.all([service.fetchNow(user, feed.feedId), service.fetchNow(user, feed.feedId)]);
    expect(both.map((one) => one.lastFetch?.newDrafts).sort()).toEqual([0, 1]);

    const made = (await drafts(owner)).filter((post) => post.fromFeed?.feedId === feed.feedId);
    expect(made.map((post) => post.title).sort()).toEqual(['First story', 'Second story']);
    const firstDraft = made.find((post) => post.title === 'First story')!;
    expect(firstDraft.description).toBe('First story\n\nhttps://example.com/first');
    expect(firstDraft.targets.map((target) => target.accountId)).toEqual([targets[0]!.accountId]);
    expect(firstDraft.fromFeed).toMatchObject({ feedTitle: 'Once blog', link: 'https://example.com/first', imageUrl: photo, imageNote: null });
    expect(firstDraft.media).toMatchObject([{ kind: 'image', contentType: 'image/png' }]);
    // Its upload is the draft's: kept, counted once.
    const records = (await uploadRecords(owner.userId)).filter((record) => record.key === firstDraft.media[0]!.key);
    expect(records).toMatchObject([{ state: 'kept', bytes: firstDraft.media[0]!.size }]);
  });

  it('makes the draft without an image that cannot be taken, and says why on the draft and in the feed’s status', async () => {
    const name = `badimage-${randomUUID().slice(0, 8)}`;
    const url = await putTestFeed(name, { title: 'Bad image', items: [{ guid: `${name}-1`, title: 'Not a picture', link: 'https://example.com/bad', image: `${twin.endpoints.sandbox}/_files/page.png` }] });
    const feed = await addFeed(owner, { url, accounts: targets });
    const before = await usedBytes(owner.userId);
    const { body } = await callApi(twin, `/feeds/${feed.feedId}/fetch`, owner.idToken, json('POST'));
    const why = 'The address answered a text/html file, which is not a .png file (expected image/png).';
    expect((body as unknown as Feed).lastFetch).toMatchObject({ outcome: 'ok', newDrafts: 1, message: `1 new item became a draft. 1 item's image was not added: ${why}` });
    const [draft] = (await drafts(owner)).filter((post) => post.fromFeed?.feedId === feed.feedId);
    expect(draft).toMatchObject({ title: 'Not a picture', media: [], fromFeed: { imageNote: `The feed's image was not added: ${why}` } });
    expect(await usedBytes(owner.userId)).toBe(before);
  });

  it('makes one draft with one upload when a run died between taking the image and writing the draft', async () => {
    const name = `crash-${randomUUID().slice(0, 8)}`;
    const url = await putTestFeed(name, { title: 'Crash', items: [{ guid: `${name}-1`, title: 'Taken once', link: 'https://example.com/crash', image: `${twin.endpoints.sandbox}/_files/photo.png` }] });
    const user = { userId: owner.userId, email: owner.email };
    let died = false;
    const dying = feedService(steppingClock(Date.now()), {}, {
      drafts: (real) => ({
        createOnce: (...args) => {
          if (!died) return (died = true), Promise.reject(new Error('The function was stopped'));
          return real.createOnce(...args);
        },
      }),
    });
    const feed = await dying.add(user, user, { url, accounts: targets, mode: 'draft' });
    const before = await uploadRecords(owner.userId);
    const bytesBefore = await usedBytes(owner.userId);

    await dying.fetchNow(user, feed.feedId);
    expect(died).toBe(true);
    expect((await drafts(owner)).filter((post) => post.fromFeed?.feedId === feed.feedId)).toEqual([]);
    const afterCrash = (await uploadRecords(owner.userId)).filter((record) => !before.some((one) => one.key === record.key));
    expect(afterCrash).toMatchObject([{ state: 'pending' }]);

    const again = await dying.fetchNow(user, feed.feedId);
    expect(again.lastFetch).toMatchObject({ outcome: 'ok', newDrafts: 1 });
    const made = (await drafts(owner)).filter((post) => post.fromFeed?.feedId === feed.feedId);
    expect(made).toHaveLength(1);
    const taken = (await uploadRecords(owner.userId)).filter((record) => !before.some((one) => one.key === record.key));
    expect(taken).toMatchObject([{ key: made[0]!.media[0]!.key, state: 'kept' }]);
    expect(await usedBytes(owner.userId)).toBe(bytesBefore + taken[0]!.bytes);
  });

  it('in the queue mode puts an item with an image in the queue once across two fetches; one without stays a draft and says why', async () => {
    const name = `queue-${randomUUID().slice(0, 8)}`;
    const photo = `${twin.endpoints.sandbox}/_files/photo.png`;
    const url = await putTestFeed(name, { title: 'Queued blog', items: [{ guid: `${name}-1`, title: 'Queued story', link: 'https://example.com/queued', image: photo }] });
    const refused = await callApi(twin, '/feeds', owner.idToken, json('POST', { url, mode: 'queue' }));
    expect(refused.body).toMatchObject({ message: expect.stringContaining('Choose the accounts whose queues the new items go to.') });
    const feed = await addFeed(owner, { url, accounts: targets, mode: 'queue' });
    expect(feed.mode).toBe('queue');

    const first = await callApi(twin, `/feeds/${feed.feedId}/fetch`, owner.idToken, json('POST'));
    expect((first.body as unknown as Feed).lastFetch, JSON.stringify(first.body)).toMatchObject({ outcome: 'ok', newDrafts: 1, message: '1 new item went to the queue.' });
    // The feed changes, so the second fetch reads it whole: the first item again, and one without an image.
    await putTestFeed(name, { title: 'Queued blog', items: [{ guid: `${name}-2`, title: 'No picture', link: 'https://example.com/plain' }, { guid: `${name}-1`, title: 'Queued story', link: 'https://example.com/queued', image: photo }] });
    const second = await callApi(twin, `/feeds/${feed.feedId}/fetch`, owner.idToken, json('POST'));
    expect((second.body as unknown as Feed).lastFetch).toMatchObject({ outcome: 'ok', newDrafts: 1, message: '1 item stayed a draft: a post needs an image or a video, and the item brought none.' });

    const rows = await markers(owner.userId, feed.feedId);
    expect(rows.map((row) => row.queue ?? 'none').sort()).toEqual(['done', 'none']);
    const queued = await callApi(twin, `/posts/${rows.find((row) => row.queue === 'done')!.postId}`, owner.idToken);
    expect(queued.body).toMatchObject({ status: 'scheduled', title: 'Queued story', queue: { accounts: [expect.any(String)] }, media: [{ kind: 'image' }] });
    const left = (await drafts(owner)).filter((post) => post.fromFeed?.feedId === feed.feedId);
    expect(left.map((post) => post.title)).toEqual(['No picture']);
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
