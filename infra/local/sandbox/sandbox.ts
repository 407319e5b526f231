import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isPlatform, platformNames, platforms, type Platform } from '../../../shared/platforms';
import type { TwinLog } from '../log';
import { consentPage, errorPage } from './consentPage';
import { controlApi, createControl, type PlatformRuntime, type SandboxControl } from './control';
import { createFaults, type FaultEffect } from './faults';
import { checkHosts, servesHost } from './hosts';
import { createRequestLog, type RecordedCall } from './requestLog';
import { createFeedStore } from './feed';
import { feedPage } from './feedPage';
import { bodyReader, html, json, matchPath, readForm, redirect, type SandboxRequest, type SandboxResponse } from './http';
import { avatarSvg } from './identity';
import { createEventLog, createLimitValues, type LimitDefinitions, type LimitValues } from './limits';
import { createMediaStore } from './media';
import { decideConsent, isRefusal, parseAuthorize } from './oauth';
import type { SandboxClient } from './platform';
import { createProcessingPlans } from './processing';
import { platformSandboxes } from './registry';
import { createStore } from './store';
import { createTestFeeds } from './testFeeds';
import { testFile } from './testFiles';
import { createTestHooks } from './testHooks';

export type { SandboxClient } from './platform';
export type { ConsentInput, IssuedToken, SandboxControl } from './control';
export type { FaultInput } from './faults';
export type { RecordedCall } from './requestLog';
export type { PublishedPost } from './feed';
export type { ProcessingInput } from './processing';

/**
 * The platform sandbox: one local HTTP server that speaks each platform's real wire format, so
 * the adapters and publishers run against it exactly as against the platforms.
 *
 * Its shape mirrors the platforms' (functions/platforms/<platform>/): each platform's sandbox is
 * a folder <platform>/ — index.ts (its OAuth dialect, profile routes and the hosts it serves),
 * api.ts (its error envelope and token checks), publishing.ts, metrics.ts, identity.ts (ids
 * shaped like its real ones) — and registry.ts plugs each in by one line. This file and the
 * others beside it are generic: they name no platform, and know one only through its
 * PlatformSandbox (platform.ts).
 *
 * Every real host is served under /<platform>/<hostKey> with the real path after it (the host
 * keys a platform's sandbox declares, plus upload hosts it only hands out), e.g.
 * POST /<platform>/oauth2/token. Besides those:
 *
 *   POST /<platform>/_consent            the consent page's form (Allow / Deny)
 *   GET  /<platform>/_avatar/<id>.svg    an account's generated avatar
 *   GET  /<platform>/_feed/<account>     what the sandbox account published, newest first (HTML)
 *   GET  /<platform>/_media/<id>         a published post's media (Range requests for video)
 *   /_sandbox/*                          the test control API (control.ts)
 *   /_feeds/*                            RSS test feeds a workspace can follow (testFeeds.ts)
 *   /_files/*                            files a script can upload from a URL (testFiles.ts)
 *   /_hooks/*                            webhook receivers: what each got (testHooks.ts)
 *
 * Each platform's metrics endpoints (<platform>/metrics.ts) answer from simulated, growing
 * engagement of what was published (engagement.ts).
 *
 * Uploaded bytes go to <dataDir>/media/ as they arrive (memory without a data folder); the
 * feed is kept in <dataDir>/feed.json. Upload sessions, containers and media in processing
 * live in memory: a restart forgets them, as if they had expired.
 */

export interface SandboxOptions {
  /** 0 = any free port. */
  port: number;
  /** Persist state in <dataDir> (sandbox.json, feed.json, media/; survives a restart); omitted = memory only. */
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

/** What the server does with a request: answer (maybe late), or close the connection without answering. */
interface Delivery {
  answer: SandboxResponse | undefined;
  delayMs: number;
  drop: boolean;
}

const answerNow = (answer: SandboxResponse): Delivery => ({ answer, delayMs: 0, drop: false });

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a blob of `size` bytes; 'unsatisfiable' when outside it. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const clock = options.clock ?? { now: () => Date.now() };
  const dataDir = options.dataDir ? { dataDir: options.dataDir } : {};
  const store = createStore({ clock, ...dataDir });
  const feed = createFeedStore(dataDir);
  const media = createMediaStore(dataDir);
  // Uploads that never became a post before a restart are gone with their sessions.
  media.retainOnly(feed.blobIds());
  const faults = createFaults();
  const testFeeds = createTestFeeds();
  const testHooks = createTestHooks();
  const requestLog = createRequestLog();
  const processing = createProcessingPlans();
  const events = Object.fromEntries(platforms.map((platform) => [platform, createEventLog()])) as Record<Platform, ReturnType<typeof createEventLog>>;
  // Assigned once below, after the runtimes whose `limit` reads it lazily.
  // eslint-disable-next-line prefer-const
  let limits: LimitValues | undefined;
  let baseUrl = '';

