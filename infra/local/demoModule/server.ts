import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { moduleIds, type ModuleId, type ModuleUrls } from '../../../shared/api/modules';
import type { TwinLog } from '../log';
import { demoModules, demoPage, demoScript } from './page';

/**
 * The demo sibling module: plays the part of the real AI tools offline, on its own origin.
 * Its page (in the dashboard's iframe) sends the one-time token to this server, which trades it
 * for a module session at OneClick's API, server to server, as a real sibling's back end would;
 * "generating" uploads a sample file to the content bucket with a presigned PUT and registers it.
 */
export interface DemoModule {
  origin: string;
  /** Each module's page (all four served here). */
  urls: Required<ModuleUrls>;
  stop(): Promise<void>;
}

const samples = {
  video: { file: resolve(import.meta.dirname, 'samples/cartoon.mp4'), contentType: 'video/mp4' },
  podcast: { file: resolve(import.meta.dirname, 'samples/podcast.m4a'), contentType: 'audio/mp4' },
} as const;

/** The name each module gives what it made. */
const fileNames: Partial<Record<ModuleId, string>> = { autotoon: 'cartoon.mp4', influencer: 'influencer.mp4', podcast: 'podcast.m4a' };

/** Module sessions this demo holds, by the opaque id its page keeps (the OneClick session never reaches the page). */
interface HeldSession {
  sessionToken: string;
  email: string;
  module: ModuleId;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('The request is too large.');
    chunks.push(chunk as Buffer);
  }
  const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

export async function startDemoModule(options: { port: number; siteOrigin: string; apiUrl: string; log: TwinLog }): Promise<DemoModule> {
  const sessions = new Map<string, HeldSession>();
  const origin = `http://127.0.0.1:${options.port}`;

  async function api(path: string, body: unknown, sessionToken?: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${options.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(sessionToken ? { authorization: `Bearer ${sessionToken}` } : {}) },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) throw Object.assign(new Error(String(answer['message'] ?? `OneClick answered ${response.status}`)), { status: response.status });
    return answer;
  }

  async function signIn(body: Record<string, unknown>) {
    const module = body['module'];
    if (typeof body['token'] !== 'string' || !moduleIds.includes(module as never)) throw Object.assign(new Error('Send { token, module }.'), { status: 400 });
    const session = await api('/module-sessions', { token: body['token'], module });
    const id = randomBytes(24).toString('base64url');
    const user = session['user'] as { email: string };
    sessions.set(id, { sessionToken: String(session['sessionToken']), email: user.email, module: module as ModuleId });
    return { session: id, email: user.email };
  }

  async function generate(body: Record<string, unknown>) {
    const held = sessions.get(String(body['session']));
    if (!held) throw Object.assign(new Error('Not signed in: open the module from the dashboard again.'), { status: 401 });
    const type = body['type'] === 'podcast' ? 'podcast' : 'video';
    const sample = samples[type];
    const fileName = fileNames[held.module] ?? (type === 'video' ? 'video.mp4' : 'podcast.m4a');
    const file = readFileSync(sample.file);
    const upload = await api('/module-content/uploads', { type, fileName, contentType: sample.contentType, size: file.length }, held.sessionToken);
    const put = await fetch(String(upload['url']), { method: 'PUT', headers: upload['headers'] as Record<string, string>, body: new Uint8Array(file) });
    if (!put.ok) throw new Error(`The content bucket refused the upload (${put.status}).`);
    return api('/module-content', { key: upload['key'], fileName }, held.sessionToken);
  }

  const pageHeaders = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'self'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${options.siteOrigin}`,
    'x-content-type-options': 'nosniff',
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const path = url.pathname.replace(/^\/+|\/+$/g, '');
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (reading && path in demoModules) {
      response.writeHead(200, pageHeaders);
      response.end(demoPage(path, options.siteOrigin));
      return;
    }
    if (reading && path === 'demo.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      response.end(demoScript);
      return;
    }
    if (request.method === 'POST' && (path === 'session' || path === 'generate')) {
      readJson(request)
        .then((body) => (path === 'session' ? signIn(body) : generate(body)))
        .then((answer) => send(response, 200, answer))
        .catch((error: Error & { status?: number }) => {
          options.log.error('module', `${path}: ${error.message}`);
          send(response, error.status && error.status < 500 ? error.status : 502, { message: error.message });
        });
      return;
    }
    send(response, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolveListen) => server.listen(options.port, '127.0.0.1', () => resolveListen()));
  options.log.info('module', `demo module on ${origin} (AutoToon, Influencer, Podcast, AI Image)`);
  return {
    origin,
    urls: {
      influencer: `${origin}/influencer`,
      autotoon: `${origin}/autotoon`,
      podcast: `${origin}/podcast`,
      imageGenerator: `${origin}/image-generator`,
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
