import { describe, expect, it } from 'vitest';
import { AuthExpired, RateLimited, Rejected, Retryable } from '../../../../functions/platforms/errors';
import { OutcomeUnknown } from '../../../../functions/platforms/createOnce';
import { createPlatformHttp } from '../../../../functions/platforms/http';
import { createPinterestAdapter } from '../../../../functions/platforms/pinterest/adapter';
import { createPinterestMetricsReader, pinterestMetrics } from '../../../../functions/platforms/pinterest/metrics';
import { readPinterestOptions } from '../../../../functions/platforms/pinterest/options';
import { createPinterestPublisher } from '../../../../functions/platforms/pinterest/publisher';
import { ConfigurationError } from '../../../../functions/config';
import { checkPostOptions } from '../../../../shared/platforms/postOptions';
import { armedTarget, baseTokens, clock, credentials, jsonOf, memoryMedia, now, publishRequest, queryOf, recordingFetch, type CannedResponse } from './harness';

const hosts = { www: 'https://www.pinterest.com', api: 'https://api.pinterest.com' };
const tokens = { ...baseTokens, scopes: ['user_accounts:read', 'boards:read', 'boards:write', 'pins:read', 'pins:write'] };

function parts(responses: CannedResponse[] = [], at = clock) {
  const { fetchImpl, requests } = recordingFetch(responses);
  const deps = { credentials, hosts, http: createPlatformHttp('Pinterest', fetchImpl), clock: at, options: { apiVersion: 'v5' } };
  return { adapter: createPinterestAdapter(deps), publisher: createPinterestPublisher(deps), reader: createPinterestMetricsReader(deps), requests };
}

const image = (url: string, altText?: string) => ({ ...memoryMedia({ kind: 'image', contentType: 'image/jpeg', url }), ...(altText ? { altText } : {}) });

