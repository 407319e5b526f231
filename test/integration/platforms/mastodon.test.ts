import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Connection, ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { callApi, createUser, documentClient, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl, sandboxServer } from '../../support/connect';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';

/**
 * Mastodon end to end through the API, the PublishPost state machine and the sandbox's two
 * instances: connecting on the instance the user types (the app registered there once), the
 * outbound rule on that address, and the exactly-once rule when a
 * status create's answer is lost (found again by its Idempotency-Key).
 */
const twin = inject('twin');
const sandbox = () => sandboxControl(twin);

let user: TestUser;
const accounts: Record<'social' | 'large', { name: string; accountId: string; limits: Connection['limits'] }> = { social: { name: '', accountId: '', limits: null }, large: { name: '', accountId: '', limits: null } };

async function publish(body: Record<string, unknown>): Promise<Post> {
  const created = await createPost(twin, user, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return waitForPost(twin, user, (created.body as unknown as Post).postId);
}

describe('Mastodon through the API (against the sandbox\'s two instances)', () => {
  beforeAll(async () => {
    user = await createUser(twin);
    await makeAdmin(twin, user);
    for (const instance of ['social', 'large'] as const) {
      const name = sandboxAccountName('toot');
      const { location } = await connectThroughOAuth(twin, user, 'mastodon', name, 'allow', {}, sandboxServer(twin, 'mastodon', instance));
      expect(location.searchParams.get('status')).toBe('connected');
      const { body } = await callApi(twin, '/connections', user.idToken);
      const connection = (body as unknown as ConnectionList).connections.find((item) => item.platform === 'mastodon' && item.username?.startsWith(`@${name}@`))!;
      accounts[instance] = { name, accountId: connection.platformUserId, limits: connection.limits };
    }
  });

  it('connects an account on each instance the user typed, its app registered there once and kept encrypted', async () => {
    expect(accounts.social.accountId).not.toBe(accounts.large.accountId);
    const server = sandboxServer(twin, 'mastodon', 'social')!;
    const { Item } = await documentClient(twin).send(new GetCommand({ TableName: twin.tableNames.oauthStates, Key: { state: `client#mastodon#${server}` }, ConsistentRead: true }));
    expect(Item).toMatchObject({ stage: 'client', platform: 'mastodon', server, clientId: expect.stringMatching(/^social\./) });
    expect(JSON.stringify(Item)).not.toMatch(/client_secret|clientSecret/);
  });

  it('keeps each instance\'s own limits with its connection, as its /api/v2/instance says', () => {
    expect(accounts.social.limits).toMatchObject({ textMax: 500, imageMaxCount: 4, urlCharacters: 23, imageMaxBytes: 16 * 1024 * 1024, videoMaxBytes: 99 * 1024 * 1024, pollMaxOptions: 4 });
    expect(accounts.large.limits).toMatchObject({ textMax: 5000, imageMaxCount: 8, imageMaxBytes: 32 * 1024 * 1024, videoMaxBytes: 200 * 1024 * 1024 });
  });

  it('counts a text against each account\'s own server: refused for the one that takes 500, in words with its figures; taken by the one that takes 5,000', async () => {
    const long = `${'a'.repeat(590)} ${Date.now()}`;
    const count = [...long].length;
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const refused = await createPost(twin, user, { description: long, media: [{ key }], targets: [{ platform: 'mastodon', accountId: accounts.social.accountId }, { platform: 'mastodon', accountId: accounts.large.accountId }] });
    expect(refused.status).toBe(400);
    const handle = `@${accounts.social.name}@`;
    expect(String(refused.body?.['message'])).toMatch(new RegExp(`^The Mastodon text is too long for ${handle}\\S+: its server takes at most 500 characters per post \\(this one has ${count}\\)\\.$`));
    expect(JSON.stringify(refused.body)).not.toContain('@' + accounts.large.name);

    const post = await publish({ description: long, media: [{ key }], targets: [{ platform: 'mastodon', accountId: accounts.large.accountId }] });
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect((await sandbox().feed('mastodon', accounts.large.name)).posts.filter((item) => item.text === long)).toHaveLength(1);
  });

  it('takes up to each server\'s own number of files: 5 images refused for the 4-file server in words, published on the 8-file one', async () => {
    const keys = await Promise.all(Array.from({ length: 5 }, () => uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg })));
    const media = keys.map((key) => ({ key }));
    const refused = await createPost(twin, user, { description: 'five pictures', media, targets: [{ platform: 'mastodon', accountId: accounts.social.accountId }] });
    expect(refused.status).toBe(400);
    expect(String(refused.body?.['message'])).toContain(`(@${accounts.social.name}@`);
    expect(String(refused.body?.['message'])).toMatch(/\b4\b/);
    const post = await publish({ description: `five pictures ${Date.now()}`, media, targets: [{ platform: 'mastodon', accountId: accounts.large.accountId }] });
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
  });

  it('publishes a poll in the language chosen: the status goes without the post\'s file (a poll takes its place)', async () => {
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const text = `Which one? ${Date.now()}`;
    const poll = { options: ['Tea', 'Coffee', 'Both'], expiresInSeconds: 86_400, multiple: true };
    const post = await publish({ description: text, media: [{ key }], targets: [{ platform: 'mastodon', accountId: accounts.large.accountId, options: { language: 'tr', poll } }] });
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const statuses = (await sandbox().feed('mastodon', accounts.large.name)).posts.filter((item) => item.text === text);
    expect(statuses).toHaveLength(1);
    expect(statuses[0]!.media).toEqual([]);
    expect(statuses[0]!.settings).toMatchObject({ language: 'tr', poll: ['Tea', 'Coffee', 'Both'] });
  });

  it('refuses a server that is not a public https address, in words, before anything is sent', async () => {
    for (const server of ['https://127.0.0.1', 'http://mastodon.example']) {
      const { status, body } = await callApi(twin, '/connections/mastodon/authorize', user.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ server }) });
      expect(status).toBe(400);
      expect(String(body?.['message'])).toMatch(/^OneClick cannot connect to .*: .* Type the address of a public Mastodon server\.$/);
    }
    const { status, body } = await callApi(twin, '/connections/mastodon/authorize', user.idToken, { method: 'POST' });
    expect([status, body?.['message']]).toEqual([400, 'Type the Mastodon server your account is on (e.g. mastodon.social).']);
  });

  it('publishes to the account on the other instance, on that instance', async () => {
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const text = `On the large instance ${Date.now()}`;
    const post = await publish({ description: text, media: [{ key }], targets: [{ platform: 'mastodon', accountId: accounts.large.accountId }] });
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect(post.targets[0]!.postUrl).toContain('/mastodon/large/@');
    expect((await sandbox().feed('mastodon', accounts.large.name)).posts.filter((item) => item.text === text)).toHaveLength(1);
  });

  it('a status create whose answer is lost is found again by its Idempotency-Key: one status', async () => {
    const { name, accountId } = accounts.social;
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    await sandbox().injectFault({ platform: 'mastodon', account: name, method: 'POST', hostKey: 'social', path: '/api/v1/statuses', dropConnection: 'after' });
    const text = `answer lost ${Date.now()}`;

    const post = await publish({ description: text, media: [{ key }], targets: [{ platform: 'mastodon', accountId }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const posts = (await sandbox().feed('mastodon', name)).posts.filter((item) => item.text === text);
    expect(posts).toHaveLength(1);
    expect(post.targets[0]!.platformPostId).toBe(posts[0]!.id);
    // The create was sent twice with one key: the instance answered the second with the status the first made.
    const creates = (await sandbox().requests('mastodon')).filter((call) => call.account === name && call.route === '/api/v1/statuses');
    expect(creates.length).toBeGreaterThanOrEqual(2);
  });
});
