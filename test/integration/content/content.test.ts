import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { localBucketNames, localCredentials, localRegion } from '../../../infra/local/environment';
import type { ContentItem, ContentPage } from '../../../shared/api/content';
import type { ContentUpload, ModuleSession, ModuleToken } from '../../../shared/api/modules';
import { callApi, createUser, type TestUser } from '../../support/users';

const twin = inject('twin');
const samples = resolve(import.meta.dirname, '../../../infra/local/demoModule/samples');
const video = readFileSync(resolve(samples, 'cartoon.mp4'));
const podcast = readFileSync(resolve(samples, 'podcast.m4a'));
/** The first bytes of a WebM (EBML header) followed by filler: enough for the magic-byte check. */
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 1)]);

const postJson = (path: string, body: unknown, token?: string) =>
  callApi(twin, path, token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A module session for the user, as a module's back end gets it. */
async function moduleSession(user: TestUser, module = 'autotoon'): Promise<string> {
  const issued = (await postJson('/module-tokens', { module }, user.idToken)).body as unknown as ModuleToken;
  const { status, body } = await postJson('/module-sessions', { token: issued.token, module });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as unknown as ModuleSession).sessionToken;
}

async function uploadContent(session: string, type: 'video' | 'podcast', fileName: string, file: Buffer, twinOf?: string): Promise<ContentUpload> {
  const contentType = fileName.endsWith('.webm') ? 'video/webm' : type === 'video' ? 'video/mp4' : 'audio/mp4';
  const { status, body } = await postJson('/module-content/uploads', { type, fileName, contentType, size: file.length, ...(twinOf ? { twinOf } : {}) }, session);
  expect(status, JSON.stringify(body)).toBe(200);
  const upload = body as unknown as ContentUpload;
  const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(file) });
  expect(put.status, await put.clone().text()).toBe(200);
  return upload;
}

async function generate(session: string, type: 'video' | 'podcast', fileName = type === 'video' ? 'cartoon.mp4' : 'show.m4a'): Promise<ContentItem> {
  const upload = await uploadContent(session, type, fileName, type === 'video' ? video : podcast);
  const { status, body } = await postJson('/module-content', { key: upload.key, fileName }, session);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as ContentItem;
}

const list = async (user: TestUser, query = '') => {
  const { status, body } = await callApi(twin, `/content${query}`, user.idToken);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as ContentPage;
};

