import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { threadsUserId } from '../../../infra/local/sandbox/threads/identity';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { allow, clients, DAY, formPost, HOUR, jsonOf, redirectUri, startFileServer, startTestSandbox, testBytes, urlWith, type TestClock } from './harness';

const client = clients.threads;
const allScopes = 'threads_basic,threads_content_publish,threads_manage_replies,threads_read_replies,threads_manage_insights';

let sandbox: Sandbox;
let clock: TestClock;
let files: Awaited<ReturnType<typeof startFileServer>>;

beforeAll(async () => {
  ({ sandbox, clock } = await startTestSandbox());
  files = await startFileServer();
  files.put('/photo.jpg', testBytes(2048, 'jpeg'), 'image/jpeg');
  files.put('/photo.png', testBytes(2048, 'png'), 'image/png');
  files.put('/anim.gif', Buffer.concat([Buffer.from('GIF89a'), testBytes(512)]), 'image/gif');
  files.put('/clip.mp4', testBytes(8192, 'mp4'), 'video/mp4');
});
afterAll(async () => {
  await sandbox.stop();
  await files.stop();
});
beforeEach(() => sandbox.control.reset());

const user = threadsUserId('sandbox-user');
const graphUrl = (path: string, params: Record<string, string> = {}, version = '/v1.0') => urlWith(`${sandbox.hostUrl('threads', 'graph')}${version}${path}`, params);
const get = (token: string, path: string, params: Record<string, string> = {}) => fetch(graphUrl(path, params), { headers: { authorization: `Bearer ${token}` } });
const post = (token: string, path: string, fields: Record<string, string>) => fetch(graphUrl(path), formPost({ ...fields, access_token: token }));
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: number; error_subcode?: number; message: string; type: string } }).error;

function authorizeUrl(scope = allScopes): string {
  return urlWith(`${sandbox.hostUrl('threads', 'www')}/oauth/authorize`, { client_id: client.clientId, redirect_uri: redirectUri, scope, response_type: 'code', state: 'th-state' });
}

