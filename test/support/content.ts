import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ContentItem } from '../../shared/api/content';
import type { ContentUpload, ModuleId, ModuleSession, ModuleToken } from '../../shared/api/modules';
import type { TwinInfo } from './twinInfo';
import { storedObjectExists } from './storedObjects';
import { callApi, type TestUser } from './users';

const samples = resolve(import.meta.dirname, '../../infra/local/demoModule/samples');
/** The demo module's samples: a real 4-second H.264 MP4 and a 4-second MP4-audio podcast. */
export const sampleCartoon = readFileSync(resolve(samples, 'cartoon.mp4'));
export const samplePodcast = readFileSync(resolve(samples, 'podcast.m4a'));

const postJson = (twin: TwinInfo, path: string, body: unknown, token?: string) =>
  callApi(twin, path, token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A module session for the user, as a module's back end gets one (token → exchange). */
export async function moduleSessionFor(twin: TwinInfo, user: TestUser, module: ModuleId = 'autotoon'): Promise<string> {
  const issued = await postJson(twin, '/module-tokens', { module }, user.idToken);
  if (issued.status !== 200) throw new Error(`module-tokens answered ${issued.status}: ${JSON.stringify(issued.body)}`);
  const exchanged = await postJson(twin, '/module-sessions', { token: (issued.body as unknown as ModuleToken).token, module });
  if (exchanged.status !== 200) throw new Error(`module-sessions answered ${exchanged.status}: ${JSON.stringify(exchanged.body)}`);
  return (exchanged.body as unknown as ModuleSession).sessionToken;
}

/** Uploads a file with the module session and registers it in the user's content. */
export async function registerContent(
  twin: TwinInfo,
  session: string,
  file: { type: 'video' | 'podcast'; fileName: string; contentType: string; body: Buffer },
): Promise<ContentItem> {
  const started = await postJson(twin, '/module-content/uploads', { type: file.type, fileName: file.fileName, contentType: file.contentType, size: file.body.length }, session);
  if (started.status !== 200) throw new Error(`module-content/uploads answered ${started.status}: ${JSON.stringify(started.body)}`);
  const upload = started.body as unknown as ContentUpload;
  const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(file.body) });
  if (!put.ok) throw new Error(`PUT answered ${put.status}`);
  const registered = await postJson(twin, '/module-content', { key: upload.key, fileName: file.fileName }, session);
  if (registered.status !== 200) throw new Error(`module-content answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  return registered.body as unknown as ContentItem;
}

/** The object key a presigned content URL points at (path-style: /<bucket>/<key>). */
export const contentKeyOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').slice(2).join('/'));

export const contentObjectExists = (twin: TwinInfo, key: string) => storedObjectExists(twin, 'content', key);
