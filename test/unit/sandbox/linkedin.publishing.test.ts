import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkedinSub } from '../../../infra/local/sandbox/linkedin/identity';
import type { Sandbox } from '../../../infra/local/sandbox/sandbox';
import { accessTokenFor, DAY, HOUR, jsonOf, startTestSandbox, testBytes, type TestClock } from './harness';

const MIB = 1024 * 1024;
// The test clock starts on 2026-01-15.
const VERSION = '202601';

let sandbox: Sandbox;
let clock: TestClock;

beforeAll(async () => ({ sandbox, clock } = await startTestSandbox()));
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.control.reset());

const author = (account = 'sandbox-user') => `urn:li:person:${linkedinSub(account)}`;

function rest(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sandbox.hostUrl('linkedin', 'api')}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'linkedin-version': VERSION,
      'x-restli-protocol-version': '2.0.0',
      'content-type': 'application/json',
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function putBytes(url: string, bytes: Buffer, contentType = 'application/octet-stream'): Promise<Response> {
  return fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });
}

async function uploadImage(token: string, account = 'sandbox-user', bytes = testBytes(3000, 'jpeg')): Promise<string> {
  const init = (await jsonOf(await rest(token, 'POST', '/rest/images?action=initializeUpload', { initializeUploadRequest: { owner: author(account) } }))) as {
    value: { uploadUrl: string; image: string };
  };
  expect((await putBytes(init.value.uploadUrl, bytes, 'image/jpeg')).status).toBe(201);
  return init.value.image;
}

interface VideoInit {
  value: { video: string; uploadToken: string; uploadInstructions: Array<{ uploadUrl: string; firstByte: number; lastByte: number }> };
}

async function initVideo(token: string, size: number): Promise<VideoInit['value']> {
  const response = await rest(token, 'POST', '/rest/videos?action=initializeUpload', { initializeUploadRequest: { owner: author(), fileSizeBytes: size, uploadCaptions: false, uploadThumbnail: false } });
  expect(response.status).toBe(200);
  return ((await response.json()) as VideoInit).value;
}

async function uploadParts(init: VideoInit['value'], file: Buffer): Promise<string[]> {
  const etags: string[] = [];
  for (const instruction of init.uploadInstructions) {
    const response = await putBytes(instruction.uploadUrl, file.subarray(instruction.firstByte, instruction.lastByte + 1));
    expect(response.status).toBe(200);
    etags.push(response.headers.get('etag')!);
  }
  return etags;
}

function finalize(token: string, init: VideoInit['value'], uploadedPartIds: string[]): Promise<Response> {
  return rest(token, 'POST', '/rest/videos?action=finalizeUpload', { finalizeUploadRequest: { video: init.video, uploadToken: init.uploadToken, uploadedPartIds } });
}

async function videoStatus(token: string, urn: string): Promise<Record<string, unknown>> {
  return jsonOf(await rest(token, 'GET', `/rest/videos/${encodeURIComponent(urn)}`));
}

function post(token: string, overrides: Record<string, unknown> = {}): Promise<Response> {
  return rest(token, 'POST', '/rest/posts', {
    author: author(),
    commentary: 'Hello LinkedIn',
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    ...overrides,
  });
}

