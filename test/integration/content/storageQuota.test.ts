import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { membershipAllowances } from '../../../shared/api/membership';
import type { ContentItem } from '../../../shared/api/content';
import type { ContentUpload, ModuleSession, ModuleToken } from '../../../shared/api/modules';
import { storageUsage, uploadThroughApi } from '../../support/apiUploads';
import { tinyJpeg } from '../../support/posts';
import { callApi, createUser, type TestUser } from '../../support/users';

/**
 * Module content counts against the same plan storage as the wizard's media: at its declared
 * size when the module asks for the upload URL (50 URLs for 2 GiB files are refused past the
 * plan), at its real size once registered, and not at all once deleted.
 */
const twin = inject('twin');
const video = readFileSync(resolve(import.meta.dirname, '../../../infra/local/demoModule/samples/cartoon.mp4'));
const freeLimit = membershipAllowances.free.maxStorageBytes!;
const MiB = 1024 * 1024;

const postJson = (path: string, body: unknown, token?: string) =>
  callApi(twin, path, token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function moduleSession(user: TestUser): Promise<string> {
  const issued = (await postJson('/module-tokens', { module: 'autotoon' }, user.idToken)).body as unknown as ModuleToken;
  const { body } = await postJson('/module-sessions', { token: issued.token, module: 'autotoon' });
  return (body as unknown as ModuleSession).sessionToken;
}

describe('module content and the storage quota', () => {
  it('counts at the declared size, then the real size, shares the plan with media, and releases on delete', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);
    const asked = await postJson('/module-content/uploads', { type: 'video', fileName: 'cartoon.mp4', contentType: 'video/mp4', size: 5 * MiB }, session);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await storageUsage(twin, user)).usedBytes).toBe(5 * MiB);
    const upload = asked.body as unknown as ContentUpload;
    expect((await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(video) })).status).toBe(200);
    const registered = await postJson('/module-content', { key: upload.key }, session);
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect((await storageUsage(twin, user)).usedBytes).toBe(video.length);

    expect((await uploadThroughApi(twin, user, 'photo.jpg', 'image/jpeg', tinyJpeg)).status).toBe(200);
    expect((await storageUsage(twin, user)).usedBytes).toBe(video.length + tinyJpeg.length);

    const item = registered.body as unknown as ContentItem;
    expect((await callApi(twin, `/content/${item.contentId}`, user.idToken, { method: 'DELETE' })).status).toBe(204);
    expect((await storageUsage(twin, user)).usedBytes).toBe(tinyJpeg.length);
  });

  it('refuses upload URLs past the plan: a flood of 2 GiB requests gets one, in words', async () => {
    const user = await createUser(twin);
    const session = await moduleSession(user);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postJson('/module-content/uploads', { type: 'video', fileName: 'huge.mp4', contentType: 'video/mp4', size: 2048 * MiB }, session)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(Math.floor(freeLimit / (2048 * MiB)));
    const refused = answers.filter((answer) => answer.status === 403);
    expect(refused).toHaveLength(20 - Math.floor(freeLimit / (2048 * MiB)));
    expect(String(refused[0]!.body?.['message'])).toMatch(/^Your plan's storage is full/);
    expect((await storageUsage(twin, user)).usedBytes).toBe(2048 * MiB);
  });
});