  const runtimes = Object.fromEntries(
    platforms.map((platform) => {
      const context = {
        platform,
        client: options.clients[platform],
        store,
        now: () => clock.now(),
        avatarUrl: (accountId: string) => `${baseUrl}/${platform}/_avatar/${encodeURIComponent(accountId)}.svg`,
        hostUrl: (hostKey: string) => `${baseUrl}/${platform}/${hostKey}`,
        media,
        feed,
        nextProcessing: (defaultReads: number, account?: string) => processing.next(platform, defaultReads, account),
        limit: (name: string) => limits!.value(platform, name),
        events: events[platform],
      };
      const sandbox = platformSandboxes[platform](context);
      checkHosts(platform, sandbox);
      return [platform, { context, sandbox }];
    }),
  ) as Record<Platform, PlatformRuntime>;
  limits = createLimitValues(
    Object.fromEntries(platforms.map((platform) => [platform, runtimes[platform].sandbox.limits ?? {}])) as Record<Platform, LimitDefinitions>,
  );
  const control = createControl({ runtimes, store, faults, feed, media, processing, limits, events: Object.values(events), requestLog });

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

  function feedHtml(runtime: PlatformRuntime, accountName: string): SandboxResponse {
    const { platform } = runtime.context;
    const account = store.account(platform, accountName);
    if (!account) return html(404, feedPage({ platformName: platformNames[platform], platform, account: accountName, displayName: accountName, entries: [] }));
    return html(200, feedPage({ platformName: platformNames[platform], platform, account: account.name, displayName: account.displayName, entries: feed.list(platform, account.name) }));
  }