describe('a LinkedIn image post', () => {
  it('initializes an image upload on the sandbox, takes the whole file, and posts it: 201, empty body, x-restli-id', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');

    const init = (await jsonOf(await rest(token, 'POST', '/rest/images?action=initializeUpload', { initializeUploadRequest: { owner: author() } }))) as {
      value: { uploadUrl: string; image: string; uploadUrlExpiresAt: number };
    };
    const put = await putBytes(init.value.uploadUrl, testBytes(3000, 'jpeg'), 'image/jpeg');
    const image = await jsonOf(await rest(token, 'GET', `/rest/images/${encodeURIComponent(init.value.image)}`));
    const created = await post(token, { content: { media: { id: init.value.image, title: 'Photo' } } });

    expect(init.value.uploadUrl.startsWith(`${sandbox.url}/linkedin/www/dms-uploads/`)).toBe(true);
    expect(init.value.image).toMatch(/^urn:li:image:/);
    expect(init.value.uploadUrlExpiresAt).toBe(clock.now() + DAY);
    expect(put.status).toBe(201);
    expect(image).toMatchObject({ id: init.value.image, owner: author(), status: 'AVAILABLE' });
    expect(created.status).toBe(201);
    expect(await created.text()).toBe('');
    expect(created.headers.get('x-restli-id')).toMatch(/^urn:li:share:\d{19}$/);
  });

  it('puts the post in the feed once and answers it by URN', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    const image = await uploadImage(token);
    const urn = (await post(token, { content: { media: { id: image } } })).headers.get('x-restli-id')!;

    const read = await jsonOf(await rest(token, 'GET', `/rest/posts/${encodeURIComponent(urn)}`));
    const { posts } = await sandbox.control.feed('linkedin', 'sandbox-user');

    expect(read).toMatchObject({ id: urn, author: author(), commentary: 'Hello LinkedIn', lifecycleState: 'PUBLISHED' });
    expect(posts).toEqual([{ id: urn, url: `https://www.linkedin.com/feed/update/${urn}/`, text: 'Hello LinkedIn', media: [{ contentType: 'image/jpeg', size: 3000 }], createdAt: clock.now(), settings: { visibility: 'PUBLIC' } }]);
  });

  it("records the post's visibility in the feed (connections only), and refuses one LinkedIn does not have", async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    const image = await uploadImage(token);
    const created = await post(token, { commentary: 'For my network', visibility: 'CONNECTIONS', content: { media: { id: image } } });
    const wrong = await post(token, { commentary: 'For friends', visibility: 'FRIENDS', content: { media: { id: image } } });

    expect(created.status).toBe(201);
    expect(wrong.status).toBe(422);
    const { posts } = await sandbox.control.feed('linkedin', 'sandbox-user');
    expect(posts.filter((entry) => entry.text.startsWith('For ')).map((entry) => [entry.text, entry.settings])).toEqual([['For my network', { visibility: 'CONNECTIONS' }]]);
  });

  it('takes a comment on an existing post by its author (Comments API): x-restli-id and the comment; refuses a missing post, another actor, a text over 1,250; reading comments needs r_member_social', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    const image = await uploadImage(token);
    const urn = (await post(token, { commentary: 'Commented on', content: { media: { id: image } } })).headers.get('x-restli-id')!;
    const comment = (object: string, body: Record<string, unknown>) => rest(token, 'POST', `/rest/socialActions/${encodeURIComponent(object)}/comments`, body);

    const made = await comment(urn, { actor: author(), object: urn, message: { text: 'The first comment' } });
    expect(made.status).toBe(201);
    const commentUrn = made.headers.get('x-restli-id')!;
    expect(commentUrn).toMatch(new RegExp(`^urn:li:comment:\\(${urn.replace(/[:]/g, ':')},\\d+\\)$`));
    expect(await jsonOf(made)).toMatchObject({ $URN: commentUrn, actor: author(), object: urn, message: { text: 'The first comment' } });
    expect((await comment('urn:li:share:1', { actor: author(), object: 'urn:li:share:1', message: { text: 'x' } })).status).toBe(404);
    expect((await comment(urn, { actor: 'urn:li:person:someone-else', object: urn, message: { text: 'x' } })).status).toBe(403);
    expect((await comment(urn, { actor: author(), object: urn, message: { text: 'y'.repeat(1251) } })).status).toBe(422);
    const { posts } = await sandbox.control.feed('linkedin', 'sandbox-user');
    expect(posts.filter((entry) => entry.replyTo === urn).map((entry) => entry.text)).toEqual(['The first comment']);
    expect((await rest(token, 'GET', `/rest/socialActions/${encodeURIComponent(urn)}/comments`)).status).toBe(403);
  });

  it('posts several images as a multiImage post', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    const images = [await uploadImage(token), await uploadImage(token, 'sandbox-user', testBytes(1000, 'jpeg'))];

    const created = await post(token, { content: { multiImage: { images: images.map((id) => ({ id, altText: 'alt' })) } } });

    expect(created.status).toBe(201);
    expect((await sandbox.control.feed('linkedin', 'sandbox-user')).posts[0]!.media).toHaveLength(2);
  });
});

