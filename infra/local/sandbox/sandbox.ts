import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPlatform, platformNames, platforms, type Platform } from '../../../shared/platforms';
import { platformHosts } from '../../../functions/platforms/hosts';
import type { TwinLog } from '../log';
import { consentPage, errorPage } from './consentPage';
import { controlApi, createControl, type PlatformRuntime, type SandboxControl } from './control';
import { createFaults } from './faults';
import { bodyReader, html, json, matchPath, readForm, redirect, type SandboxRequest, type SandboxResponse } from './http';
import { avatarSvg } from './identity';
import { instagram } from './instagram';
import { linkedin } from './linkedin';
import { decideConsent, isRefusal, parseAuthorize } from './oauth';
import type { PlatformSandboxFactory, SandboxClient } from './platform';
import { createStore } from './store';
import { tiktok } from './tiktok';
import { x } from './x';
import { youtube } from './youtube';

export type { SandboxClient } from './platform';
export type { ConsentInput, IssuedToken, SandboxControl } from './control';
export type { FaultInput } from './faults';

/**
 * The platform sandbox: one local HTTP server that speaks each platform's real wire format, so
 * the adapters run against it exactly as against the platforms. Every real host is served under
 * /<platform>/<hostKey> with the real path after it (host keys from functions/platforms/hosts.ts),
 * e.g. POST /youtube/oauth2/token. Besides those:
 *
 *   POST /<platform>/_consent            the consent page's form (Allow / Deny)
 *   GET  /<platform>/_avatar/<id>.svg    an account's generated avatar
 *   /_sandbox/*                          the test control API (control.ts)
 */

const platformSandboxes: Record<Platform, PlatformSandboxFactory> = { youtube, tiktok, instagram, x, linkedin };

export interface SandboxOptions {
  /** 0 = any free port. */
  port: number;
  /** Persist state in <dataDir>/sandbox.json (survives a restart); omitted = memory only. */
  dataDir?: string;
  /** The only registered app per platform. */
  clients: Record<Platform, SandboxClient>;
  log: TwinLog;
  /** Epoch ms; default Date.now. All expiry logic uses it. */
  clock?: { now(): number };
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  /** `${url}/${platform}/${hostKey}`: what the adapters' host configuration points at. */
  hostUrl(platform: Platform, hostKey: string): string;
  control: SandboxControl;
  stop(): Promise<void>;
}

