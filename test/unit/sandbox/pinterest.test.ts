import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { accessTokenFor, allow, basicAuth, clients, DAY, formPost, jsonOf, publishingScopes, redirectUri, startFileServer, startTestSandbox, testBytes, urlWith, type TestClock } from './harness';

let sandbox: Sandbox;
let clock: TestClock;
let files: Awaited<ReturnType<typeof startFileServer>>;

beforeAll(async () => {
  ({ sandbox, clock } = await startTestSandbox());
  files = await startFileServer();
  files.put('/photo.jpg', testBytes(2048, 'jpeg'), 'image/jpeg');
  files.put('/photo.png', testBytes(2048, 'png'), 'image/png');
  files.put('/anim.gif', Buffer.concat([Buffer.from('GIF89a'), testBytes(512)]), 'image/gif');
});
afterAll(async () => {
  await sandbox.stop();
  await files.stop();
});
beforeEach(async () => {
  await sandbox.control.reset();
});

const api = (path: string) => `${sandbox.hostUrl('pinterest', 'api')}/v5${path}`;
const get = (token: string, path: string) => fetch(api(path), { headers: { authorization: `Bearer ${token}` } });
const postJson = (token: string, path: string, body: unknown) => fetch(api(path), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const tokenCall = (fields: Record<string, string>, client = clients.pinterest) => fetch(api('/oauth/token'), formPost(fields, { authorization: basicAuth(client) }));
const authorizeUrl = (scope = publishingScopes.pinterest) =>
  urlWith(`${sandbox.hostUrl('pinterest', 'www')}/oauth/`, { client_id: clients.pinterest.clientId, redirect_uri: redirectUri, response_type: 'code', scope, state: 'pin-state' });

async function firstBoard(token: string): Promise<string> {
  const boards = (await jsonOf(await get(token, '/boards'))) as { items: Array<{ id: string }> };
  return boards.items[0]!.id;
}

describe('the Pinterest sandbox: OAuth with continuous refresh tokens', () => {
  it('exchanges a code with HTTP Basic for a 30-day access token and a 60-day refresh token, and answers /v5/user_account', async () => {
    const { code, location } = await allow(sandbox, 'pinterest', authorizeUrl(), 'ada', 'Ada Bakes');
    expect(location.searchParams.get('state')).toBe('pin-state');
    const granted = await jsonOf(await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }));
    expect(granted).toMatchObject({ response_type: 'authorization_code', token_type: 'bearer', expires_in: 2_592_000, refresh_token_expires_in: 5_184_000, scope: 'user_accounts:read boards:read boards:write pins:read pins:write' });
    expect(String(granted['access_token'])).toMatch(/^pina_/);
    expect(String(granted['refresh_token'])).toMatch(/^pinr_/);
    const me = await jsonOf(await get(String(granted['access_token']), '/user_account'));
    expect(me).toMatchObject({ id: expect.stringMatching(/^\d{18}$/), username: 'ada', business_name: 'Ada Bakes', account_type: 'BUSINESS' });
  });

  it('refuses a wrong secret (401 code 2), a used code and a scope list with spaces, in its {code, message} shape', async () => {
    const { code } = await allow(sandbox, 'pinterest', authorizeUrl(), 'ada');
    const wrong = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }, { ...clients.pinterest, clientSecret: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await jsonOf(wrong)).toEqual({ code: 2, message: 'Authentication failed.' });
    const { code: once } = await allow(sandbox, 'pinterest', authorizeUrl(), 'ada');
    expect((await tokenCall({ grant_type: 'authorization_code', code: once, redirect_uri: redirectUri })).status).toBe(200);
    const reused = await tokenCall({ grant_type: 'authorization_code', code: once, redirect_uri: redirectUri });
    expect(reused.status).toBe(400);
    expect(await jsonOf(reused)).toMatchObject({ code: 1 });
    await expect(sandbox.control.consent('pinterest', { authorizeUrl: authorizeUrl('pins:read pins:write'), account: 'ada', decision: 'allow' })).rejects.toThrow(/comma-separated/);
  });

  it('rotates the refresh token on every refresh (the old one dies) and expires access tokens after 30 days', async () => {
    const { code } = await allow(sandbox, 'pinterest', authorizeUrl(), 'ada');
    const first = await jsonOf(await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }));
    clock.advance(31 * DAY);
    expect((await get(String(first['access_token']), '/user_account')).status).toBe(401);
    const refreshed = await jsonOf(await tokenCall({ grant_type: 'refresh_token', refresh_token: String(first['refresh_token']) }));
    expect(refreshed).toMatchObject({ response_type: 'refresh_token', expires_in: 2_592_000 });
    expect(refreshed['refresh_token']).not.toBe(first['refresh_token']);
    expect((await get(String(refreshed['access_token']), '/user_account')).status).toBe(200);
    const stale = await tokenCall({ grant_type: 'refresh_token', refresh_token: String(first['refresh_token']) });
    expect(stale.status).toBe(400);
  });
});