describe('a LinkedIn video post', () => {
  it('gives one upload URL per 4 MiB part, an ETag per PUT, finalizes the ordered ETags, and reads WAITING_UPLOAD → PROCESSING → AVAILABLE', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    const file = testBytes(9 * MIB, 'mp4');

    const init = await initVideo(token, file.length);
    const waiting = await videoStatus(token, init.video);
    const etags = await uploadParts(init, file);
    const finalized = await finalize(token, init, etags);
    const processing = await videoStatus(token, init.video);
    const available = await videoStatus(token, init.video);
    const created = await post(token, { content: { media: { id: init.video, title: 'Clip' } } });

    expect(init.uploadInstructions.map(({ firstByte, lastByte }) => [firstByte, lastByte])).toEqual([
      [0, 4 * MIB - 1],
      [4 * MIB, 8 * MIB - 1],
      [8 * MIB, 9 * MIB - 1],
    ]);
    expect(new Set(init.uploadInstructions.map((instruction) => instruction.uploadUrl)).size).toBe(3);
    expect(new Set(etags).size).toBe(3);
    expect(waiting['status']).toBe('WAITING_UPLOAD');
    expect(finalized.status).toBe(200);
    expect(processing['status']).toBe('PROCESSING');
    expect(available['status']).toBe('AVAILABLE');
    expect(created.status).toBe(201);
    expect((await sandbox.control.feed('linkedin', 'sandbox-user')).posts[0]!.media).toEqual([{ contentType: 'video/mp4', size: 9 * MIB }]);
  });

  it.each([
    ['ETags out of order', (etags: string[]) => [etags[1]!, etags[0]!]],
    ['a missing ETag', (etags: string[]) => [etags[0]!]],
    ['an unknown ETag', (etags: string[]) => [etags[0]!, 'made-up']],
  ])('refuses to finalize with %s', async (_case, partIds) => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    const file = testBytes(5 * MIB);
    const init = await initVideo(token, file.length);
    const etags = await uploadParts(init, file);

    const refused = await finalize(token, init, partIds(etags));

    expect(refused.status).toBe(400);
    expect((await videoStatus(token, init.video))['status']).toBe('WAITING_UPLOAD');
  });

  it('refuses a part of the wrong size, and to finalize before every part is uploaded', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    const file = testBytes(5 * MIB);
    const init = await initVideo(token, file.length);

    const wrongSize = await putBytes(init.uploadInstructions[0]!.uploadUrl, file.subarray(0, 100));
    const early = await finalize(token, init, []);

    expect(wrongSize.status).toBe(400);
    expect(early.status).toBe(400);
  });

  it('refuses a post with a video that is still processing', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    const file = testBytes(1000);
    const init = await initVideo(token, file.length);
    await finalize(token, init, await uploadParts(init, file));

    const refused = await post(token, { content: { media: { id: init.video } } });

    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('PROCESSING');
  });

  it('ends in PROCESSING_FAILED with the reason setProcessing gives', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    await sandbox.control.setProcessing('linkedin', { outcome: 'fail', reads: 0, reason: 'Video is too short' });
    const file = testBytes(1000);
    const init = await initVideo(token, file.length);
    await finalize(token, init, await uploadParts(init, file));

    expect(await videoStatus(token, init.video)).toMatchObject({ status: 'PROCESSING_FAILED', processingFailureReason: 'Video is too short' });
  });

  it('expire: the upload URLs are expired at once', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    await sandbox.control.setProcessing('linkedin', { outcome: 'expire' });
    const init = await initVideo(token, 1000);

    const put = await putBytes(init.uploadInstructions[0]!.uploadUrl, testBytes(1000));

    expect(put.status).toBe(403);
  });
});