function notFound(method: string, path: string): SandboxResponse {
  return json(404, { error: 'not_found', message: `The sandbox has no ${method} ${path}` });
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const clock = options.clock ?? { now: () => Date.now() };
  const store = createStore({ clock, ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
  const faults = createFaults();
  let baseUrl = '';

  const runtimes = Object.fromEntries(
    platforms.map((platform) => {
      const context = {
        platform,
        client: options.clients[platform],
        store,
        now: () => clock.now(),
        avatarUrl: (accountId: string) => `${baseUrl}/${platform}/_avatar/${encodeURIComponent(accountId)}.svg`,
      };
      return [platform, { context, sandbox: platformSandboxes[platform](context) }];
    }),
  ) as Record<Platform, PlatformRuntime>;
  const control = createControl({ runtimes, store, faults });

  function authorizePage(runtime: PlatformRuntime, query: URLSearchParams, rawQuery: string): SandboxResponse {
    const { context, sandbox } = runtime;
    const platformName = platformNames[context.platform];
    const request = parseAuthorize(context, sandbox.authorize, query);
    if (isRefusal(request)) return html(400, errorPage(platformName, request.error, request.description));
    return html(
      200,
      consentPage({
        platformName,
        clientId: request.clientId,
        scopes: request.scopes,
        knownAccounts: store.accounts(context.platform).map((account) => account.name),
        action: `/${context.platform}/_consent`,
        authorizeQuery: rawQuery,
      }),
    );
  }

  async function consentForm(runtime: PlatformRuntime, request: SandboxRequest): Promise<SandboxResponse> {
    const { context, sandbox } = runtime;
    const platformName = platformNames[context.platform];
    const form = await readForm(request);
    const decision = form?.get('decision');
    if (!form || (decision !== 'allow' && decision !== 'deny')) {
      return html(400, errorPage(platformName, 'invalid_request', 'The consent form must be posted with decision=allow or decision=deny.'));
    }
    const authorizeQuery = form.get('authorize_query') ?? '';
    const account = form.get('account') ?? '';
    const displayName = form.get('displayName') ?? '';
    const outcome = decideConsent(context, sandbox.authorize, new URLSearchParams(authorizeQuery), { decision, account, displayName });
    switch (outcome.kind) {
      case 'redirect':
        return redirect(outcome.location);
      case 'refused':
        return html(400, errorPage(platformName, outcome.refusal.error, outcome.refusal.description));
      case 'problem':
        return html(
          400,
          consentPage({
            platformName,
            clientId: outcome.request.clientId,
            scopes: outcome.request.scopes,
            knownAccounts: store.accounts(context.platform).map((known) => known.name),
            action: `/${context.platform}/_consent`,
            authorizeQuery,
            account,
            displayName,
            problem: outcome.problem,
          }),
        );
    }
  }

  function avatar(runtime: PlatformRuntime, file: string): SandboxResponse {
    const id = decodeURIComponent(file.replace(/\.svg$/, ''));
    const account = store.accounts(runtime.context.platform).find((candidate) => runtime.sandbox.avatarId(candidate.name) === id);
    if (!file.endsWith('.svg') || !account) return { status: 404 };
    return { status: 200, headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=300' }, body: avatarSvg(id, account.displayName) };
  }

  async function dispatch(raw: IncomingMessage, url: URL, method: string): Promise<SandboxResponse> {
    const segments = url.pathname.split('/');
    const [, first = '', second = ''] = segments;
    const body = bodyReader(raw);
    if (first === '_sandbox') return controlApi(control, method, `/${segments.slice(2).join('/')}`, url.searchParams, body);
    if (!isPlatform(first)) return notFound(method, url.pathname);
    const runtime = runtimes[first];
    const request = (hostKey: string, path: string, params: Record<string, string> = {}): SandboxRequest => ({
      method,
      hostKey,
      path,
      params,
      query: url.searchParams,
      headers: raw.headers,
      raw,
      body,
    });

    if (second === '_consent' && segments.length === 3 && method === 'POST') return consentForm(runtime, request('_consent', '/'));
    if (second === '_avatar' && segments.length === 4 && method === 'GET') return avatar(runtime, segments[3]!);
    if (!Object.hasOwn(platformHosts[first], second)) return notFound(method, url.pathname);

    const path = `/${segments.slice(3).join('/')}`;
    const canonical = runtime.sandbox.canonicalPath?.(second, path) ?? path;
    const fault = faults.take({ platform: first, hostKey: second, method, paths: [path, canonical] });
    if (fault) {
      // Every fault effect is applied here, instead of the platform's answer.
      switch (fault.kind) {
        case 'respond':
          return fault.response;
      }
    }

    if (method === 'GET' && runtime.sandbox.authorize.endpoints.some((endpoint) => endpoint.hostKey === second && endpoint.path === canonical)) {
      return authorizePage(runtime, url.searchParams, url.search.slice(1));
    }
    for (const route of runtime.sandbox.routes) {
      if (route.method !== method || route.hostKey !== second) continue;
      const params = matchPath(route.path, canonical);
      if (params) return route.handle(request(second, canonical, params));
    }
    return notFound(method, url.pathname);
  }

  function write(response: ServerResponse, answer: SandboxResponse): void {
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  }

  const server = createServer((raw, response) => {
    const url = new URL(raw.url ?? '/', 'http://127.0.0.1');
    const method = (raw.method ?? 'GET').toUpperCase();
    // Method, path and status only: queries and bodies carry codes, tokens and secrets.
    response.on('finish', () => options.log.info('sandbox', `${method} ${url.pathname} ${response.statusCode}`));
    dispatch(raw, url, method).then(
      (answer) => write(response, answer),
      (error: unknown) => {
        options.log.error('sandbox', `${method} ${url.pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent) write(response, json(500, { error: 'sandbox_error' }));
      },
    );
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    hostUrl(platform, hostKey) {
      if (!Object.hasOwn(platformHosts[platform], hostKey)) throw new Error(`${platform} has no host "${hostKey}"`);
      return `${baseUrl}/${platform}/${hostKey}`;
    },
    control,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