function s3(): S3Client {
  return new S3Client({ endpoint: twin.endpoints.s3, region: localRegion, credentials: localCredentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
}

async function objectExists(key: string): Promise<boolean> {
  const client = s3();
  try {
    await client.send(new HeadObjectCommand({ Bucket: localBucketNames.content, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  } finally {
    client.destroy();
  }
}

/** The object key a presigned URL points at (path-style: /<bucket>/<key>). */
const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').slice(2).join('/'));

describe('content a module registers for its user', () => {
  it('stores a generated video and lists it with URLs that play, download and share it', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);

    const item = await generate(session, 'video');

    expect(item).toMatchObject({ type: 'video', fileName: 'cartoon.mp4', contentType: 'video/mp4', size: video.length, module: 'autotoon' });
    expect(keyOf(item.url)).toBe(`${user.userId}/videos/${item.contentId}.mp4`);
    const page = await list(user);
    expect(page.items.map((entry) => entry.contentId)).toEqual([item.contentId]);
    const played = await fetch(page.items[0]!.url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await played.arrayBuffer()).equals(video)).toBe(true);
    const downloaded = await fetch(page.items[0]!.downloadUrl);
    expect(downloaded.headers.get('content-disposition')).toContain('attachment; filename="cartoon.mp4"');
    expect(page.items[0]!.shareUrl).toBe(page.items[0]!.url);
  });

  it('lists newest first, filters by type, and pages with a cursor', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user, 'podcast');
    const first = await generate(session, 'podcast');
    const second = await generate(session, 'video');
    const third = await generate(session, 'podcast');

    expect((await list(user)).items.map((entry) => entry.contentId)).toEqual([third.contentId, second.contentId, first.contentId]);
    expect((await list(user, '?type=podcast')).items.map((entry) => entry.contentId)).toEqual([third.contentId, first.contentId]);
    expect((await list(user, '?type=video')).items.map((entry) => entry.contentId)).toEqual([second.contentId]);
    const pageOne = await list(user, '?limit=2');
    expect(pageOne.items).toHaveLength(2);
    const pageTwo = await list(user, `?limit=2&cursor=${pageOne.nextCursor}`);
    expect(pageTwo.items.map((entry) => entry.contentId)).toEqual([first.contentId]);
  });

  it('answers the same item when a module registers the same file twice', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);
    const upload = await uploadContent(session, 'video', 'a.mp4', video);

    const once = await postJson('/module-content', { key: upload.key }, session);
    const twice = await postJson('/module-content', { key: upload.key }, session);

    expect(twice.status).toBe(200);
    expect(twice.body?.['contentId']).toBe(once.body?.['contentId']);
    expect((await list(user)).items).toHaveLength(1);
  });

  it('refuses a file whose content is not what its extension says, and deletes it', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);
    const upload = await uploadContent(session, 'video', 'fake.mp4', Buffer.from('definitely not a video'));

    const { status, body } = await postJson('/module-content', { key: upload.key }, session);

    expect(status).toBe(400);
    expect(body?.['message']).toBe('This file is not a real .mp4 file; it was deleted.');
    expect(await objectExists(upload.key)).toBe(false);
  });

  it('refuses a type the content library does not keep, in words', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);

    const { status, body } = await postJson('/module-content/uploads', { type: 'podcast', fileName: 'show.mp4', contentType: 'video/mp4', size: 10 }, session);

    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('A podcast must be .mp3 or .m4a.');
  });

  it('deletes an item: its record and its object', async () => {
    const user = await createUser(twin);
    const item = await generate(await moduleSession(user), 'video');
    const key = keyOf(item.url);
    expect(await objectExists(key)).toBe(true);

    const { status } = await callApi(twin, `/content/${item.contentId}`, user.idToken, { method: 'DELETE' });

    expect(status).toBe(204);
    expect(await objectExists(key)).toBe(false);
    expect((await list(user)).items).toEqual([]);
    expect((await callApi(twin, `/content/${item.contentId}`, user.idToken, { method: 'DELETE' })).status).toBe(404);
  });

  it('deletes a .webm video together with its .mp4 twin, and shares the twin', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);
    const main = await uploadContent(session, 'video', 'clip.webm', webm);
    const twinUpload = await uploadContent(session, 'video', 'clip.mp4', video, main.key);
    expect(twinUpload.key).toBe(main.key.replace(/\.webm$/, '.mp4'));
    const { body } = await postJson('/module-content', { key: main.key }, session);
    const item = body as unknown as ContentItem;
    expect(item.contentType).toBe('video/webm');
    expect(keyOf(item.shareUrl!)).toBe(twinUpload.key);

    expect((await callApi(twin, `/content/${item.contentId}`, user.idToken, { method: 'DELETE' })).status).toBe(204);

    expect(await objectExists(main.key)).toBe(false);
    expect(await objectExists(twinUpload.key)).toBe(false);
  });

  it('has nothing to share for a .webm without its .mp4 twin', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);
    const main = await uploadContent(session, 'video', 'clip.webm', webm);

    const { body } = await postJson('/module-content', { key: main.key }, session);

    expect((body as unknown as ContentItem).shareUrl).toBeNull();
  });
});

/** Stores bytes at a key the way S3 takes an upload whose type nobody signed: with any Content-Type. */
async function storeAs(key: string, body: Buffer, contentType: string): Promise<void> {
  const client = s3();
  try {
    await client.send(new PutObjectCommand({ Bucket: localBucketNames.content, Key: key, Body: body, ContentType: contentType }));
  } finally {
    client.destroy();
  }
}

describe('a module file is never served as a page (issue 26, item 5)', () => {
  it('signs the upload\'s content type, so S3 refuses a PUT with another (s3rver does not check it: registration does)', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);
    const { body } = await postJson('/module-content/uploads', { type: 'video', fileName: 'cartoon.mp4', contentType: 'video/mp4', size: video.length }, session);
    const upload = body as unknown as ContentUpload;

    expect(new URL(upload.url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(upload.headers).toEqual({ 'content-type': 'video/mp4' });
  });

  it('refuses at registration, in words, a file stored as text/html that begins like a real video, and deletes it', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);
    const { body } = await postJson('/module-content/uploads', { type: 'video', fileName: 'cartoon.mp4', contentType: 'video/mp4', size: video.length }, session);
    const upload = body as unknown as ContentUpload;
    await storeAs(upload.key, video, 'text/html');

    const registered = await postJson('/module-content', { key: upload.key }, session);

    expect(registered.status).toBe(400);
    expect(registered.body?.['message']).toBe(
      'The file was stored with the content type "text/html", but a .mp4 file is video/mp4; it was deleted. Upload it with the headers the upload URL came with.',
    );
    expect(await objectExists(upload.key)).toBe(false);
    expect((await list(user)).items).toEqual([]);
  });

  it('forces the file\'s type on every read link (play, download, share), and attachment on the download', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);
    const main = await uploadContent(session, 'video', 'clip.webm', webm);
    await uploadContent(session, 'video', 'clip.mp4', video, main.key);
    const { body } = await postJson('/module-content', { key: main.key, fileName: 'clip.webm' }, session);
    const item = body as unknown as ContentItem;

    const query = (url: string) => new URL(url).searchParams;
    expect(query(item.url).get('response-content-type')).toBe('video/webm');
    expect(query(item.url).get('response-content-disposition')).toBeNull();
    expect(query(item.shareUrl!).get('response-content-type')).toBe('video/mp4');
    expect(query(item.downloadUrl).get('response-content-type')).toBe('video/webm');
    expect(query(item.downloadUrl).get('response-content-disposition')).toMatch(/^attachment; filename="clip\.webm"/);

    // Whatever type the object carries, the link answers with the file's own.
    await storeAs(main.key, webm, 'text/html');
    const played = await fetch(item.url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/webm');
  });
});