describe('a LinkedIn document post', () => {
  const pdf = (size = 2000) => Buffer.concat([Buffer.from('%PDF-1.7\n'), testBytes(size)]);

  async function initDocument(token: string, owner = author()): Promise<Response> {
    return rest(token, 'POST', '/rest/documents?action=initializeUpload', { initializeUploadRequest: { owner } });
  }

  async function documentStatus(token: string, urn: string): Promise<Record<string, unknown>> {
    return jsonOf(await rest(token, 'GET', `/rest/documents/${encodeURIComponent(urn)}`));
  }

  it('initializes a document upload, takes the whole PDF, reads WAITING_UPLOAD → PROCESSING → AVAILABLE, and posts it with its title', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    const init = (await jsonOf(await initDocument(token))) as { value: { uploadUrl: string; document: string; uploadUrlExpiresAt: number } };
    expect(init.value.document).toMatch(/^urn:li:document:/);
    expect(init.value.uploadUrlExpiresAt).toBe(clock.now() + DAY);
    expect(await documentStatus(token, init.value.document)).toMatchObject({ id: init.value.document, owner: author(), status: 'WAITING_UPLOAD' });
    expect((await putBytes(init.value.uploadUrl, pdf(), 'application/pdf')).status).toBe(201);
    // A document still processing cannot be posted.
    const early = await post(token, { content: { media: { id: init.value.document, title: 'Plan' } } });
    expect(early.status).toBe(422);
    expect(await documentStatus(token, init.value.document)).toMatchObject({ status: 'PROCESSING' });
    expect(await documentStatus(token, init.value.document)).toMatchObject({ status: 'AVAILABLE' });

    const untitled = await post(token, { content: { media: { id: init.value.document } } });
    expect(untitled.status).toBe(422);
    expect(await jsonOf(untitled)).toMatchObject({ message: '/content/media/title :: field is required for a document' });
    const created = await post(token, { commentary: 'Our plan', content: { media: { id: init.value.document, title: 'Plan 2027' } } });
    expect(created.status).toBe(201);
    const { posts } = await sandbox.control.feed('linkedin', 'sandbox-user');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ text: 'Our plan', settings: { visibility: 'PUBLIC', documentTitle: 'Plan 2027' } });
    expect(posts[0]!.media.map((item) => item.contentType)).toEqual(['application/pdf']);
  });

  it('refuses bytes that are not a PDF and a second upload, another owner with 403, and ends in PROCESSING_FAILED when told to', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    expect((await initDocument(token, author('someone-else'))).status).toBe(403);
    const init = (await jsonOf(await initDocument(token))) as { value: { uploadUrl: string; document: string } };
    expect((await putBytes(init.value.uploadUrl, testBytes(500, 'jpeg'), 'application/pdf')).status).toBe(400);
    expect(await documentStatus(token, init.value.document)).toMatchObject({ status: 'WAITING_UPLOAD' });
    expect((await putBytes(init.value.uploadUrl, pdf(), 'application/pdf')).status).toBe(201);
    expect((await putBytes(init.value.uploadUrl, pdf(), 'application/pdf')).status).toBe(400);

    await sandbox.control.setProcessing('linkedin', { outcome: 'fail', reads: 0 });
    const failing = (await jsonOf(await initDocument(token))) as { value: { uploadUrl: string; document: string } };
    await putBytes(failing.value.uploadUrl, pdf(), 'application/pdf');
    const status = await documentStatus(token, failing.value.document);
    expect(status).toMatchObject({ status: 'PROCESSING_FAILED' });
    expect(status).not.toHaveProperty('processingFailureReason');
  });
});

