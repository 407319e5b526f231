import { describe, expect, inject, it } from 'vitest';
import type { Platform } from '../../../shared/platforms';
import type { Post } from '../../../shared/api/posts';
import { callApi, type TestUser } from '../../support/users';
import { sandboxControl } from '../../support/connect';
import { userWithAccounts } from '../../support/accounts';
import { createPost, waitForPost } from '../../support/posts';

/**
 * Threads (issue 19, item 5: X threads; Bluesky's too): the first post carries the media, each
 * further post is a reply to the one before, each exactly once under faults at its call; a post
 * that cannot go leaves the ones before it live and says, in words, how far the thread got.
 */

const twin = inject('twin');
type ThreadNetwork = 'x' | 'bluesky';

const oneUser = <P extends Platform>(networks: readonly P[]) => userWithAccounts(twin, networks);

const feedOf = async (platform: Platform, account: string) => (await sandboxControl(twin).feed(platform, account)).posts;
const target = (post: Post, platform: Platform) => post.targets.find((candidate) => candidate.platform === platform)!;

async function publish(user: TestUser, body: Record<string, unknown>): Promise<Post> {
  const created = await createPost(twin, user, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return waitForPost(twin, user, (created.body as unknown as Post).postId);
}

const threadOf = (label: string, of = 3) => Array.from({ length: of }, (_, index) => `${label}: part ${index + 1} ${index + 1}/${of}`);

describe('threads', () => {
  it('posts an X and a Bluesky thread in order, each post once, the media on the first, the first comment under the last', async () => {
    const { user, names, targets, key } = await oneUser(['x', 'bluesky', 'linkedin']);
    const x = threadOf('On X');
    const bluesky = threadOf('On Bluesky', 2);
    const post = await publish(user, { description: 'The long story', threads: { x, bluesky }, firstComment: 'More at example.com', media: [{ key }], targets });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect(post.threads).toEqual({ x, bluesky });
    for (const [platform, parts] of [['x', x], ['bluesky', bluesky]] as const) {
      const feed = await feedOf(platform, names[platform]);
      const posted = parts.map((text) => feed.filter((entry) => entry.text === text));
      for (const [index, entries] of posted.entries()) expect(entries, `${platform} part ${index + 1}`).toHaveLength(1);
      // The first post is the target's post, with the media; each reply answers the one before.
      expect(posted[0]![0]!.id).toBe(target(post, platform).platformPostId);
      expect(posted[0]![0]!.media).toHaveLength(1);
      for (let index = 1; index < parts.length; index += 1) {
        expect(posted[index]![0]!.replyTo, `${platform} part ${index + 1}`).toBe(posted[index - 1]![0]!.id);
        expect(posted[index]![0]!.media, `${platform} part ${index + 1}`).toHaveLength(0);
      }
      const comment = feed.filter((entry) => entry.text === 'More at example.com');
      expect(comment, platform).toHaveLength(1);
      expect(comment[0]!.replyTo, platform).toBe(posted.at(-1)![0]!.id);
      expect(target(post, platform).thread).toEqual({ status: 'published', posted: parts.length, of: parts.length, url: posted.at(-1)![0]!.url, error: null });
    }
    // LinkedIn takes no thread: it got the description, and its comment under it.
    const linkedin = await feedOf('linkedin', names.linkedin);
    expect(linkedin.filter((entry) => entry.text === 'The long story')).toHaveLength(1);
    expect(target(post, 'linkedin').thread ?? null).toBeNull();
  });

  it('refuses a thread whose post is over the limit, a thread for a network that takes none or is not chosen, and an empty post', async () => {
    const { user, targets, key } = await oneUser(['x', 'linkedin']);
    const over = await createPost(twin, user, { description: 'Fine', threads: { x: ['Short 1/2', `${'y'.repeat(281)} 2/2`] }, media: [{ key }], targets });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain('Post 2 of the X thread is too long (285 of 280).');

    const empty = await createPost(twin, user, { description: 'Fine', threads: { x: ['One', '  '] }, media: [{ key }], targets });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Post 2 of the X thread is empty.');

    const linkedin = await createPost(twin, user, { description: 'Fine', threads: { linkedin: ['One', 'Two'] }, media: [{ key }], targets });
    expect(linkedin.status).toBe(400);
    expect(JSON.stringify(linkedin.body)).toContain('LinkedIn does not take threads.');

    const notChosen = await createPost(twin, user, { description: 'Fine', threads: { x: ['One', 'Two'] }, media: [{ key }], targets: targets.slice(1) });
    expect(notChosen.status).toBe(400);
    expect(JSON.stringify(notChosen.body)).toContain('The post has a thread for X but no X account among the targets.');

    const tooMany = await createPost(twin, user, { description: 'Fine', threads: { x: Array.from({ length: 26 }, (_, index) => `Post ${index + 1}`) }, media: [{ key }], targets });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('A thread on X can have at most 25 posts (this one has 26).');

    // A description too long for X is fine when X goes as a thread.
    const long = await createPost(twin, user, { description: 'z'.repeat(600), threads: { x: ['One 1/2', 'Two 2/2'] }, media: [{ key }], targets, scheduledFor: new Date(Date.now() + 3_600_000).toISOString(), timeZone: 'UTC' });
    expect(long.status, JSON.stringify(long.body)).toBe(200);
    await callApi(twin, `/posts/${(long.body as unknown as Post).postId}/cancel`, user.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  });

  it('keeps a thread in a draft, its duplicate and an edit of a scheduled post (absent keeps it, an empty one removes it)', async () => {
    const { user, targets, key } = await oneUser(['x']);
    const parts = threadOf('Drafted', 2);
    const saved = await callApi(twin, '/drafts', user.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ description: 'Draft', threads: { x: parts }, media: [{ key }], targets }) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const draft = saved.body as unknown as Post;
    expect(draft.threads).toEqual({ x: parts });
    const copy = await callApi(twin, `/posts/${draft.postId}/duplicate`, user.idToken, { method: 'POST' });
    expect((copy.body as unknown as Post).threads).toEqual({ x: parts });

    const created = await createPost(twin, user, { description: 'Later', threads: { x: parts }, media: [{ key }], targets, scheduledFor: new Date(Date.now() + 3_600_000).toISOString(), timeZone: 'UTC' });
    const postId = (created.body as unknown as Post).postId;
    const send = (body: unknown) => callApi(twin, `/posts/${postId}`, user.idToken, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(((await send({ description: 'Later, edited', targets })).body as unknown as Post).threads).toEqual({ x: parts });
    const changed = threadOf('Edited', 3);
    expect(((await send({ description: 'Later, edited', threads: { x: changed }, targets })).body as unknown as Post).threads).toEqual({ x: changed });
    const removed = await send({ description: 'Later, edited', threads: {}, targets });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((removed.body as unknown as Post).threads).toBeUndefined();
    await callApi(twin, `/posts/${postId}/cancel`, user.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  });
});

/**
 * Faults at every call a thread's replies make (after the first post's own): X's reply create
 * for posts 2 and 3; Bluesky's reads of the posts it answers and its reply creates. A transient
 * fault still gives each post exactly once; a refusal or a rate limit ends the thread in words
 * with the posts before it live.
 */
describe('a thread under faults at each of its calls', () => {
  type Fault = { status?: number; body?: unknown; headers?: Record<string, string>; dropConnection?: 'before' | 'after' };
  const transient: Array<[string, Fault]> = [
    ['a 500', { status: 500, body: { error: 'InternalServerError', message: 'Internal Server Error', title: 'Internal Server Error', status: 500 } }],
    ['a dropped connection before it arrives', { dropConnection: 'before' }],
    ['a lost answer after the platform acted', { dropConnection: 'after' }],
  ];
  // skip: how many of the same call the clean run makes before this one (the post's own create is the first create).
  const calls: Array<{ platform: ThreadNetwork; method: string; where: { path: string; hostKey?: string }; skip: number; what: string }> = [
    { platform: 'x', method: 'POST', where: { path: '/2/tweets' }, skip: 1, what: 'post 2' },
    { platform: 'x', method: 'POST', where: { path: '/2/tweets' }, skip: 2, what: 'post 3' },
    { platform: 'bluesky', method: 'GET', where: { path: '/xrpc/com.atproto.repo.getRecord', hostKey: 'pds' }, skip: 0, what: 'post 2 (reading post 1)' },
    { platform: 'bluesky', method: 'POST', where: { path: '/xrpc/com.atproto.repo.createRecord', hostKey: 'pds' }, skip: 1, what: 'post 2' },
    { platform: 'bluesky', method: 'POST', where: { path: '/xrpc/com.atproto.repo.createRecord', hostKey: 'pds' }, skip: 2, what: 'post 3' },
  ];

  for (const call of calls) {
    for (const [label, fault] of transient) {
      if (call.method === 'GET' && fault.dropConnection === 'after') continue; // a read acts on nothing
      it(`${call.platform} ${call.what}, ${call.method} ${call.where.path}: ${label} still gives each post once`, async () => {
        const { user, names, targets, key } = await oneUser([call.platform]);
        const name = names[call.platform];
        await sandboxControl(twin).injectFault({ platform: call.platform, account: name, method: call.method, ...call.where, skip: call.skip, ...fault });
        const parts = threadOf(`${call.what} ${label}`);
        const post = await publish(user, { description: 'Thread', threads: { [call.platform]: parts }, media: [{ key }], targets });

        expect(post.status, JSON.stringify(post.targets)).toBe('published');
        expect(target(post, call.platform).thread?.status, JSON.stringify(target(post, call.platform).thread)).toBe('published');
        const feed = await feedOf(call.platform, name);
        for (const text of parts) expect(feed.filter((entry) => entry.text === text), text).toHaveLength(1);
        // The fault hit this call: sent once more after an answer that made nothing, never again after one that acted.
        const sent = (await sandboxControl(twin).requests(call.platform)).filter((logged) => logged.account === name && logged.method === call.method && logged.route === call.where.path);
        // A clean run: three creates; three reads (post 1 for post 2; post 2 and the root for post 3).
        // The reads go in the reply's send: one that got no answer leaves the reply armed, and the
        // retry's look-up (getRecord by the reply's key) comes first.
        const lookUp = call.method === 'GET' && fault.dropConnection === 'before' ? 1 : 0;
        expect(sent).toHaveLength(3 + (fault.dropConnection === 'after' ? 0 : 1) + lookUp);
      });
    }
  }

  it('X refusing post 3 leaves posts 1 and 2 live, says how far the thread got, and posts no first comment', async () => {
    const { user, names, targets, key } = await oneUser(['x']);
    await sandboxControl(twin).injectFault({
      platform: 'x',
      account: names.x,
      method: 'POST',
      path: '/2/tweets',
      skip: 2,
      status: 403,
      headers: { 'content-type': 'application/problem+json' },
      body: { title: 'Forbidden', detail: 'You are not allowed to create a Tweet with duplicate content.', type: 'about:blank', status: 403 },
    });
    const parts = threadOf('Refused');
    const post = await publish(user, { description: 'Thread', threads: { x: parts }, firstComment: 'Never under a broken thread', media: [{ key }], targets });

    const x = target(post, 'x');
    expect(post.status).toBe('published');
    expect(x.status).toBe('published');
    expect(x.thread).toMatchObject({ status: 'failed', posted: 2, of: 3 });
    expect(x.thread?.error).toMatch(/^Post 3 of 3 of the thread was not posted: .*duplicate content\. Posts 1–2 of 3 are live\.$/);
    expect(x.firstComment).toEqual({ status: 'failed', url: null, error: 'The first comment was not posted: the thread did not finish.' });
    expect((await feedOf('x', names.x)).map((entry) => entry.text).sort()).toEqual(parts.slice(0, 2));
  });

  it("X's rate limit on post 2 ends the thread in words, post 1 live, nothing sent twice", async () => {
    const { user, names, targets, key } = await oneUser(['x']);
    const reset = String(Math.floor(Date.now() / 1000) + 900);
    await sandboxControl(twin).injectFault({
      platform: 'x',
      account: names.x,
      method: 'POST',
      path: '/2/tweets',
      skip: 1,
      status: 429,
      headers: { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
    });
    const parts = threadOf('Limited');
    const post = await publish(user, { description: 'Thread', threads: { x: parts }, media: [{ key }], targets });

    const x = target(post, 'x');
    expect(x.status).toBe('published');
    expect(x.thread).toMatchObject({ status: 'failed', posted: 1, of: 3 });
    expect(x.thread?.error).toMatch(/^Post 2 of 3 of the thread was not posted: X asked us to wait .*Post 1 of 3 is live\.$/);
    expect((await feedOf('x', names.x)).map((entry) => entry.text)).toEqual(parts.slice(0, 1));
    const sent = (await sandboxControl(twin).requests('x')).filter((logged) => logged.account === names.x && logged.method === 'POST' && logged.route === '/2/tweets');
    expect(sent).toHaveLength(2);
  });

  it("X refusing post 2's token early: one refresh, and the thread goes on, each post once", async () => {
    const { user, names, targets, key } = await oneUser(['x']);
    await sandboxControl(twin).injectFault({
      platform: 'x',
      account: names.x,
      method: 'POST',
      path: '/2/tweets',
      skip: 1,
      status: 401,
      body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
    });
    const parts = threadOf('Refreshed');
    const post = await publish(user, { description: 'Thread', threads: { x: parts }, media: [{ key }], targets });

    const x = target(post, 'x');
    expect(x.status).toBe('published');
    expect(x.thread, JSON.stringify(x.thread)).toMatchObject({ status: 'published', posted: 3, of: 3, error: null });
    expect((await feedOf('x', names.x)).map((entry) => entry.text).sort()).toEqual(parts);
    const sent = (await sandboxControl(twin).requests('x')).filter((logged) => logged.account === names.x && logged.method === 'POST' && logged.route === '/2/tweets');
    expect(sent).toHaveLength(4);
  });

  it('X failing post 2 until the retries run out leaves post 1 live and says so', async () => {
    const { user, names, targets, key } = await oneUser(['x']);
    await sandboxControl(twin).injectFault({ platform: 'x', account: names.x, method: 'POST', path: '/2/tweets', skip: 1, status: 503, body: { title: 'Service Unavailable', status: 503 }, times: 50 });
    const parts = threadOf('Unreachable');
    const post = await publish(user, { description: 'Thread', threads: { x: parts }, media: [{ key }], targets });

    const x = target(post, 'x');
    expect(x.status).toBe('published');
    expect(x.thread).toMatchObject({ status: 'failed', posted: 1, of: 3 });
    expect(x.thread?.error).toMatch(/^Post 2 of 3 of the thread was not posted: X could not be reached after several attempts.*Post 1 of 3 is live\.$/);
    expect((await feedOf('x', names.x)).map((entry) => entry.text)).toEqual(parts.slice(0, 1));
  });
});