describe('Pinterest OAuth (API v5: www.pinterest.com/oauth/, POST /v5/oauth/token)', () => {
  it('sends the browser to the consent page with comma-separated scopes and no PKCE', async () => {
    const { adapter } = parts();
    const { url } = await adapter.authorizeUrl({ state: 'pinterest_s1', redirectUri: 'https://app.oneclick.test/api/connections/pinterest/callback' });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe('https://www.pinterest.com/oauth/');
    expect(queryOf(parsed)).toEqual({
      client_id: credentials.clientId,
      redirect_uri: 'https://app.oneclick.test/api/connections/pinterest/callback',
      response_type: 'code',
      scope: 'user_accounts:read,boards:read,boards:write,pins:read,pins:write',
      state: 'pinterest_s1',
    });
  });

  it('exchanges the code with the app in HTTP Basic and keeps both expiries', async () => {
    const { adapter, requests } = parts([
      { body: { access_token: 'pina_1', refresh_token: 'pinr_1', response_type: 'authorization_code', token_type: 'bearer', expires_in: 2_592_000, refresh_token_expires_in: 5_184_000, scope: 'boards:read pins:read pins:write user_accounts:read boards:write' } },
    ]);
    const exchanged = await adapter.exchangeCode({ code: 'code-1', redirectUri: 'https://app/cb' });
    expect(`${requests[0]!.method} ${requests[0]!.url.toString()}`).toBe('POST https://api.pinterest.com/v5/oauth/token');
    expect(requests[0]!.headers['authorization']).toBe(`Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`);
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ grant_type: 'authorization_code', code: 'code-1', redirect_uri: 'https://app/cb', continuous_refresh: 'true' });
    expect(exchanged).toEqual({
      accessToken: 'pina_1',
      refreshToken: 'pinr_1',
      accessTokenExpiresAt: new Date(now.getTime() + 2_592_000_000).toISOString(),
      refreshTokenExpiresAt: new Date(now.getTime() + 5_184_000_000).toISOString(),
      accessTokenIssuedAt: now.toISOString(),
      scopes: ['boards:read', 'pins:read', 'pins:write', 'user_accounts:read', 'boards:write'],
    });
    expect(adapter.canRefresh(exchanged)).toBe(true);
  });

  it('refreshes with the refresh token and keeps the new one Pinterest answers (continuous refresh)', async () => {
    const { adapter, requests } = parts([{ body: { access_token: 'pina_2', refresh_token: 'pinr_2', expires_in: 2_592_000, refresh_token_expires_in: 5_184_000, scope: 'pins:read' } }]);
    const refreshed = await adapter.refresh({ ...tokens, refreshToken: 'pinr_1' });
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ grant_type: 'refresh_token', refresh_token: 'pinr_1' });
    expect(refreshed).toMatchObject({ accessToken: 'pina_2', refreshToken: 'pinr_2', scopes: ['pins:read'] });
  });

  it('says to reconnect when Pinterest refuses the refresh token (revoked, expired or already used)', async () => {
    await expect(parts([{ status: 400, body: { code: 1, message: 'Invalid refresh token.' } }]).adapter.refresh(tokens)).rejects.toBeInstanceOf(AuthExpired);
  });

  it('cannot refresh without a refresh token, or after it expired', () => {
    const { adapter } = parts();
    expect(adapter.canRefresh({ ...tokens, refreshToken: undefined } as never)).toBe(false);
    expect(adapter.canRefresh({ ...tokens, refreshTokenExpiresAt: new Date(now.getTime() - 1).toISOString() })).toBe(false);
  });

  it('names the account from /v5/user_account, its business name first', async () => {
    const { adapter, requests } = parts([{ body: { id: '912', username: 'northwind', business_name: 'Northwind', profile_image: 'https://i.pinimg.com/n.jpg', account_type: 'BUSINESS' } }]);
    expect(await adapter.fetchProfile(tokens)).toEqual({ platformUserId: '912', displayName: 'Northwind', username: 'northwind', avatarUrl: 'https://i.pinimg.com/n.jpg' });
    expect(requests[0]!.url.toString()).toBe('https://api.pinterest.com/v5/user_account');
    expect(requests[0]!.headers['authorization']).toBe(`Bearer ${tokens.accessToken}`);
  });

  it("maps errors in our words, never Pinterest's message: 401, 403, 429 with its reset, 5xx, 400", async () => {
    await expect(parts([{ status: 401, body: { code: 2, message: 'Authentication failed.' } }]).adapter.fetchProfile(tokens)).rejects.toBeInstanceOf(AuthExpired);
    await expect(parts([{ status: 429, headers: { 'x-ratelimit-reset': '30' }, body: { code: 8, message: 'slow down' } }]).adapter.fetchProfile(tokens)).rejects.toSatisfy(
      (error) => error instanceof RateLimited && error.resetAt?.getTime() === now.getTime() + 30_000,
    );
    await expect(parts([{ status: 429, body: { code: 8, message: 'x' } }]).adapter.fetchProfile(tokens)).rejects.toSatisfy((error) => error instanceof RateLimited && error.resetAt?.getTime() === now.getTime() + 60_000);
    await expect(parts([{ status: 503, body: { code: 0, message: 'down' } }]).adapter.fetchProfile(tokens)).rejects.toBeInstanceOf(Retryable);
    const forbidden = parts([{ status: 403, body: { code: 29, message: 'SECRET internal words' } }]).adapter.fetchProfile(tokens);
    await expect(forbidden).rejects.toThrow('Pinterest did not allow this for the account (its error code 29): reconnect it and allow everything OneClick asks for.');
    const refused = parts([{ status: 400, body: { code: 1, message: 'SECRET internal words' } }]).adapter.fetchProfile(tokens);
    await expect(refused).rejects.toThrow(/^Pinterest refused the request \(its error code 1\)\.$/);
  });

  it("lists the account's boards as collections (secret and protected ones marked) and makes a board by name", async () => {
    const { adapter, requests } = parts([
      { body: { items: [{ id: '77', name: 'Ideas', privacy: 'PUBLIC' }, { id: '78', name: 'Drafts', privacy: 'SECRET' }, { name: 'no id' }], bookmark: null } },
      { status: 201, body: { id: '79', name: 'Recipes', privacy: 'PUBLIC' } },
      { status: 409, body: { code: 58, message: 'You already have a board with this name.' } },
    ]);
    expect(await adapter.collections!(tokens)).toEqual([
      { id: '77', name: 'Ideas', secret: false },
      { id: '78', name: 'Drafts', secret: true },
    ]);
    expect(`${requests[0]!.method} ${requests[0]!.url.pathname}`).toBe('GET /v5/boards');
    expect(queryOf(requests[0]!.url)).toEqual({ page_size: '250' });
    expect(await adapter.createCollection!(tokens, 'Recipes')).toEqual({ id: '79', name: 'Recipes', secret: false });
    expect(jsonOf(requests[1]!)).toEqual({ name: 'Recipes' });
    await expect(adapter.createCollection!(tokens, 'Recipes')).rejects.toThrow('The Pinterest account already has a board named “Recipes”: choose it in the list.');
  });

  it('revokes nothing at Pinterest (its revoke is for system users only)', async () => {
    const { adapter, requests } = parts();
    await adapter.revoke(tokens);
    expect(requests).toEqual([]);
  });

  it('reads its API version, refusing a bad one by name', () => {
    expect(readPinterestOptions({})).toEqual({ apiVersion: 'v5' });
    expect(() => readPinterestOptions({ PINTEREST_API_VERSION: '5' })).toThrow(ConfigurationError);
  });
});

