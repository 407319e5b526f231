import { describe, expect, inject, it } from 'vitest';
import type { Platform } from '../../../shared/platforms';
import { commentRules } from '../../../shared/platforms/comments';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import { callApi, createUser, type TestUser } from '../../support/users';
import { arriveAtCallback, confirmFlow, connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl, startFlow } from '../../support/connect';
import { userWithAccounts } from '../../support/accounts';
import { createPost, sampleVideo, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { capabilities } from '../../../shared/platforms';

/**
 * The first comment (issue 19, item 5): posted under the post, once, on each network whose
 * publisher posts one (X and Bluesky as replies, LinkedIn as a comment), after the post is live
 * and recorded — so a comment that fails leaves the post published, with the reason in words.
 *
 * Every test has a user and sandbox accounts of its own (faults are injected for its accounts, the
 * request log read for them), so the tests of each block run side by side: most of a test's time
 * is spent waiting for its post and comment to go through the twin's publishing.
 */

const twin = inject('twin');
const networks = ['x', 'bluesky', 'linkedin'] as const satisfies readonly Platform[];

const setUp = () => userWithAccounts(twin, networks);

const feedOf = async (platform: Platform, account: string) => (await sandboxControl(twin).feed(platform, account)).posts;

async function publish(user: TestUser, body: Record<string, unknown>): Promise<Post> {
  const created = await createPost(twin, user, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return waitForPost(twin, user, (created.body as unknown as Post).postId);
}

const target = (post: Post, platform: Platform) => post.targets.find((candidate) => candidate.platform === platform)!;

describe.concurrent('the first comment', () => {
  it('goes under the post on X and Bluesky as a reply and on LinkedIn as a comment, once each, with its link', async () => {
    const { user, names, targets, key } = await setUp();
    const post = await publish(user, { description: 'Our spring lookbook is out', firstComment: 'Shop the looks: https://example.com/spring', media: [{ key }], targets });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect(post.firstComment).toBe('Shop the looks: https://example.com/spring');
    for (const platform of ['x', 'bluesky', 'linkedin'] as const) {
      const posts = await feedOf(platform, names[platform]);
      const parent = posts.filter((entry) => entry.text === 'Our spring lookbook is out');
      const replies = posts.filter((entry) => entry.text === 'Shop the looks: https://example.com/spring');
      expect(parent, platform).toHaveLength(1);
      expect(replies, platform).toHaveLength(1);
      expect(replies[0]!.replyTo, platform).toBe(target(post, platform).platformPostId);
      expect(target(post, platform).firstComment).toEqual({ status: 'published', url: replies[0]!.url, error: null });
    }
  });

  it('posts the reply once when the answer to its create call is lost, and once after a 500', async () => {
    const { user, names, targets, key } = await setUp();
    // The second POST /2/tweets of this account is the reply: X makes it, the answer never comes.
    await sandboxControl(twin).injectFault({ platform: 'x', method: 'POST', path: '/2/tweets', account: names.x, dropConnection: 'after', skip: 1 });
    await sandboxControl(twin).injectFault({ platform: 'bluesky', method: 'POST', hostKey: 'pds', path: '/xrpc/com.atproto.repo.createRecord', account: names.bluesky, status: 500, body: { error: 'InternalServerError' }, skip: 1 });
    const post = await publish(user, { description: 'Lost answers', firstComment: 'Still only one reply', media: [{ key }], targets: targets.slice(0, 2) });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    for (const platform of ['x', 'bluesky'] as const) {
      const replies = (await feedOf(platform, names[platform])).filter((entry) => entry.text === 'Still only one reply');
      expect(replies, platform).toHaveLength(1);
      expect(target(post, platform).firstComment?.status, platform).toBe('published');
    }
    // X: the lost answer was reconciled from the account's latest posts, not sent again.
    const xCalls = (await sandboxControl(twin).requests('x')).filter((call) => call.account === names.x);
    expect(xCalls.filter((call) => call.method === 'POST' && call.route === '/2/tweets')).toHaveLength(2);
    expect(xCalls.filter((call) => call.method === 'GET' && call.route === '/2/users/{id}/tweets').length).toBeGreaterThan(0);
    // Bluesky: the 500 created nothing (its key was not found), so the reply was sent once more.
    const blueskyCalls = (await sandboxControl(twin).requests('bluesky')).filter((call) => call.account === names.bluesky);
    expect(blueskyCalls.filter((call) => call.route === '/xrpc/com.atproto.repo.createRecord')).toHaveLength(3);
  });

  it('leaves the post published and says why when the platform refuses the comment; nothing is posted twice', async () => {
    const { user, names, targets, key } = await setUp();
    await sandboxControl(twin).injectFault({
      platform: 'x',
      method: 'POST',
      path: '/2/tweets',
      account: names.x,
      skip: 1,
      status: 403,
      headers: { 'content-type': 'application/problem+json' },
      body: { title: 'Forbidden', detail: 'You are not permitted to reply to this post.', type: 'about:blank', status: 403 },
    });
    const post = await publish(user, { description: 'The post stands', firstComment: 'A refused reply', media: [{ key }], targets: targets.slice(0, 1) });

    expect(post.status).toBe('published');
    const x = target(post, 'x');
    expect(x.status).toBe('published');
    expect(x.postUrl).toMatch(/^https:\/\/x\.com\//);
    expect(x.firstComment?.status).toBe('failed');
    expect(x.firstComment?.error).toMatch(/^The first comment was not posted: .*You are not permitted to reply to this post\./);
    expect((await feedOf('x', names.x)).map((entry) => entry.text)).toEqual(['The post stands']);
  });

  it("X refusing the reply's token early: one refresh, and the reply goes once with the new token", async () => {
    const { user, names, targets, key } = await setUp();
    await sandboxControl(twin).injectFault({
      platform: 'x',
      method: 'POST',
      path: '/2/tweets',
      account: names.x,
      skip: 1,
      status: 401,
      body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
    });
    const post = await publish(user, { description: 'Token refused at the reply', firstComment: 'Sent with a fresh token', media: [{ key }], targets: targets.slice(0, 1) });

    const x = target(post, 'x');
    expect(x.status).toBe('published');
    expect(x.firstComment, JSON.stringify(x.firstComment)).toMatchObject({ status: 'published', error: null });
    expect((await feedOf('x', names.x)).map((entry) => entry.text).sort()).toEqual(['Sent with a fresh token', 'Token refused at the reply']);
    const sent = (await sandboxControl(twin).requests('x')).filter((call) => call.account === names.x && call.method === 'POST' && call.route === '/2/tweets');
    expect(sent).toHaveLength(3);
    const connections = (await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList;
    expect(connections.connections.find((connection) => connection.platform === 'x')?.status).toBe('connected');
  });

  it('keeps the post published when the comment keeps failing until the retries run out, saying so', async () => {
    const { user, names, targets, key } = await setUp();
    await sandboxControl(twin).injectFault({ platform: 'x', method: 'POST', path: '/2/tweets', account: names.x, skip: 1, status: 503, body: { title: 'Service Unavailable', status: 503 }, times: 50 });
    const post = await publish(user, { description: 'Up, without its reply', firstComment: 'Never posted', media: [{ key }], targets: targets.slice(0, 1) });

    const x = target(post, 'x');
    expect(post.status).toBe('published');
    expect(x.status).toBe('published');
    expect(x.postUrl).toMatch(/^https:\/\/x\.com\//);
    expect(x.firstComment?.status).toBe('failed');
    expect(x.firstComment?.error).toMatch(/^The first comment was not posted: X could not be reached after several attempts/);
    expect((await feedOf('x', names.x)).map((entry) => entry.text)).toEqual(['Up, without its reply']);
  });

  it('refuses a first comment over a network’s limit or for networks that take none, and keeps it in a draft and its duplicate', async () => {
    const { user, targets, key } = await setUp();
    const tooLong = await createPost(twin, user, { description: 'Fine', firstComment: 'y'.repeat(281), media: [{ key }], targets });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('The first comment is too long for X (281 of 280).');

    const tooLongForLinkedin = await createPost(twin, user, { description: 'Fine', firstComment: 'z'.repeat(1251), media: [{ key }], targets: targets.slice(2) });
    expect(tooLongForLinkedin.status).toBe(400);
    expect(JSON.stringify(tooLongForLinkedin.body)).toContain('The first comment is too long for LinkedIn (1251 of 1250).');

    const saved = await callApi(twin, '/drafts', user.idToken, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'Draft', firstComment: '  Link in the reply  ', media: [{ key }], targets: targets.slice(0, 1) }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const draft = saved.body as unknown as Post;
    expect(draft.firstComment).toBe('Link in the reply');
    const copy = await callApi(twin, `/posts/${draft.postId}/duplicate`, user.idToken, { method: 'POST' });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect((copy.body as unknown as Post).firstComment).toBe('Link in the reply');
  });
  it("edits a scheduled post's first comment: absent keeps it, a new one replaces it, blank removes it", async () => {
    const { user, targets, key } = await setUp();
    const send = (body: unknown) => callApi(twin, `/posts/${postId}`, user.idToken, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const scheduledFor = new Date(Date.now() + 3_600_000).toISOString();
    const created = await createPost(twin, user, { description: 'Later', firstComment: 'Link below', media: [{ key }], targets, scheduledFor, timeZone: 'Europe/Istanbul' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const postId = (created.body as unknown as Post).postId;

    const kept = await send({ description: 'Later, edited', targets });
    expect((kept.body as unknown as Post).firstComment).toBe('Link below');
    const replaced = await send({ description: 'Later, edited', firstComment: 'A new link', targets });
    expect((replaced.body as unknown as Post).firstComment).toBe('A new link');
    const refused = await send({ description: 'Later, edited', firstComment: 'z'.repeat(1251), targets: targets.slice(2) });
    expect(refused.status).toBe(400);
    const removed = await send({ description: 'Later, edited', firstComment: '  ', targets });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((removed.body as unknown as Post).firstComment).toBeUndefined();
    await callApi(twin, `/posts/${postId}/cancel`, user.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  });
});

/**
 * Faults at every outbound call the comment makes (the calls of a clean run after the post's own):
 * X's reply create; Bluesky's read of the post (for its cid) and its reply create. A transient
 * fault still gives exactly one reply; a rate limit ends the comment in words; the post stands.
 */
describe.concurrent('the first comment under faults at each of its calls', () => {
  type Fault = { status?: number; body?: unknown; headers?: Record<string, string>; dropConnection?: 'before' | 'after' };
  const transient: Array<[string, Fault]> = [
    ['a 500', { status: 500, body: { error: 'InternalServerError', message: 'Internal Server Error' } }],
    ['a dropped connection before it arrives', { dropConnection: 'before' }],
    ['a lost answer after the platform acted', { dropConnection: 'after' }],
  ];
  const calls: Array<{ platform: 'x' | 'bluesky' | 'linkedin'; method: string; where: { path: string; hostKey?: string; route?: string }; skip: number }> = [
    { platform: 'x', method: 'POST', where: { path: '/2/tweets' }, skip: 1 },
    { platform: 'bluesky', method: 'GET', where: { path: '/xrpc/com.atproto.repo.getRecord', hostKey: 'pds' }, skip: 0 },
    { platform: 'bluesky', method: 'POST', where: { path: '/xrpc/com.atproto.repo.createRecord', hostKey: 'pds' }, skip: 1 },
  ];

  async function oneNetwork(platform: 'x' | 'bluesky' | 'linkedin') {
    const { user, names, targets, key } = await userWithAccounts(twin, [platform]);
    return { user, name: names[platform], accountId: targets[0]!.accountId, key };
  }


  for (const call of calls) {
    for (const [label, fault] of transient) {
      if (call.method === 'GET' && fault.dropConnection === 'after') continue; // a read acts on nothing
      it(`${call.platform} ${call.method} ${call.where.path}: ${label} still gives exactly one reply`, async () => {
        const { user, name, accountId, key } = await oneNetwork(call.platform);
        await sandboxControl(twin).injectFault({ platform: call.platform, account: name, method: call.method, ...call.where, skip: call.skip, ...fault });
        const post = await publish(user, { description: `Faulted ${label}`, firstComment: `Reply after ${label}`, media: [{ key }], targets: [{ platform: call.platform, accountId }] });

        expect(post.status, JSON.stringify(post.targets)).toBe('published');
        expect(target(post, call.platform).firstComment?.status, JSON.stringify(target(post, call.platform).firstComment)).toBe('published');
        const feed = await feedOf(call.platform, name);
        expect(feed.filter((entry) => entry.text === `Faulted ${label}`)).toHaveLength(1);
        expect(feed.filter((entry) => entry.text === `Reply after ${label}`)).toHaveLength(1);
        // The fault hit this call: it was sent once more after an answer that made nothing, and never again after one that acted.
        const sent = (await sandboxControl(twin).requests(call.platform)).filter((logged) => logged.account === name && logged.method === call.method && logged.route === call.where.path);
        // Bluesky reads the post it answers in the reply's send: a read that got no answer leaves the
        // reply armed, and the retry's look-up (getRecord by the reply's key) comes first.
        const lookUp = call.method === 'GET' && fault.dropConnection === 'before' ? 1 : 0;
        expect(sent).toHaveLength(call.skip + (fault.dropConnection === 'after' ? 1 : 2) + lookUp);
      });
    }
  }

  it('LinkedIn: a 500 on the comment still gives exactly one comment (LinkedIn answered, so nothing was made)', async () => {
    const { user, name, accountId, key } = await oneNetwork('linkedin');
    await sandboxControl(twin).injectFault({ platform: 'linkedin', account: name, method: 'POST', route: '/rest/socialActions/{urn}/comments', status: 500, body: { message: 'Internal error', status: 500 } });
    const post = await publish(user, { description: 'LinkedIn 500', firstComment: 'Comment after a 500', media: [{ key }], targets: [{ platform: 'linkedin', accountId }] });
    expect(target(post, 'linkedin').firstComment?.status).toBe('published');
    expect((await feedOf('linkedin', name)).filter((entry) => entry.text === 'Comment after a 500')).toHaveLength(1);
    const sent = (await sandboxControl(twin).requests('linkedin')).filter((logged) => logged.account === name && logged.method === 'POST' && logged.route === '/rest/socialActions/{urn}/comments');
    expect(sent).toHaveLength(2);
  });

  it("LinkedIn: no answer to the comment cannot be checked without r_member_social, so it says to look and never comments twice; the post stands", async () => {
    for (const [when, made] of [['before', 0], ['after', 1]] as const) {
      const { user, name, accountId, key } = await oneNetwork('linkedin');
      await sandboxControl(twin).injectFault({ platform: 'linkedin', account: name, method: 'POST', route: '/rest/socialActions/{urn}/comments', dropConnection: when });
      const post = await publish(user, { description: `LinkedIn dropped ${when}`, firstComment: `Dropped ${when}`, media: [{ key }], targets: [{ platform: 'linkedin', accountId }] });

      const linkedin = target(post, 'linkedin');
      expect(linkedin.status, when).toBe('published');
      expect(linkedin.firstComment?.status, when).toBe('failed');
      expect(linkedin.firstComment?.error, when).toMatch(/^LinkedIn cannot tell whether the first comment was created \(LinkedIn does not let OneClick read the post's comments.*check your LinkedIn account/);
      expect((await feedOf('linkedin', name)).filter((entry) => entry.text === `Dropped ${when}`), when).toHaveLength(made);
    }
  });

  it("X's rate limit on the reply ends the comment in words; the post stands and nothing is sent twice", async () => {
    const { user, name, accountId, key } = await oneNetwork('x');
    const reset = String(Math.floor(Date.now() / 1000) + 900);
    await sandboxControl(twin).injectFault({
      platform: 'x',
      account: name,
      method: 'POST',
      path: '/2/tweets',
      skip: 1,
      status: 429,
      headers: { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
    });
    const post = await publish(user, { description: 'Limited', firstComment: 'Not now', media: [{ key }], targets: [{ platform: 'x', accountId }] });

    const x = target(post, 'x');
    expect(x.status).toBe('published');
    expect(x.firstComment?.status).toBe('failed');
    expect(x.firstComment?.error).toMatch(/^The first comment was not posted: X asked us to wait/);
    expect((await feedOf('x', name)).map((entry) => entry.text)).toEqual(['Limited']);
  });

  it("Bluesky's and LinkedIn's rate limits on the comment end it in words; the post stands and nothing is sent twice", async () => {
    const limits = [
      {
        platform: 'bluesky' as const,
        fault: { method: 'POST', hostKey: 'pds', path: '/xrpc/com.atproto.repo.createRecord', skip: 1, headers: { 'ratelimit-limit': '5000', 'ratelimit-remaining': '0', 'ratelimit-reset': String(Math.floor(Date.now() / 1000) + 900) }, body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' } },
        route: '/xrpc/com.atproto.repo.createRecord',
        sent: 2,
      },
      { platform: 'linkedin' as const, fault: { method: 'POST', route: '/rest/socialActions/{urn}/comments', body: { message: 'Resource level throttle limit for calls to this resource is reached.', status: 429 } }, route: '/rest/socialActions/{urn}/comments', sent: 1 },
    ];
    for (const limit of limits) {
      const { user, name, accountId, key } = await oneNetwork(limit.platform);
      await sandboxControl(twin).injectFault({ platform: limit.platform, account: name, status: 429, ...limit.fault });
      const post = await publish(user, { description: `Limited on ${limit.platform}`, firstComment: 'Not now', media: [{ key }], targets: [{ platform: limit.platform, accountId }] });

      const limited = target(post, limit.platform);
      expect(limited.status, limit.platform).toBe('published');
      expect(limited.firstComment?.status, limit.platform).toBe('failed');
      expect(limited.firstComment?.error, limit.platform).toMatch(new RegExp(`^The first comment was not posted: ${capabilities[limit.platform].name} asked us to wait`));
      expect((await feedOf(limit.platform, name)).map((entry) => entry.text), limit.platform).toEqual([`Limited on ${limit.platform}`]);
      // The create calls: the post's (Bluesky's goes through the same route) and the comment's one refused try.
      const sent = (await sandboxControl(twin).requests(limit.platform)).filter((logged) => logged.account === name && logged.method === 'POST' && logged.route === limit.route);
      expect(sent, limit.platform).toHaveLength(limit.sent);
    }
  });
});

/**
 * Instagram (a comment on the media, POST /{ig-media-id}/comments) and YouTube (a top-level
 * comment, commentThreads.insert): once, under the same faults as the others; not tried without
 * the comment permission (a connection made before OneClick asked for it) or where YouTube takes
 * none (made for kids), the post standing with the reason in words.
 */
describe.concurrent('the first comment on Instagram and YouTube', () => {
  type Network = 'instagram' | 'youtube';
  const publicVideo = { privacyStatus: 'public', madeForKids: false };
  const commentCall: Record<Network, { method: string; route: string }> = {
    instagram: { method: 'POST', route: '/{media}/comments' },
    youtube: { method: 'POST', route: '/youtube/v3/commentThreads' },
  };

  /** Connects through OAuth as a browser does; `withoutCommentScope` asks for every scope but the comment's (a connection made before). */
  async function connect(user: TestUser, platform: Network, name: string, withoutCommentScope: boolean) {
    if (!withoutCommentScope) return connectThroughOAuth(twin, user, platform, name);
    const flow = await startFlow(twin, user, platform);
    const authorizeUrl = new URL(flow.authorizationUrl);
    const separator = platform === 'instagram' ? ',' : ' ';
    const scopes = authorizeUrl.searchParams.get('scope')!.split(separator).filter((scope) => scope !== commentRules[platform].scope);
    authorizeUrl.searchParams.set('scope', scopes.join(separator));
    const callbackUrl = await sandboxControl(twin).consent(platform, { authorizeUrl: authorizeUrl.toString(), account: name, displayName: `Sandbox ${name}`, decision: 'allow' });
    const returned = await arriveAtCallback(callbackUrl, flow.cookie);
    const confirmed = await confirmFlow(twin, user, platform, returned.searchParams.get('state')!, flow.cookie);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return undefined;
  }

  async function oneAccount(platform: Network, { withoutCommentScope = false } = {}) {
    const user = await createUser(twin);
    await makeAdmin(twin, user);
    const name = sandboxAccountName(platform);
    await connect(user, platform, name, withoutCommentScope);
    const { body } = await callApi(twin, '/connections', user.idToken);
    const connection = (body as unknown as ConnectionList).connections.find((candidate) => candidate.platform === platform)!;
    const key = platform === 'youtube' ? await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(12) }) : await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    return { user, name, connection, key };
  }

  const postBody = (platform: Network, accountId: string, key: string, description: string, firstComment: string, options: Record<string, unknown> = publicVideo) => ({
    description,
    firstComment,
    media: [{ key }],
    ...(platform === 'youtube' ? { title: description, targets: [{ platform, accountId, options }] } : { targets: [{ platform, accountId }] }),
  });

  const commentCalls = async (platform: Network, name: string) =>
    (await sandboxControl(twin).requests(platform)).filter((logged) => logged.account === name && logged.method === commentCall[platform].method && logged.route === commentCall[platform].route);

  // Each network's own rate-limit answer on the comment call: Graph API code 4, YouTube's rateLimitExceeded.
  const rateLimitAnswers: Record<Network, { status: number; body: unknown }> = {
    instagram: { status: 400, body: { error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } } },
    youtube: { status: 403, body: { error: { code: 403, message: 'Rate limit exceeded.', errors: [{ reason: 'rateLimitExceeded', domain: 'youtube.commentThread' }] } } },
  };
  for (const platform of ['instagram', 'youtube'] as const) {
    it(`${platform}: a rate limit on the comment ends it in words; the post stands and the comment is sent once`, async () => {
      const { user, name, connection, key } = await oneAccount(platform);
      await sandboxControl(twin).injectFault({ platform, account: name, ...commentCall[platform], ...rateLimitAnswers[platform] });
      const post = await publish(user, postBody(platform, connection.platformUserId, key, `Limited on ${platform}`, 'Not now'));

      const limited = target(post, platform);
      expect(limited.status).toBe('published');
      expect(limited.firstComment?.status).toBe('failed');
      expect(limited.firstComment?.error).toMatch(new RegExp(`^The first comment was not posted: ${capabilities[platform].name} asked us to wait`));
      expect((await feedOf(platform, name)).filter((entry) => entry.text === 'Not now')).toHaveLength(0);
      expect(await commentCalls(platform, name)).toHaveLength(1);
    });
  }

  for (const platform of ['instagram', 'youtube'] as const) {
    it(`${platform}: goes under the post once, with its link; the connection shows the comment scope granted`, async () => {
      const { user, name, connection, key } = await oneAccount(platform);
      expect(connection.grantedScopes).toContain(commentRules[platform].scope);
      const post = await publish(user, postBody(platform, connection.platformUserId, key, `Out now on ${platform}`, 'Link in the comments'));

      expect(post.status, JSON.stringify(post.targets)).toBe('published');
      const feed = await feedOf(platform, name);
      const comments = feed.filter((entry) => entry.text === 'Link in the comments');
      expect(comments).toHaveLength(1);
      expect(comments[0]!.replyTo).toBe(target(post, platform).platformPostId);
      // Instagram gives a comment no link of its own (the post's); YouTube's is the watch page with lc=.
      expect(target(post, platform).firstComment).toEqual({ status: 'published', url: platform === 'instagram' ? target(post, platform).postUrl : comments[0]!.url, error: null });
    });

    const faults: Array<[string, { status?: number; body?: unknown; dropConnection?: 'before' | 'after' }, number]> = [
      ['a 500', { status: 500, body: { error: { code: 500, message: 'Internal error' } } }, 2],
      ['a dropped connection before it arrives', { dropConnection: 'before' }, 2],
      ['a lost answer after the platform acted', { dropConnection: 'after' }, 1],
    ];
    for (const [label, fault, sends] of faults) {
      it(`${platform}: ${label} at the comment's call still gives exactly one comment`, async () => {
        const { user, name, connection, key } = await oneAccount(platform);
        await sandboxControl(twin).injectFault({ platform, account: name, ...commentCall[platform], ...fault });
        const post = await publish(user, postBody(platform, connection.platformUserId, key, `Faulted ${label}`, `Comment after ${label}`));

        expect(target(post, platform).status).toBe('published');
        expect(target(post, platform).firstComment?.status, JSON.stringify(target(post, platform).firstComment)).toBe('published');
        expect((await feedOf(platform, name)).filter((entry) => entry.text === `Comment after ${label}`)).toHaveLength(1);
        // The fault hit the comment's call: sent again after an answer that made nothing, never after one that acted (found in the comments).
        expect(await commentCalls(platform, name)).toHaveLength(sends);
      });
    }

    it(`${platform}: a connection made without the comment permission is not asked; the comment says to reconnect, the post stands`, async () => {
      const { user, name, connection, key } = await oneAccount(platform, { withoutCommentScope: true });
      expect(connection.status).toBe('connected');
      expect(connection.grantedScopes).not.toContain(commentRules[platform].scope);
      const post = await publish(user, postBody(platform, connection.platformUserId, key, 'Posted without comments', 'Never asked'));

      const published = target(post, platform);
      expect(published.status).toBe('published');
      expect(published.firstComment?.status).toBe('failed');
      expect(published.firstComment?.error).toMatch(new RegExp(`^The first comment was not posted: reconnect your ${capabilities[platform].name} account to allow comments`));
      expect(await commentCalls(platform, name)).toHaveLength(0);
      expect((await feedOf(platform, name)).map((entry) => entry.text)).toEqual(['Posted without comments']);
    });
  }

  it('youtube: a video made for kids gets no comment: not tried, said in words, the video published', async () => {
    const { user, name, connection, key } = await oneAccount('youtube');
    const post = await publish(user, postBody('youtube', connection.platformUserId, key, 'For the little ones', 'Not for kids', { privacyStatus: 'public', madeForKids: true }));

    const youtube = target(post, 'youtube');
    expect(youtube.status).toBe('published');
    expect(youtube.firstComment).toEqual({ status: 'failed', url: null, error: 'The first comment was not posted: YouTube turns comments off on videos made for kids.' });
    expect(await commentCalls('youtube', name)).toHaveLength(0);
    expect((await feedOf('youtube', name)).map((entry) => entry.text)).toEqual(['For the little ones']);
  });

  it('refuses a comment over YouTube’s limit (10,000 characters, not the description’s bytes) in words', async () => {
    const { user, connection, key } = await oneAccount('youtube');
    const tooLong = await createPost(twin, user, postBody('youtube', connection.platformUserId, key, 'Fine', 'z'.repeat(10_001)));
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('The first comment is too long for YouTube (10001 of 10000).');
  });
});
