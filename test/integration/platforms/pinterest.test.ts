import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import type { AccountCollection, AccountCollections } from '../../../shared/api/collections';
import { callApi, createUser, type TestUser } from '../../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName, sandboxControl } from '../../support/connect';
import { createPost, sampleVideo, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';

/**
 * Pinterest end to end through the API, the PublishPost state machine and the sandbox: a Pin with
 * its title, description, link and alt text on the account's first board, two images as one
 * multi-image Pin, a board that is not the account's refused in words, and the exactly-once rule
 * when the Pin's create answer is lost (Pinterest takes no idempotency key: the look-up reads the
 * board's Pins before anything is sent again).
 */
const twin = inject('twin');
const sandbox = () => sandboxControl(twin);

let user: TestUser;
let name = '';
const accountName = () => name;
let accountId = '';

async function publish(body: Record<string, unknown>): Promise<Post> {
  const created = await createPost(twin, user, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return waitForPost(twin, user, (created.body as unknown as Post).postId);
}

describe('Pinterest through the API (against the sandbox)', () => {
  beforeAll(async () => {
    user = await createUser(twin);
    await makeAdmin(twin, user);
    name = sandboxAccountName('pins');
    const { location } = await connectThroughOAuth(twin, user, 'pinterest', name);
    expect(location.searchParams.get('status')).toBe('connected');
    const { body } = await callApi(twin, '/connections', user.idToken);
    accountId = (body as unknown as ConnectionList).connections.find((item) => item.platform === 'pinterest')!.platformUserId;
  });

  it('publishes an image Pin with its title, description, link and alt text on the first board, linked to the Pin', async () => {
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const text = `A Pin ${Date.now()}`;
    const post = await publish({
      title: 'Spring menu',
      description: text,
      media: [{ key, altText: 'A plate of greens' }],
      targets: [{ platform: 'pinterest', accountId, options: { link: 'https://northwind.example/menu' } }],
    });
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const pins = (await sandbox().feed('pinterest', name)).posts.filter((item) => item.text === text);
    expect(pins).toHaveLength(1);
    expect(pins[0]).toMatchObject({ title: 'Spring menu', settings: { link: 'https://northwind.example/menu', alt_text: 'A plate of greens', board_id: expect.stringMatching(/^\d+$/) } });
    expect(post.targets[0]!.postUrl).toBe(`https://www.pinterest.com/pin/${pins[0]!.id}/`);
  });

  it('publishes two images as one multi-image Pin', async () => {
    const keys = [await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg }), await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg })];
    const text = `Two images ${Date.now()}`;
    const post = await publish({ description: text, media: keys.map((key) => ({ key })), targets: [{ platform: 'pinterest', accountId }] });
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const pins = (await sandbox().feed('pinterest', name)).posts.filter((item) => item.text === text);
    expect(pins.map((pin) => pin.media.length)).toEqual([2]);
  });

  it("refuses a link that is not a web address, and a board that is not the account's, in words", async () => {
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const refused = await createPost(twin, user, { description: 'bad link', media: [{ key }], targets: [{ platform: 'pinterest', accountId, options: { link: 'javascript:alert(1)' } }] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('The Pin link must be a web address starting with https:// or http://.');

    const text = `Not my board ${Date.now()}`;
    const post = await publish({ description: text, media: [{ key }], targets: [{ platform: 'pinterest', accountId, options: { boardId: '123456789' } }] });
    expect(post.targets[0]!.status).toBe('failed');
    expect(post.targets[0]!.error).toMatch(/^Pinterest did not find the board or the Pin \(its error code 3\)/);
    expect((await sandbox().feed('pinterest', name)).posts.filter((item) => item.text === text)).toEqual([]);
  });

  it('lists the account\'s boards, makes one, and publishes a Pin on the board chosen; a stranger gets 404 and no board is made', async () => {
    const path = `/connections/pinterest/${encodeURIComponent(accountId)}/collections`;
    const listed = await callApi(twin, path, user.idToken);
    expect(listed.status).toBe(200);
    expect((listed.body as unknown as AccountCollections).collections[0]).toMatchObject({ name: 'Ideas', secret: false });
    const name = `Recipes ${Date.now()}`;
    const created = await callApi(twin, path, user.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const board = created.body as unknown as AccountCollection;
    expect(board).toMatchObject({ name, secret: false, id: expect.stringMatching(/^\d+$/) });
    expect(((await callApi(twin, path, user.idToken)).body as unknown as AccountCollections).collections.map((item) => item.id)).toContain(board.id);
    const again = await callApi(twin, path, user.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    expect(again.status).toBe(502);
    expect(String(again.body?.['message'])).toContain(`already has a board named “${name}”`);
    const blank = await callApi(twin, path, user.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: '  ' }) });
    expect(blank.status).toBe(400);

    const stranger = await createUser(twin);
    expect((await callApi(twin, path, stranger.idToken)).status).toBe(404);
    expect((await callApi(twin, path, stranger.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Not yours' }) })).status).toBe(404);

    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const text = `On the chosen board ${Date.now()}`;
    const post = await publish({ description: text, media: [{ key }], targets: [{ platform: 'pinterest', accountId, options: { boardId: board.id } }] });
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    expect((await sandbox().feed('pinterest', accountName())).posts.find((item) => item.text === text)?.settings).toMatchObject({ board_id: board.id });
  });

  it("a Pin create whose answer is lost is found on the board by the look-up: one Pin, never a second", async () => {
    const key = await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const count = async (route: string, method: string) => (await sandbox().requests('pinterest')).filter((call) => call.account === name && call.route === route && call.method === method).length;
    const [createsBefore, lookUpsBefore] = [await count('/pins', 'POST'), await count('/boards/{board_id}/pins', 'GET')];
    await sandbox().injectFault({ platform: 'pinterest', account: name, method: 'POST', path: '/pins', dropConnection: 'after' });
    const text = `answer lost ${Date.now()}`;

    const post = await publish({ description: text, media: [{ key }], targets: [{ platform: 'pinterest', accountId }] });

    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const pins = (await sandbox().feed('pinterest', name)).posts.filter((item) => item.text === text);
    expect(pins).toHaveLength(1);
    expect(post.targets[0]!.platformPostId).toBe(pins[0]!.id);
    // One create (its answer lost), then the look-up that found the Pin: never a second create.
    expect(await count('/pins', 'POST')).toBe(createsBefore + 1);
    expect(await count('/boards/{board_id}/pins', 'GET')).toBeGreaterThan(lookUpsBefore);
  });

  it('publishes a video Pin once: the upload registered, the form sent, processing waited for in the status step, then video_id', async () => {
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(10) });
    await sandbox().setProcessing('pinterest', { outcome: 'succeed', reads: 2, account: name });
    const text = `A video Pin ${Date.now()}`;
    const post = await publish({ title: 'Cooking', description: text, media: [{ key }], targets: [{ platform: 'pinterest', accountId }] });
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const pins = (await sandbox().feed('pinterest', name)).posts.filter((item) => item.text === text);
    expect(pins).toHaveLength(1);
    expect(pins[0]!.media).toEqual([expect.objectContaining({ contentType: 'video/mp4' })]);
    expect(post.targets[0]!.postUrl).toBe(`https://www.pinterest.com/pin/${pins[0]!.id}/`);
    const calls = (await sandbox().requests('pinterest')).filter((call) => call.account === name && call.route === '/media/{media_id}');
    expect(calls.length).toBeGreaterThanOrEqual(3);
  });

  it('a video Pin whose create answer is lost is found by the look-up: one Pin; a video Pinterest cannot process fails in words', async () => {
    const key = await uploadMedia(twin, user.userId, { kind: 'video', body: sampleVideo(10) });
    const creates = async () => (await sandbox().requests('pinterest')).filter((call) => call.account === name && call.route === '/pins' && call.method === 'POST').length;
    const before = await creates();
    await sandbox().injectFault({ platform: 'pinterest', account: name, method: 'POST', path: '/pins', dropConnection: 'after' });
    const text = `video answer lost ${Date.now()}`;
    const post = await publish({ description: text, media: [{ key }], targets: [{ platform: 'pinterest', accountId }] });
    expect(post.status, JSON.stringify(post.targets)).toBe('published');
    const pins = (await sandbox().feed('pinterest', name)).posts.filter((item) => item.text === text);
    expect(pins).toHaveLength(1);
    expect(post.targets[0]!.platformPostId).toBe(pins[0]!.id);
    expect(await creates()).toBe(before + 1);

    await sandbox().setProcessing('pinterest', { outcome: 'fail', reads: 0, reason: 'bad video', account: name });
    const failing = `video failed ${Date.now()}`;
    const failed = await publish({ description: failing, media: [{ key }], targets: [{ platform: 'pinterest', accountId }] });
    expect(failed.targets[0]!.status).toBe('failed');
    expect(failed.targets[0]!.error).toContain('Pinterest could not process the video');
    expect((await sandbox().feed('pinterest', name)).posts.filter((item) => item.text === failing)).toEqual([]);
  });
});