describe('Pinterest publishing: a Pin on a board, exactly once without an idempotency key', () => {
  it("settles the board the user chose without asking, or the account's first board", async () => {
    const chosen = parts();
    expect(await chosen.publisher.start(publishRequest({ tokens, media: [image('https://m/a.jpg')], options: { boardId: '55' } }))).toEqual({ state: 'ready', progress: { boardId: '55' } });
    expect(chosen.requests).toEqual([]);

    const first = parts([{ body: { items: [{ id: '77', name: 'Ideas' }, { id: '78', name: 'Other' }], bookmark: null } }]);
    expect(await first.publisher.start(publishRequest({ tokens, media: [image('https://m/a.jpg')] }))).toEqual({ state: 'ready', progress: { boardId: '77' } });
    expect(first.requests[0]!.url.pathname).toBe('/v5/boards');
  });

  it('refuses in words: no board, too long a text or title, a video of another format, size or length, a GIF', async () => {
    await expect(parts([{ body: { items: [] } }]).publisher.start(publishRequest({ tokens, media: [image('https://m/a.jpg')] }))).rejects.toThrow(
      'The Pinterest account has no board yet: create a board on Pinterest (or choose one) and publish again.',
    );
    const { publisher, requests } = parts();
    const media = [image('https://m/a.jpg')];
    await expect(publisher.start(publishRequest({ tokens, media, text: 'a'.repeat(801) }))).rejects.toThrow("A Pin's description can be at most 800 characters.");
    await expect(publisher.start(publishRequest({ tokens, media, title: 't'.repeat(101) }))).rejects.toThrow("A Pin's title can be at most 100 characters.");
    await expect(publisher.start(publishRequest({ tokens, media: [memoryMedia({ kind: 'video', contentType: 'video/webm' })] }))).rejects.toThrow('Pinterest publishes MP4, MOV and M4V videos only: convert the video.');
    await expect(publisher.start(publishRequest({ tokens, media: [memoryMedia({ kind: 'video', size: 200_000_001 })] }))).rejects.toThrow('We send Pinterest videos of at most 200 MB: shorten or compress the video.');
    await expect(publisher.start(publishRequest({ tokens, media: [memoryMedia({ kind: 'video', durationSeconds: 3 })] }))).rejects.toThrow('A Pinterest video must last from 4 seconds to 15 minutes.');
    await expect(publisher.start(publishRequest({ tokens, media: [memoryMedia({ kind: 'video', durationSeconds: 901 })] }))).rejects.toThrow('A Pinterest video must last from 4 seconds to 15 minutes.');
    await expect(publisher.start(publishRequest({ tokens, media: [memoryMedia({ kind: 'image', contentType: 'image/gif' })] }))).rejects.toThrow(
      'Pinterest publishes JPEG, PNG and WebP images only: convert the image.',
    );
    expect(requests).toEqual([]);
  });

  it('creates an image Pin with its title, description, link and alt text', async () => {
    const { publisher, requests } = parts([{ status: 201, body: { id: '1001', board_id: '55' } }]);
    const request = publishRequest({ tokens, title: 'Spring menu', text: 'Fresh dishes', media: [image('https://m/a.jpg', 'A plate of greens')], options: { boardId: '55', link: 'https://northwind.example/menu' }, progress: { boardId: '55' } });
    const published = await publisher.publish(request);
    expect(`${requests[0]!.method} ${requests[0]!.url.toString()}`).toBe('POST https://api.pinterest.com/v5/pins');
    expect(jsonOf(requests[0]!)).toEqual({
      board_id: '55',
      description: 'Fresh dishes',
      title: 'Spring menu',
      link: 'https://northwind.example/menu',
      alt_text: 'A plate of greens',
      media_source: { source_type: 'image_url', url: 'https://m/a.jpg' },
    });
    expect(published).toMatchObject({ state: 'published', platformPostId: '1001', postUrl: 'https://www.pinterest.com/pin/1001/', progress: { boardId: '55', pinArmedAt: now.toISOString() } });
  });

  it('creates one multi-image Pin from 2 to 5 images', async () => {
    const { publisher, requests } = parts([{ status: 201, body: { id: '1002' } }]);
    await publisher.publish(publishRequest({ tokens, media: [image('https://m/1.jpg'), image('https://m/2.jpg')], options: { link: 'https://n.example' }, progress: { boardId: '55' } }));
    expect((jsonOf(requests[0]!) as { media_source: unknown }).media_source).toEqual({
      source_type: 'multiple_image_urls',
      items: [
        { url: 'https://m/1.jpg', link: 'https://n.example' },
        { url: 'https://m/2.jpg', link: 'https://n.example' },
      ],
    });
  });

  it('after a lost answer, finds the Pin on the board by its description and title made since it was armed: nothing sent again', async () => {
    const armedAt = now.toISOString();
    const older = new Date(now.getTime() - 3_600_000).toISOString();
    const { publisher, requests } = parts([
      {
        body: {
          items: [
            { id: '900', description: 'Hello world', title: null, created_at: older },
            { id: '901', description: 'Hello world', title: null, created_at: new Date(now.getTime() + 1000).toISOString() },
          ],
          bookmark: null,
        },
      },
    ]);
    const log: string[] = [];
    const published = await publisher.publish(publishRequest({ tokens, media: [image('https://m/a.jpg')], progress: { boardId: '55', pinArmedAt: armedAt }, createOnce: armedTarget('Pinterest', log) }));
    expect(log).toEqual(['reconcile']);
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual(['GET /v5/boards/55/pins']);
    expect(queryOf(requests[0]!.url)).toEqual({ page_size: '50' });
    expect(published).toMatchObject({ platformPostId: '901', progress: { pinArmedAt: armedAt } });
  });

  it('after a lost answer that made nothing (an older Pin with the same text does not count), sends once', async () => {
    const older = new Date(now.getTime() - 3_600_000).toISOString();
    const { publisher, requests } = parts([{ body: { items: [{ id: '900', description: 'Hello world', created_at: older }] } }, { status: 201, body: { id: '902' } }]);
    const log: string[] = [];
    const published = await publisher.publish(publishRequest({ tokens, media: [image('https://m/a.jpg')], progress: { boardId: '55', pinArmedAt: now.toISOString() }, createOnce: armedTarget('Pinterest', log) }));
    expect(log).toEqual(['reconcile', 'send']);
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual(['GET /v5/boards/55/pins', 'POST /v5/pins']);
    expect(published).toMatchObject({ platformPostId: '902' });
  });

  it('cannot tell when the look-up answers no list, or a full page of newer Pins: "check your account", nothing sent', async () => {
    const malformed = parts([{ body: { unexpected: true } }]);
    await expect(malformed.publisher.publish(publishRequest({ tokens, progress: { boardId: '55', pinArmedAt: now.toISOString() }, media: [image('https://m/a.jpg')], createOnce: armedTarget('Pinterest') }))).rejects.toBeInstanceOf(OutcomeUnknown);
    expect(malformed.requests).toHaveLength(1);

    const newer = Array.from({ length: 50 }, (_, index) => ({ id: String(2000 + index), description: 'other', created_at: new Date(now.getTime() + index).toISOString() }));
    const full = parts([{ body: { items: newer } }]);
    await expect(full.publisher.publish(publishRequest({ tokens, progress: { boardId: '55', pinArmedAt: now.toISOString() }, media: [image('https://m/a.jpg')], createOnce: armedTarget('Pinterest') }))).rejects.toBeInstanceOf(OutcomeUnknown);
    expect(full.requests).toHaveLength(1);
  });

  it('answers a Pin already recorded without calling Pinterest', async () => {
    const { publisher, requests } = parts();
    const progress = { boardId: '55', platformPostId: '1001', postUrl: 'https://www.pinterest.com/pin/1001/' };
    expect(await publisher.publish(publishRequest({ tokens, progress }))).toMatchObject({ state: 'published', platformPostId: '1001' });
    expect(await publisher.start(publishRequest({ tokens, progress }))).toMatchObject({ state: 'published' });
    expect(requests).toEqual([]);
  });

  it('refuses a Pin Pinterest refused in our words (its error code), never its message', async () => {
    const { publisher } = parts([{ status: 400, body: { code: 1, message: 'Sorry we could not fetch the image.' } }]);
    const attempt = publisher.publish(publishRequest({ tokens, media: [image('https://m/a.jpg')], progress: { boardId: '55' } }));
    await expect(attempt).rejects.toBeInstanceOf(Rejected);
    await expect(attempt).rejects.toThrow('Pinterest refused the request (its error code 1).');
  });
});