function exchangeCode(code: string, overrides: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sandbox.hostUrl('threads', 'graph')}/oauth/access_token`, formPost({ client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code, ...overrides }));
}

const longLived = (token: string, secret = client.clientSecret) =>
  fetch(urlWith(`${sandbox.hostUrl('threads', 'graph')}/access_token`, { grant_type: 'th_exchange_token', client_secret: secret, access_token: token }));
const refresh = (token: string) => fetch(urlWith(`${sandbox.hostUrl('threads', 'graph')}/refresh_access_token`, { grant_type: 'th_refresh_token', access_token: token }));

async function connect(scope = allScopes, account = 'sandbox-user'): Promise<string> {
  const { code } = await allow(sandbox, 'threads', authorizeUrl(scope), account);
  const short = (await jsonOf(await exchangeCode(code)))['access_token'] as string;
  const long = await longLived(short);
  expect(long.status).toBe(200);
  return (await jsonOf(long))['access_token'] as string;
}

async function container(token: string, fields: Record<string, string>): Promise<string> {
  const response = await post(token, `/${user}/threads`, fields);
  const body = await jsonOf(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body['id'] as string;
}
const statusOf = async (token: string, id: string) => (await jsonOf(await get(token, `/${id}`, { fields: 'status,error_message' }))) as { status: string; error_message?: string };

async function published(token: string, fields: Record<string, string>): Promise<string> {
  const id = await container(token, fields);
  while ((await statusOf(token, id)).status === 'IN_PROGRESS');
  const response = await post(token, `/${user}/threads_publish`, { creation_id: id });
  expect(response.status).toBe(200);
  return (await jsonOf(response))['id'] as string;
}

describe('Threads sandbox: authorization and tokens', () => {
  it('issues a short-lived token (1 hour) with the user id, exchanges it once for a 60-day one, and answers /me', async () => {
    const { code, location } = await allow(sandbox, 'threads', authorizeUrl());
    expect(location.hash).toBe('#_');
    expect(location.searchParams.get('state')).toBe('th-state');
    const short = await jsonOf(await exchangeCode(code));
    expect(short['user_id']).toBe(user);
    const long = await jsonOf(await longLived(short['access_token'] as string));
    expect(long).toMatchObject({ token_type: 'bearer', expires_in: 5_184_000 });
    // A long-lived token is not exchanged again.
    expect((await errorOf(await longLived(long['access_token'] as string))).code).toBe(100);
    const me = await get(long['access_token'] as string, '/me', { fields: 'id,username,name,threads_profile_picture_url' });
    expect(await jsonOf(me)).toMatchObject({ id: user, username: 'sandbox_user', threads_profile_picture_url: expect.stringContaining('/_avatar/') });
    expect((await errorOf(await get(long['access_token'] as string, '/me', { fields: 'id,followers' }))).message).toMatch(/nonexisting field \(followers\)/);
  });

  it('refuses a used code, a wrong secret and a wrong redirect in the Graph error shape', async () => {
    const { code } = await allow(sandbox, 'threads', authorizeUrl());
    expect((await exchangeCode(code, { redirect_uri: 'https://elsewhere.example/cb' })).status).toBe(400);
    const { code: fresh } = await allow(sandbox, 'threads', authorizeUrl());
    expect((await errorOf(await exchangeCode(fresh, { client_secret: 'wrong' }))).code).toBe(101);
    const { code: once } = await allow(sandbox, 'threads', authorizeUrl());
    expect((await exchangeCode(once)).status).toBe(200);
    const reused = await errorOf(await exchangeCode(once));
    expect(reused).toMatchObject({ code: 100, type: 'OAuthException' });
  });

  it('refreshes a long-lived token only once it is 24 hours old and before it expires; an expired one is 190/463', async () => {
    const token = await connect();
    expect((await errorOf(await refresh(token))).message).toMatch(/at least 24 hours old/);
    clock.advance(DAY + HOUR);
    const refreshed = await refresh(token);
    expect(refreshed.status).toBe(200);
    const next = (await jsonOf(refreshed))['access_token'] as string;
    clock.advance(61 * DAY);
    expect(await errorOf(await refresh(next))).toMatchObject({ code: 190, error_subcode: 463 });
    expect((await get(next, '/me', { fields: 'id' })).status).toBe(400);
  });
});

describe('Threads sandbox: publishing', () => {
  it('publishes an image: IN_PROGRESS → FINISHED → threads_publish → PUBLISHED, once, with its settings in the feed', async () => {
    const token = await connect();
    const id = await container(token, { media_type: 'IMAGE', image_url: files.url('/photo.jpg'), text: 'Hello', alt_text: 'A cat', reply_control: 'mentioned_only', topic_tag: 'Cats' });
    expect(await statusOf(token, id)).toMatchObject({ status: 'IN_PROGRESS' });
    expect(await statusOf(token, id)).toMatchObject({ status: 'FINISHED' });
    const media = (await jsonOf(await post(token, `/${user}/threads_publish`, { creation_id: id })))['id'] as string;
    expect(await statusOf(token, id)).toMatchObject({ status: 'PUBLISHED' });
    expect((await post(token, `/${user}/threads_publish`, { creation_id: id })).status).toBe(400);
    const view = await jsonOf(await get(token, `/${media}`, { fields: 'id,permalink,text,media_type,topic_tag,reply_audience' }));
    expect(view).toMatchObject({ id: media, text: 'Hello', media_type: 'IMAGE', topic_tag: 'Cats', reply_audience: 'MENTIONED_ONLY', permalink: expect.stringMatching(/^https:\/\/www\.threads\.net\/@sandbox_user\/post\//) });
    const feed = await sandbox.control.feed('threads', 'sandbox-user');
    expect(feed.posts).toHaveLength(1);
    expect(feed.posts[0]).toMatchObject({ id: media, text: 'Hello', settings: { reply_control: 'mentioned_only', topic_tag: 'Cats', alts: ['A cat'] }, media: [{ contentType: 'image/jpeg' }] });
  });

  it('refuses a text over 500 (an emoji counting its bytes), a GIF, a bad topic and an unknown reply control', async () => {
    const token = await connect();
    expect((await post(token, `/${user}/threads`, { media_type: 'TEXT', text: 'a'.repeat(497) + '😀' })).status).toBe(400);
    expect((await post(token, `/${user}/threads`, { media_type: 'TEXT', text: 'a'.repeat(496) + '😀' })).status).toBe(200);
    expect((await errorOf(await post(token, `/${user}/threads`, { media_type: 'IMAGE', image_url: files.url('/anim.gif') }))).message).toMatch(/JPEG or PNG/);
    expect((await post(token, `/${user}/threads`, { media_type: 'IMAGE', image_url: files.url('/photo.png') })).status).toBe(200);
    expect((await post(token, `/${user}/threads`, { media_type: 'TEXT', text: 'x', topic_tag: 'R&D' })).status).toBe(400);
    expect((await post(token, `/${user}/threads`, { media_type: 'TEXT', text: 'x', reply_control: 'nobody' })).status).toBe(400);
  });

  it('publishes a carousel of 2 to 20 FINISHED items as one post, refusing an item on its own', async () => {
    const token = await connect();
    const items = [await container(token, { media_type: 'IMAGE', image_url: files.url('/photo.jpg'), is_carousel_item: 'true' }), await container(token, { media_type: 'VIDEO', video_url: files.url('/clip.mp4'), is_carousel_item: 'true' })];
    expect((await errorOf(await post(token, `/${user}/threads`, { media_type: 'CAROUSEL', children: items.join(',') }))).message).toMatch(/not FINISHED/);
    for (const item of items) while ((await statusOf(token, item)).status === 'IN_PROGRESS');
    expect((await post(token, `/${user}/threads_publish`, { creation_id: items[0]! })).status).toBe(400);
    expect((await post(token, `/${user}/threads`, { media_type: 'CAROUSEL', children: items[0]! })).status).toBe(400);
    const media = await published(token, { media_type: 'CAROUSEL', children: items.join(','), text: 'Album' });
    const feed = await sandbox.control.feed('threads', 'sandbox-user');
    expect(feed.posts.map((entry) => [entry.id, entry.media.length])).toEqual([[media, 2]]);
  });

  it('puts a video that cannot be fetched in ERROR with FAILED_DOWNLOADING_VIDEO, and a failed processing with its reason', async () => {
    const token = await connect();
    const missing = await container(token, { media_type: 'VIDEO', video_url: files.url('/missing.mp4') });
    expect(await statusOf(token, missing)).toMatchObject({ status: 'ERROR', error_message: 'FAILED_DOWNLOADING_VIDEO' });
    await sandbox.control.setProcessing('threads', { outcome: 'fail', reason: 'INVALID_BIT_RATE' });
    const failing = await container(token, { media_type: 'VIDEO', video_url: files.url('/clip.mp4') });
    await statusOf(token, failing);
    expect(await statusOf(token, failing)).toMatchObject({ status: 'ERROR', error_message: 'INVALID_BIT_RATE' });
  });

  it('expires a container not published within 24 hours', async () => {
    const token = await connect();
    const id = await container(token, { media_type: 'TEXT', text: 'Later' });
    clock.advance(DAY);
    expect(await statusOf(token, id)).toMatchObject({ status: 'EXPIRED' });
    expect((await post(token, `/${user}/threads_publish`, { creation_id: id })).status).toBe(400);
  });

  it('counts posts and replies apart in threads_publishing_limit and refuses past the quota with code 4', async () => {
    const token = await connect();
    await sandbox.control.setLimit('threads', 'postsPer24h', 1);
    const root = await published(token, { media_type: 'TEXT', text: 'One' });
    await published(token, { media_type: 'TEXT', text: 'Reply', reply_to_id: root });
    const limit = await jsonOf(await get(token, `/${user}/threads_publishing_limit`, { fields: 'quota_usage,config,reply_quota_usage,reply_config' }));
    expect(limit['data']).toEqual([{ quota_usage: 1, config: { quota_total: 1, quota_duration: 86400 }, reply_quota_usage: 1, reply_config: { quota_total: 1000, quota_duration: 86400 } }]);
    const second = await container(token, { media_type: 'TEXT', text: 'Two' });
    expect(await errorOf(await post(token, `/${user}/threads_publish`, { creation_id: second }))).toMatchObject({ code: 4 });
    clock.advance(DAY);
    expect((await jsonOf(await get(token, `/${user}/threads_publishing_limit`, { fields: 'quota_usage' })))['data']).toEqual([{ quota_usage: 0 }]);
  });

  it('answers replies only under the account’s own conversations, with threads_manage_replies, and lists posts and replies apart', async () => {
    const token = await connect();
    const root = await published(token, { media_type: 'TEXT', text: 'Root' });
    const reply = await published(token, { media_type: 'TEXT', text: 'Second', reply_to_id: root });
    const posts = await jsonOf(await get(token, `/${user}/threads`, { fields: 'id,text' }));
    expect(posts['data']).toEqual([{ id: root, text: 'Root' }]);
    const replies = await jsonOf(await get(token, `/${user}/replies`, { fields: 'id,text,replied_to' }));
    expect(replies['data']).toEqual([{ id: reply, text: 'Second', replied_to: { id: root } }]);

    const other = await connect(allScopes, 'someone-else');
    expect((await errorOf(await fetch(graphUrl('/me/threads'), formPost({ media_type: 'TEXT', text: 'Hi', reply_to_id: root, access_token: other })))).code).toBe(10);
    const noReplies = await connect('threads_basic,threads_content_publish');
    expect((await errorOf(await post(noReplies, `/${user}/threads`, { media_type: 'TEXT', text: 'x', reply_to_id: root }))).code).toBe(10);
    expect((await errorOf(await get(noReplies, `/${user}/replies`, { fields: 'id' }))).code).toBe(10);
  });

  it('answers insights for the account’s own posts with threads_manage_insights', async () => {
    const token = await connect();
    const media = await published(token, { media_type: 'TEXT', text: 'Numbers' });
    clock.advance(DAY);
    const answer = await jsonOf(await get(token, `/${media}/insights`, { metric: 'views,likes,replies,reposts,quotes' }));
    const data = answer['data'] as Array<{ name: string; values: Array<{ value: number }> }>;
    expect(data.map((entry) => entry.name)).toEqual(['views', 'likes', 'replies', 'reposts', 'quotes']);
    expect(data.every((entry) => Number.isInteger(entry.values[0]!.value))).toBe(true);
    expect((await get(token, `/${media}/insights`, { metric: 'saves' })).status).toBe(400);
    const withoutInsights = await connect('threads_basic,threads_content_publish');
    expect((await errorOf(await get(withoutInsights, `/${media}/insights`, { metric: 'views' }))).code).toBe(10);
  });
});