describe('what a module session can and cannot do', () => {
  it('registers content for its own user only', async () => {
    const owner = await createUser(twin);
    const other = await createUser(twin);
    const session = await moduleSession(owner);
    const otherUpload = await uploadContent(await moduleSession(other), 'video', 'x.mp4', video);

    const { status } = await postJson('/module-content', { key: otherUpload.key }, session);

    expect(status).toBe(404);
    expect((await list(owner)).items).toEqual([]);
  });

  it('uploads under its own user\'s prefix whatever it asks', async () => {
    const owner = await createUser(twin);
    const other = await createUser(twin);
    const session = await moduleSession(owner);

    const { status, body } = await postJson('/module-content/uploads', { type: 'video', fileName: 'x.mp4', contentType: 'video/mp4', size: 10, twinOf: `${other.userId}/videos/01J00000000000000000000000.webm` }, session);

    expect(status).toBe(400);
    expect(body?.['message']).toMatch(/twinOf must be the key of a \.webm video of this module session/);
  });

  it('refuses content routes without a live module session: none, a forged one, the one-time token, a Cognito token', async () => {
    const user = await createUser(twin);
    const issued = (await postJson('/module-tokens', { module: 'autotoon' }, user.idToken)).body as unknown as ModuleToken;
    const request = { type: 'video', fileName: 'x.mp4', contentType: 'video/mp4', size: 10 };

    for (const credential of [undefined, 'ms_forgedforgedforgedforgedforgedforgedforged', issued.token, user.idToken]) {
      const { status, body } = await postJson('/module-content/uploads', request, credential);
      expect(status, String(credential).slice(0, 10)).toBe(401);
      expect(body?.['message']).toMatch(/module session is missing, not valid or has expired/);
    }
  });

  it('cannot call the user\'s own routes: a module session is not a sign-in', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);

    expect((await callApi(twin, '/content', session)).status).toBe(401);
    expect((await postJson('/module-tokens', { module: 'autotoon' }, session)).status).toBe(401);
  });
});

describe('one user\'s content against another\'s', () => {
  it('never lists, nor deletes, another user\'s content', async () => {
    const owner = await createUser(twin);
    const intruder = await createUser(twin);
    const item = await generate(await moduleSession(owner), 'podcast');

    expect((await list(intruder)).items).toEqual([]);
    expect((await list(intruder, '?type=podcast')).items).toEqual([]);
    expect((await callApi(twin, `/content/${item.contentId}`, intruder.idToken, { method: 'DELETE' })).status).toBe(404);
    expect(await objectExists(keyOf(item.url))).toBe(true);
    expect((await list(owner)).items.map((entry) => entry.contentId)).toEqual([item.contentId]);
  });

  it('refuses another user\'s cursor', async () => {
    const owner = await createUser(twin);
    const intruder = await createUser(twin);
    const session = await moduleSession(owner);
    await generate(session, 'video');
    await generate(session, 'video');
    const { nextCursor } = await list(owner, '?limit=1');

    const { status, body } = await callApi(twin, `/content?limit=1&cursor=${nextCursor}`, intruder.idToken);

    expect(status).toBe(400);
    expect(body?.['message']).toMatch(/cursor is not valid/);
  });

  it('keeps a file another user put under someone\'s prefix out of their list until registered by their own session', async () => {
    const owner = await createUser(twin);
    const client = s3();
    try {
      await client.send(new PutObjectCommand({ Bucket: localBucketNames.content, Key: `${owner.userId}/videos/01J00000000000000000000000.mp4`, Body: video }));
    } finally {
      client.destroy();
    }

    expect((await list(owner)).items).toEqual([]);
  });
});