describe('Pinterest video Pins: POST /v5/media, the S3 form upload, GET /v5/media/{id}, then video_id', () => {
  const registration = {
    status: 201,
    body: { media_id: '5001', media_type: 'video', upload_url: 'https://pinterest-media-upload.s3-accelerate.amazonaws.com/', upload_parameters: { key: 'uploads/a/5001.mp4', policy: 'cG9s', 'x-amz-signature': 'sig', 'Content-Type': 'multipart/form-data' } },
  };
  const video = () => memoryMedia({ kind: 'video', bytes: new Uint8Array([1, 2, 3, 4, 5]), durationSeconds: 12 });

  it('registers the upload (saved at once), sends every upload_parameters field then the file, and waits in the status step', async () => {
    const { publisher, requests } = parts([registration, { status: 204 }]);
    const saved: unknown[] = [];
    const result = await publisher.start(publishRequest({ tokens, media: [video()], options: { boardId: '55' }, saveProgress: async (progress) => void saved.push(progress) }));
    expect(requests.map((request) => `${request.method} ${request.url.toString()}`)).toEqual(['POST https://api.pinterest.com/v5/media', 'POST https://pinterest-media-upload.s3-accelerate.amazonaws.com/']);
    expect(jsonOf(requests[0]!)).toEqual({ media_type: 'video' });
    const form = requests[1]!.multipart!;
    expect([...form.keys()]).toEqual(['key', 'policy', 'x-amz-signature', 'Content-Type', 'file']);
    expect(form.get('x-amz-signature')).toBe('sig');
    expect(new Uint8Array(await (form.get('file') as Blob).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4, 5]));
    expect(requests[1]!.headers['authorization']).toBeUndefined();
    expect(saved).toContainEqual(expect.objectContaining({ boardId: '55', mediaId: '5001' }));
    expect(result).toMatchObject({ state: 'processing', waitSeconds: 10, progress: { boardId: '55', mediaId: '5001', videoUploaded: true } });
  });

  it('reads the status: registered and processing wait, succeeded is ready, failed is refused in words', async () => {
    const progress = { boardId: '55', mediaId: '5001', uploadUrl: 'https://u/', uploadParameters: '{}', videoUploaded: true };
    const { publisher, requests } = parts([{ body: { media_id: '5001', status: 'registered' } }, { body: { media_id: '5001', status: 'processing' } }, { body: { media_id: '5001', status: 'succeeded' } }, { body: { media_id: '5001', status: 'failed' } }]);
    const request = publishRequest({ tokens, media: [video()], progress });
    expect(await publisher.checkStatus(request)).toMatchObject({ state: 'processing', waitSeconds: 10 });
    expect(await publisher.checkStatus(request)).toMatchObject({ state: 'processing' });
    expect(await publisher.checkStatus(request)).toEqual({ state: 'ready', progress: { ...progress, videoReady: true } });
    await expect(publisher.checkStatus(request)).rejects.toThrow("Pinterest could not process the video: check that it plays and meets Pinterest's video rules, then publish again.");
    expect(requests[0]!.url.toString()).toBe('https://api.pinterest.com/v5/media/5001');
    // A step run again after the upload only waits: nothing is registered or sent twice.
    expect(await parts().publisher.start(publishRequest({ tokens, media: [video()], progress }))).toMatchObject({ state: 'processing' });
  });

  it('a form S3 refuses (its signature expired) forgets the upload and tries again with a new one; a 500 is retried as is', async () => {
    const saved: Array<Record<string, unknown>> = [];
    const refused = parts([registration, { status: 403, body: undefined }]);
    await expect(refused.publisher.start(publishRequest({ tokens, media: [video()], options: { boardId: '55' }, saveProgress: async (progress) => void saved.push(progress) }))).rejects.toBeInstanceOf(Retryable);
    expect(saved.at(-1)).toEqual({ boardId: '55' });
    const down = parts([{ status: 500, body: { code: 0, message: 'x' } }]);
    await expect(down.publisher.start(publishRequest({ tokens, media: [video()], progress: { boardId: '55', mediaId: '5001', uploadUrl: 'https://u/', uploadParameters: '{}' } }))).rejects.toBeInstanceOf(Retryable);
    expect(down.requests[0]!.url.toString()).toBe('https://u/');
  });

  it('creates the video Pin with the upload as video_id and a cover frame; after a lost answer the look-up finds it, nothing sent again', async () => {
    const { publisher, requests } = parts([{ status: 201, body: { id: '1003' } }]);
    const progress = { boardId: '55', mediaId: '5001', videoUploaded: true, videoReady: true };
    await publisher.publish(publishRequest({ tokens, title: 'Cooking', text: 'Watch', media: [video()], options: { link: 'https://n.example' }, progress }));
    expect(jsonOf(requests[0]!)).toEqual({ board_id: '55', description: 'Watch', title: 'Cooking', link: 'https://n.example', media_source: { source_type: 'video_id', media_id: '5001', cover_image_key_frame_time: 1 } });

    const lost = parts([{ body: { items: [{ id: '1004', description: 'Watch', title: 'Cooking', created_at: new Date(now.getTime() + 1000).toISOString() }], bookmark: null } }]);
    const log: string[] = [];
    const found = await lost.publisher.publish(publishRequest({ tokens, title: 'Cooking', text: 'Watch', media: [video()], progress: { ...progress, pinArmedAt: now.toISOString() }, createOnce: armedTarget('Pinterest', log) }));
    expect(log).toEqual(['reconcile']);
    expect(lost.requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual(['GET /v5/boards/55/pins']);
    expect(found).toMatchObject({ platformPostId: '1004' });
  });

  it('refuses to create a video Pin before the upload succeeded', async () => {
    const { publisher, requests } = parts();
    await expect(publisher.publish(publishRequest({ tokens, media: [video()], progress: { boardId: '55', mediaId: '5001', videoUploaded: true } }))).rejects.toThrow('Pinterest has not finished processing the video yet');
    expect(requests).toEqual([]);
  });
});