describe('the Pinterest sandbox: boards, Pins, the look-up list, analytics and limits', () => {
  it('lists the account\'s first board, creates a board, and refuses the same name twice', async () => {
    const token = await accessTokenFor(sandbox, 'pinterest', 'ada');
    const boards = (await jsonOf(await get(token, '/boards'))) as { items: Array<{ id: string; name: string }> };
    expect(boards.items.map((board) => board.name)).toEqual(['Ideas']);
    const created = await postJson(token, '/boards', { name: 'Recipes', privacy: 'SECRET' });
    expect(created.status).toBe(201);
    expect(await jsonOf(created)).toMatchObject({ id: expect.stringMatching(/^\d+$/), name: 'Recipes', privacy: 'SECRET' });
    expect(((await jsonOf(await get(token, '/boards'))) as { items: unknown[] }).items).toHaveLength(2);
    expect((await postJson(token, '/boards', { name: 'recipes' })).status).toBe(409);
    expect(await jsonOf(await postJson(token, '/boards', { privacy: 'PUBLIC' }))).toEqual({ code: 1, message: 'name is required.' });
  });

  it('creates an image Pin from its URL with title, description, link and alt text, shown once in the feed', async () => {
    const token = await accessTokenFor(sandbox, 'pinterest', 'ada');
    const board = await firstBoard(token);
    const response = await postJson(token, '/pins', {
      board_id: board,
      title: 'Spring menu',
      description: 'Fresh dishes',
      link: 'https://northwind.example/menu',
      alt_text: 'A plate of greens',
      media_source: { source_type: 'image_url', url: files.url('/photo.jpg') },
    });
    expect(response.status).toBe(201);
    const pin = await jsonOf(response);
    expect(pin).toMatchObject({ board_id: board, title: 'Spring menu', description: 'Fresh dishes', link: 'https://northwind.example/menu', alt_text: 'A plate of greens', media: { media_type: 'image' } });
    const feed = (await sandbox.control.feed('pinterest', 'ada')).posts;
    expect(feed).toHaveLength(1);
    expect(feed[0]).toMatchObject({ id: pin['id'], title: 'Spring menu', text: 'Fresh dishes', media: [{ contentType: 'image/jpeg' }], settings: { board_id: board, link: 'https://northwind.example/menu', alt_text: 'A plate of greens' } });
  });

  it('creates a multi-image Pin from 2 to 5 images and refuses 1 or 6', async () => {
    const token = await accessTokenFor(sandbox, 'pinterest', 'ada');
    const board = await firstBoard(token);
    const items = (count: number) => Array.from({ length: count }, () => ({ url: files.url('/photo.png') }));
    const made = await postJson(token, '/pins', { board_id: board, description: 'Two', media_source: { source_type: 'multiple_image_urls', items: items(2) } });
    expect(made.status).toBe(201);
    expect(await jsonOf(made)).toMatchObject({ media: { media_type: 'multiple_images' } });
    expect((await sandbox.control.feed('pinterest', 'ada')).posts[0]!.media).toHaveLength(2);
    for (const count of [1, 6]) {
      expect(await jsonOf(await postJson(token, '/pins', { board_id: board, media_source: { source_type: 'multiple_image_urls', items: items(count) } }))).toEqual({ code: 1, message: 'media_source.items must hold 2 to 5 images.' });
    }
  });

  it("refuses another account's board (404), a long description, a link that is not http(s), a GIF, a missing scope: nothing in the feed", async () => {
    const token = await accessTokenFor(sandbox, 'pinterest', 'ada');
    const other = await accessTokenFor(sandbox, 'pinterest', 'bob');
    const board = await firstBoard(token);
    const image = { source_type: 'image_url', url: files.url('/photo.jpg') };
    const notMine = await postJson(other, '/pins', { board_id: board, media_source: image });
    expect(notMine.status).toBe(404);
    expect(await jsonOf(notMine)).toEqual({ code: 3, message: 'Board not found.' });
    expect(await jsonOf(await postJson(token, '/pins', { board_id: board, description: 'd'.repeat(801), media_source: image }))).toEqual({ code: 1, message: 'description can be at most 800 characters.' });
    expect(await jsonOf(await postJson(token, '/pins', { board_id: board, link: 'ftp://files.example/a', media_source: image }))).toEqual({ code: 1, message: 'link must be an http or https URL.' });
    expect(await jsonOf(await postJson(token, '/pins', { board_id: board, media_source: { source_type: 'image_url', url: files.url('/anim.gif') } }))).toEqual({ code: 1, message: 'The image format is not supported: use JPEG, PNG or WebP.' });
    const readOnly = await accessTokenFor(sandbox, 'pinterest', 'carol', 'user_accounts:read,boards:read,pins:read');
    const refused = await postJson(readOnly, '/pins', { board_id: await firstBoard(readOnly), media_source: image });
    expect(refused.status).toBe(403);
    expect(await jsonOf(refused)).toMatchObject({ code: 29 });
    expect((await sandbox.control.feed('pinterest', 'ada')).posts).toEqual([]);
  });

  it("lists a board's Pins newest first (the look-up after a lost answer), and answers a Pin's analytics", async () => {
    const token = await accessTokenFor(sandbox, 'pinterest', 'ada');
    const board = await firstBoard(token);
    const ids: string[] = [];
    for (const text of ['first', 'second']) {
      ids.push(String((await jsonOf(await postJson(token, '/pins', { board_id: board, description: text, media_source: { source_type: 'image_url', url: files.url('/photo.jpg') } })))['id']));
      clock.advance(1000);
    }
    const listed = (await jsonOf(await get(token, `/boards/${board}/pins?page_size=10`))) as { items: Array<{ id: string; description: string; created_at: string }> };
    expect(listed.items.map((pin) => pin.description)).toEqual(['second', 'first']);
    expect(listed.items[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect((await get(token, `/boards/${board}/pins?page_size=500`)).status).toBe(400);

    clock.advance(DAY);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const analytics = await jsonOf(await get(token, `/pins/${ids[0]}/analytics?start_date=${day(clock.now() - 10 * DAY)}&end_date=${day(clock.now())}&metric_types=IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK,VIDEO_MRC_VIEW`));
    expect(analytics['all']).toMatchObject({ summary_metrics: { IMPRESSION: expect.any(Number), SAVE: expect.any(Number), PIN_CLICK: expect.any(Number), OUTBOUND_CLICK: expect.any(Number) } });
    // An image Pin reports no video numbers.
    expect(Object.keys((analytics['all'] as { summary_metrics: object }).summary_metrics)).not.toContain('VIDEO_MRC_VIEW');
    expect((await get(token, `/pins/${ids[0]}/analytics?start_date=${day(clock.now() - 100 * DAY)}&end_date=${day(clock.now())}&metric_types=IMPRESSION`)).status).toBe(400);
    expect((await get(token, `/pins/${ids[0]}/analytics?start_date=${day(clock.now())}&end_date=${day(clock.now())}&metric_types=LIKES`)).status).toBe(400);
    const other = await accessTokenFor(sandbox, 'pinterest', 'bob');
    expect((await get(other, `/pins/${ids[0]}/analytics?start_date=${day(clock.now())}&end_date=${day(clock.now())}&metric_types=IMPRESSION`)).status).toBe(404);
  });

  it('answers 429 code 8 with X-RateLimit headers once the per-minute Pin limit is used, until the minute frees up', async () => {
    const token = await accessTokenFor(sandbox, 'pinterest', 'ada');
    const board = await firstBoard(token);
    await sandbox.control.setLimit('pinterest', 'pinsPerMinute', 1);
    const pin = () => postJson(token, '/pins', { board_id: board, media_source: { source_type: 'image_url', url: files.url('/photo.jpg') } });
    expect((await pin()).status).toBe(201);
    const limited = await pin();
    expect(limited.status).toBe(429);
    expect(await jsonOf(limited)).toMatchObject({ code: 8 });
    expect(limited.headers.get('x-ratelimit-limit')).toBe('1');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    clock.advance(60_000);
    expect((await pin()).status).toBe(201);
  });

  it('takes faults at its calls: a create dropped after acting makes the Pin, which the board list then shows', async () => {
    const token = await accessTokenFor(sandbox, 'pinterest', 'ada');
    const board = await firstBoard(token);
    await sandbox.control.injectFault({ platform: 'pinterest', method: 'POST', path: '/pins', dropConnection: 'after' });
    await expect(postJson(token, '/pins', { board_id: board, description: 'lost', media_source: { source_type: 'image_url', url: files.url('/photo.jpg') } })).rejects.toThrow();
    const listed = (await jsonOf(await get(token, `/boards/${board}/pins`))) as { items: Array<{ description: string }> };
    expect(listed.items.map((pin) => pin.description)).toEqual(['lost']);
    await sandbox.control.injectFault({ platform: 'pinterest', method: 'GET', route: '/boards/{board_id}/pins', status: 500, body: { code: 0, message: 'fault' } });
    expect((await get(token, `/boards/${board}/pins`)).status).toBe(500);
  });
});

describe('the Pinterest sandbox: video uploads (POST /v5/media, the S3 form, GET /v5/media/{id}) and video Pins', () => {
  const video = testBytes(4096, 'mp4');

  async function register(token: string) {
    const answer = await postJson(token, '/media', { media_type: 'video' });
    expect(answer.status).toBe(201);
    return (await jsonOf(answer)) as { media_id: string; media_type: string; upload_url: string; upload_parameters: Record<string, string> };
  }

  function upload(registered: { upload_url: string; upload_parameters: Record<string, string> }, change: (form: FormData) => void = () => undefined, bytes: Buffer = video) {
    const form = new FormData();
    for (const [name, value] of Object.entries(registered.upload_parameters)) form.append(name, value);
    change(form);
    if (!form.has('file')) form.append('file', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'video.mp4');
    return fetch(registered.upload_url, { method: 'POST', body: form });
  }

  const status = async (token: string, id: string) => ((await jsonOf(await get(token, `/media/${id}`))) as { status: string }).status;
  const videoPin = (token: string, board: string, mediaId: string, description = 'a video Pin') =>
    postJson(token, '/pins', { board_id: board, description, media_source: { source_type: 'video_id', media_id: mediaId, cover_image_key_frame_time: 1 } });

  it('registers an upload, takes the form with every field, goes registered → processing → succeeded, and makes one video Pin of it', async () => {
    const token = await accessTokenFor(sandbox, 'pinterest', 'ada');
    const board = await firstBoard(token);
    const registered = await register(token);
    expect(registered).toMatchObject({ media_id: expect.stringMatching(/^\d+$/), media_type: 'video' });
    expect(Object.keys(registered.upload_parameters)).toEqual(expect.arrayContaining(['key', 'policy', 'x-amz-signature', 'x-amz-credential', 'x-amz-algorithm', 'x-amz-date', 'x-amz-security-token', 'Content-Type']));
    expect(await status(token, registered.media_id)).toBe('registered');
    expect((await videoPin(token, board, registered.media_id)).status).toBe(400);
    expect((await upload(registered)).status).toBe(204);
    expect(await status(token, registered.media_id)).toBe('processing');
    expect(await status(token, registered.media_id)).toBe('succeeded');
    const pin = await videoPin(token, board, registered.media_id);
    expect(pin.status).toBe(201);
    expect(await jsonOf(pin)).toMatchObject({ description: 'a video Pin', media: { media_type: 'video' } });
    expect((await sandbox.control.feed('pinterest', 'ada')).posts.map((entry) => entry.media[0])).toEqual([expect.objectContaining({ contentType: 'video/mp4', size: video.byteLength })]);
    const pinId = String(((await jsonOf(await get(token, `/boards/${board}/pins`))) as { items: Array<{ id: string }> }).items[0]!.id);
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const numbers = (await jsonOf(await get(token, `/pins/${pinId}/analytics?start_date=${today}&end_date=${today}&metric_types=IMPRESSION,VIDEO_MRC_VIEW,VIDEO_START`))) as { all: { summary_metrics: Record<string, number> } };
    expect(numbers.all.summary_metrics).toEqual({ IMPRESSION: expect.any(Number), VIDEO_MRC_VIEW: expect.any(Number), VIDEO_START: expect.any(Number) });
    // The upload made its one Pin.
    expect((await videoPin(token, board, registered.media_id)).status).toBe(400);
    expect((await sandbox.control.feed('pinterest', 'ada')).posts).toHaveLength(1);
  });

  it("refuses a form with a changed or missing field (S3's 403 XML), a form without the file, a Pin without a cover, another account's upload, and says failed when processing fails", async () => {
    const token = await accessTokenFor(sandbox, 'pinterest', 'ada');
    const other = await accessTokenFor(sandbox, 'pinterest', 'bob');
    const board = await firstBoard(token);
    const registered = await register(token);
    const changed = await upload(registered, (form) => form.set('x-amz-signature', 'forged'));
    expect(changed.status).toBe(403);
    expect(await changed.text()).toContain('<Code>AccessDenied</Code>');
    expect((await upload(registered, (form) => form.delete('policy'))).status).toBe(403);
    const noFile = await fetch(registered.upload_url, { method: 'POST', body: (() => { const form = new FormData(); for (const [name, value] of Object.entries(registered.upload_parameters)) form.append(name, value); return form; })() });
    expect(noFile.status).toBe(400);
    expect(await status(token, registered.media_id)).toBe('registered');
    expect((await postJson(token, '/media', { media_type: 'image' })).status).toBe(400);
    expect((await get(other, `/media/${registered.media_id}`)).status).toBe(404);
    expect((await upload(registered)).status).toBe(204);
    await status(token, registered.media_id);
    expect(await status(token, registered.media_id)).toBe('succeeded');
    expect((await postJson(token, '/pins', { board_id: board, description: 'no cover', media_source: { source_type: 'video_id', media_id: registered.media_id } })).status).toBe(400);
    expect((await videoPin(other, await firstBoard(other), registered.media_id)).status).toBe(404);
    await sandbox.control.setProcessing('pinterest', { outcome: 'fail', reads: 0, reason: 'bad video' });
    const failing = await register(token);
    expect((await upload(failing)).status).toBe(204);
    expect(await status(token, failing.media_id)).toBe('failed');
    expect((await videoPin(token, board, failing.media_id)).status).toBe(400);
    expect((await sandbox.control.feed('pinterest', 'ada')).posts).toHaveLength(0);
  });

  it('takes faults at the new calls: a registration, an upload and a status read (500, 429, dropped before and after)', async () => {
    const token = await accessTokenFor(sandbox, 'pinterest', 'ada');
    await sandbox.control.injectFault({ platform: 'pinterest', method: 'POST', path: '/media', status: 429, body: { code: 8, message: 'limit' }, headers: { 'x-ratelimit-reset': '1' } });
    expect((await postJson(token, '/media', { media_type: 'video' })).status).toBe(429);
    const registered = await register(token);
    await sandbox.control.injectFault({ platform: 'pinterest', method: 'POST', hostKey: 'upload', path: '/', dropConnection: 'after' });
    await expect(upload(registered)).rejects.toThrow();
    // Dropped after S3 stored it: the upload happened, and sending it again is fine.
    expect(await status(token, registered.media_id)).toBe('processing');
    expect((await upload(registered)).status).toBe(204);
    await sandbox.control.injectFault({ platform: 'pinterest', method: 'GET', route: '/media/{media_id}', status: 500, body: { code: 0, message: 'fault' } });
    expect((await get(token, `/media/${registered.media_id}`)).status).toBe(500);
    await sandbox.control.injectFault({ platform: 'pinterest', method: 'POST', hostKey: 'upload', path: '/', dropConnection: 'before' });
    const second = await register(token);
    await expect(upload(second)).rejects.toThrow();
    expect(await status(token, second.media_id)).toBe('registered');
  });
});