  function mediaFile(runtime: PlatformRuntime, blobId: string, rangeHeader: string | undefined): SandboxResponse {
    const item = feed.media(runtime.context.platform, blobId);
    if (!item || !media.has(blobId)) return { status: 404 };
    const size = media.size(blobId);
    const headers = { 'content-type': item.contentType, 'accept-ranges': 'bytes', 'cache-control': 'no-store' };
    const range = byteRange(rangeHeader, size);
    if (range === 'unsatisfiable') return { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } };
    if (range) {
      return {
        status: 206,
        headers: { ...headers, 'content-length': String(range.end - range.start + 1), 'content-range': `bytes ${range.start}-${range.end}/${size}` },
        body: media.read(blobId, range.start, range.end),
      };
    }
    return { status: 200, headers: { ...headers, 'content-length': String(size) }, body: size === 0 ? '' : media.read(blobId) };
  }

  async function dispatch(raw: IncomingMessage, url: URL, method: string): Promise<Delivery> {
    const segments = url.pathname.split('/');
    const [, first = '', second = ''] = segments;
    const body = bodyReader(raw);
    if (first === '_sandbox') return answerNow(await controlApi(control, method, `/${segments.slice(2).join('/')}`, url.searchParams, body));
    if (first === '_feeds' && segments.length === 3) return answerNow(await testFeeds.handle(method, decodeURIComponent(second), body, raw.headers));
    if (first === '_files' && segments.length === 3) return answerNow(testFile(method, decodeURIComponent(second)));
    if (first === '_hooks' && segments.length === 3) return answerNow(await testHooks.handle(method, decodeURIComponent(second), body, raw.headers));
    if (!isPlatform(first)) return answerNow(notFound(method, url.pathname));
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

    if (second === '_consent' && segments.length === 3 && method === 'POST') return answerNow(await consentForm(runtime, request('_consent', '/')));
    if (second === '_avatar' && segments.length === 4 && method === 'GET') return answerNow(avatar(runtime, segments[3]!));
    if (second === '_feed' && segments.length === 4 && method === 'GET') return answerNow(feedHtml(runtime, decodeURIComponent(segments[3]!)));
    if (second === '_media' && segments.length === 4 && method === 'GET') return answerNow(mediaFile(runtime, segments[3]!, raw.headers.range));
    if (!servesHost(runtime.sandbox, second)) return answerNow(notFound(method, url.pathname));

    const path = `/${segments.slice(3).join('/')}`;
    const canonical = runtime.sandbox.canonicalPath?.(second, path) ?? path;
    const routeAnswer = async (): Promise<SandboxResponse> => {
      if (method === 'GET' && runtime.sandbox.authorize.endpoints.some((endpoint) => endpoint.hostKey === second && endpoint.path === canonical)) {
        return authorizePage(runtime, url.searchParams, url.search.slice(1));
      }
      for (const route of runtime.sandbox.routes) {
        if (route.method !== method || route.hostKey !== second) continue;
        const params = matchPath(route.path, canonical);
        if (params) return route.handle(request(second, canonical, params));
      }
      return notFound(method, url.pathname);
    };

    const presented = raw.headers.authorization?.replace(/^(Bearer|OAuth|DPoP)\s+/i, '') ?? url.searchParams.get('access_token') ?? undefined;
    const account = presented ? store.findToken(first, presented)?.account : undefined;
    const route = runtime.sandbox.routes.find((candidate) => candidate.method === method && candidate.hostKey === second && matchPath(candidate.path, canonical))?.path;
    const call: RecordedCall = { platform: first, hostKey: second, method, route: route ?? canonical, ...(account ? { account } : {}) };
    requestLog.add(call);
    const platformAnswer = async (): Promise<SandboxResponse> => {
      const before = feed.count(first);
      const answer = await routeAnswer();
      if (feed.count(first) > before) call.posted = true;
      return answer;
    };
    const fault: FaultEffect | undefined = faults.take({ platform: first, hostKey: second, method, paths: [path, canonical], ...(route ? { route } : {}), ...(account ? { account } : {}) });
    if (!fault) return answerNow(await platformAnswer());
    // Every fault effect is applied here.
    switch (fault.action.kind) {
      case 'respond':
        return { answer: fault.action.response, delayMs: fault.delayMs, drop: false };
      case 'drop':
        return { answer: fault.action.when === 'after' ? await platformAnswer() : undefined, delayMs: fault.delayMs, drop: true };
      case 'pass':
        return { answer: await platformAnswer(), delayMs: fault.delayMs, drop: false };
      case 'expireToken':
        for (const name of account ? [account] : store.accounts(first).map((known) => known.name)) store.expireAccessTokens(first, name);
        return { answer: await platformAnswer(), delayMs: fault.delayMs, drop: false };
    }
  }

  function write(response: ServerResponse, answer: SandboxResponse): void {
    response.writeHead(answer.status, answer.headers);
    if (answer.body instanceof Readable) {
      pipeline(answer.body, response).catch(() => response.destroy());
      return;
    }
    response.end(answer.body);
  }

  /** Requests whose connection the sandbox closed on purpose (not logged again as closed by the client). */
  const dropped = new WeakSet<IncomingMessage>();

  /** Delayed answers waiting: stop() lets none of them keep the process alive. */
  const delays = new Map<NodeJS.Timeout, () => void>();

  function wait(ms: number): Promise<void> {
    return new Promise((resolveWait) => {
      const timer = setTimeout(() => {
        delays.delete(timer);
        resolveWait();
      }, ms);
      delays.set(timer, resolveWait);
    });
  }

  async function deliver(raw: IncomingMessage, response: ServerResponse, delivery: Delivery, label: string): Promise<void> {
    if (delivery.delayMs > 0) await wait(delivery.delayMs);
    if (delivery.drop || response.destroyed) {
      if (delivery.answer?.body instanceof Readable) delivery.answer.body.destroy();
      if (delivery.drop) {
        dropped.add(raw);
        options.log.info('sandbox', `${label} dropped the connection`);
      }
      raw.socket.destroy();
      return;
    }
    if (delivery.answer) write(response, delivery.answer);
  }

  const server = createServer((raw, response) => {
    const url = new URL(raw.url ?? '/', 'http://127.0.0.1');
    const method = (raw.method ?? 'GET').toUpperCase();
    const label = `${method} ${url.pathname}`;
    // Method, path and status only: queries and bodies carry codes, tokens and secrets.
    response.on('finish', () => options.log.info('sandbox', `${label} ${response.statusCode}`));
    response.on('close', () => {
      if (!response.writableFinished && !dropped.has(raw)) options.log.info('sandbox', `${label} closed by the client before the answer`);
    });
    dispatch(raw, url, method)
      .then((delivery) => deliver(raw, response, delivery, label))
      .catch((error: unknown) => {
        options.log.error('sandbox', `${label} failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent && !response.destroyed) write(response, json(500, { error: 'sandbox_error' }));
      });
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
      if (!runtimes[platform].sandbox.hosts.includes(hostKey)) throw new Error(`${platform} has no host "${hostKey}"`);
      return `${baseUrl}/${platform}/${hostKey}`;
    },
    control,
    async stop() {
      for (const [timer, resolveWait] of delays) {
        clearTimeout(timer);
        resolveWait();
      }
      delays.clear();
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