describe("Pinterest's post options and analytics", () => {
  it('takes a board id and an http(s) link, and says what is wrong in words', () => {
    expect(checkPostOptions('pinterest', { boardId: '55', link: ' https://n.example/a ' }, { nativeSchedule: false }, 'Pinterest')).toEqual({ options: { boardId: '55', link: 'https://n.example/a' }, problems: [] });
    expect(checkPostOptions('pinterest', { link: 'javascript:alert(1)' }, { nativeSchedule: false }, 'Pinterest').problems).toEqual([
      { path: ['link'], message: 'The Pin link must be a web address starting with https:// or http://.' },
    ]);
    expect(checkPostOptions('pinterest', { link: `https://n.example/${'a'.repeat(2048)}` }, { nativeSchedule: false }, 'Pinterest').problems[0]?.message).toBe('A Pin link can be at most 2048 characters.');
    expect(checkPostOptions('pinterest', { boardId: 'my board' }, { nativeSchedule: false }, 'Pinterest').problems[0]?.message).toBe('The Pinterest board must be a board id (digits), as the board list gives it.');
    expect(checkPostOptions('pinterest', { privacy: 'x' }, { nativeSchedule: false }, 'Pinterest').problems).toHaveLength(1);
  });

  it('reads impressions, saves, pin clicks, outbound clicks and (a video Pin) video views of each Pin over the last 89 days; a deleted Pin is left out', async () => {
    const { reader, requests } = parts([
      { body: { all: { summary_metrics: { IMPRESSION: 240, SAVE: 20, PIN_CLICK: 37, OUTBOUND_CLICK: 5 } } } },
      { status: 404, body: { code: 3, message: 'Pin not found.' } },
      { body: { all: { summary_metrics: { IMPRESSION: 900, SAVE: 4, PIN_CLICK: 12, OUTBOUND_CLICK: 0, VIDEO_MRC_VIEW: 310 } } } },
    ]);
    expect(await reader.read(tokens, ['1001', '1002', '1003'])).toEqual({ '1001': { views: 240, saves: 20, clicks: 37, linkClicks: 5 }, '1003': { views: 900, saves: 4, clicks: 12, linkClicks: 0, videoViews: 310 } });
    expect(requests[0]!.url.pathname).toBe('/v5/pins/1001/analytics');
    expect(queryOf(requests[0]!.url)).toEqual({ start_date: '2026-08-25', end_date: '2026-11-22', metric_types: 'IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK,VIDEO_MRC_VIEW' });
    expect(reader.availability({ ...tokens, scopes: ['boards:read'] })).toMatchObject({ available: false });
    expect(pinterestMetrics({ all: { summary_metrics: { IMPRESSION: -1 } } })).toEqual({});
  });
});