describe('the LinkedIn /rest/* headers', () => {
  it.each([
    ['the current month', '202601', 200],
    ['12 months back', '202501', 200],
    ['a version with a revision', '202510.01', 200],
    ['13 months back', '202412', 426],
    ['a future month', '202602', 426],
    ['a malformed version', '2026-01', 426],
  ])('answers %s (%s) with %s', async (_case, version, status) => {
    const token = await accessTokenFor(sandbox, 'linkedin');

    const response = await rest(token, 'POST', '/rest/images?action=initializeUpload', { initializeUploadRequest: { owner: author() } }, { 'linkedin-version': version });

    expect(response.status).toBe(status);
    if (status === 426) expect(await response.json()).toMatchObject({ status: 426, code: 'NONEXISTENT_VERSION', message: expect.stringMatching(/^Requested version .+ is not active$/) });
  });

  it('says which version is not active the way LinkedIn does', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');

    const response = await rest(token, 'GET', '/rest/posts/urn%3Ali%3Ashare%3A1', undefined, { 'linkedin-version': '202411' });

    expect(await response.json()).toEqual({ status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 20241101 is not active' });
  });

  it('refuses a missing LinkedIn-Version or X-Restli-Protocol-Version with 400', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');

    const noVersion = await rest(token, 'POST', '/rest/posts', {}, { 'linkedin-version': '' });
    const noProtocol = await rest(token, 'POST', '/rest/posts', {}, { 'x-restli-protocol-version': '' });

    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toMatchObject({ code: 'VERSION_MISSING' });
    expect(noProtocol.status).toBe(400);
  });

  it('accepts a version for 12 months as the sandbox clock moves on', async () => {
    clock.advance(365 * DAY);
    const later = await accessTokenFor(sandbox, 'linkedin');

    const stillActive = await rest(later, 'POST', '/rest/posts', {}, { 'linkedin-version': '202601' });
    const nowOld = await rest(later, 'POST', '/rest/posts', {}, { 'linkedin-version': '202512' });

    expect(stillActive.status).not.toBe(426);
    expect(nowOld.status).toBe(426);
  });
});

describe('LinkedIn post rules', () => {
  it('refuses another author with 403 and commentary over 3000 characters with 422', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');

    const otherAuthor = await post(token, { author: author('someone-else') });
    const tooLong = await post(token, { commentary: 'x'.repeat(3001) });
    const atLimit = await post(token, { commentary: 'y'.repeat(3000) });

    expect(otherAuthor.status).toBe(403);
    expect(tooLong.status).toBe(422);
    expect(atLimit.status).toBe(201);
  });

  it('refuses an image upload for another owner', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');

    const response = await rest(token, 'POST', '/rest/images?action=initializeUpload', { initializeUploadRequest: { owner: 'urn:li:organization:1' } });

    expect(response.status).toBe(403);
  });

  it('answers a revoked token with 401 REVOKED_ACCESS_TOKEN', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin', 'leaver');
    await sandbox.control.revokeAccess('linkedin', 'leaver');

    const response = await post(token);

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN' });
  });

  it('answers 429 without rate-limit headers past the daily limit, until midnight UTC', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    await sandbox.control.setLimit('linkedin', 'postsPerDay', 1);
    await post(token, { commentary: 'first' });

    const limited = await post(token, { commentary: 'second' });
    clock.advance(14 * HOUR);
    const nextDay = await post(token, { commentary: 'third' });

    expect(limited.status).toBe(429);
    expect([...limited.headers.keys()].filter((name) => /rate|retry/i.test(name))).toEqual([]);
    expect(nextDay.status).toBe(201);
  });

  it('applies the application-wide daily request limit to every /rest/* call', async () => {
    const token = await accessTokenFor(sandbox, 'linkedin');
    await sandbox.control.setLimit('linkedin', 'requestsPerDay', 1);

    const first = await rest(token, 'GET', '/rest/posts/urn%3Ali%3Ashare%3A1');
    const second = await rest(token, 'GET', '/rest/posts/urn%3Ali%3Ashare%3A1');

    expect(first.status).toBe(404);
    expect(second.status).toBe(429);
  });
});
