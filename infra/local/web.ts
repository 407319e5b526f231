import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import type { ViteDevServer } from 'vite';
import { contentSecurityPolicy, staticSecurityHeaders } from '../../shared/resources/securityHeaders';
import type { WebConfig } from '../../shared/api/webConfig';
import { moduleOrigins } from '../../shared/api/modules';
import type { LocalApi } from './api';
import type { TwinLog } from './log';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface WebServerOptions {
  port: number;
  config: WebConfig;
  api: LocalApi;
  apiBasePath: string;
  /** Origins the app calls besides its own (Cognito, S3): they go in the CSP. */
  connectOrigins: string[];
  mediaOrigins: string[];
  log: TwinLog;
  /** Serve the production build from this folder (CloudFront's part)… */
  distDir?: string;
  /** …or the Vite dev server (with hot reload) when developing. */
  vite?: ViteDevServer;
}

/**
 * The twin of CloudFront: the built app with SPA fallback, the same security headers, the
 * deployment's config.json, and /api/* routed to the API on the same origin.
 */
export async function startWebServer(options: WebServerOptions): Promise<{ url: string; server: Server; stop(): Promise<void> }> {
  const csp = contentSecurityPolicy({ connect: options.connectOrigins, media: options.mediaOrigins, frames: moduleOrigins(options.config.modules ?? {}) });
  const securityHeaders: Record<string, string> = {
    'strict-transport-security': `max-age=${staticSecurityHeaders.strictTransportSecurity.maxAgeSeconds}; includeSubDomains; preload`,
    'referrer-policy': staticSecurityHeaders.referrerPolicy,
    'x-content-type-options': staticSecurityHeaders.contentTypeOptions,
    'x-frame-options': staticSecurityHeaders.frameOptions,
    // The Vite dev server injects inline scripts for hot reload; the CSP applies to the build.
    ...(options.vite ? {} : { 'content-security-policy': csp }),
  };

  function serveFile(response: ServerResponse, file: string, cache: string): void {
    response.writeHead(200, {
      ...securityHeaders,
      'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      'cache-control': cache,
    });
    createReadStream(file).pipe(response);
  }

  function serveStatic(request: IncomingMessage, response: ServerResponse, url: URL): void {
    const root = resolve(options.distDir!);
    const candidate = normalize(join(root, decodeURIComponent(url.pathname)));
    if (candidate.startsWith(root) && existsSync(candidate) && statSync(candidate).isFile()) {
      const immutable = candidate.includes(`${join(root, 'assets')}`);
      serveFile(response, candidate, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return;
    }
    // SPA fallback, as CloudFront's error responses do: the router owns unknown paths.
    serveFile(response, join(root, 'index.html'), 'no-cache');
    void request;
  }

  // Long heads reach the API stand-in, which answers them as API Gateway does (see api.ts).
  const server = createServer({ maxHeaderSize: 1024 * 1024 }, (request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`);
    if (url.pathname === options.apiBasePath || url.pathname.startsWith(`${options.apiBasePath}/`)) {
      void options.api(request, response, url, url.pathname.slice(options.apiBasePath.length) || '/');
      return;
    }
    // OAuth metadata at the site's root for an issuer or resource under /api (RFC 8414 §3, RFC 9728
    // §3.1 insert the well-known name before the path): the MCP clients look there first (docs/mcp.md).
    const wellKnown = /^\/\.well-known\/(oauth-authorization-server|oauth-protected-resource)(\/.*)$/.exec(url.pathname);
    if (wellKnown && (wellKnown[2] === options.apiBasePath || wellKnown[2]!.startsWith(`${options.apiBasePath}/`))) {
      void options.api(request, response, url, `/.well-known/${wellKnown[1]}`);
      return;
    }
    if (url.pathname === '/config.json') {
      response.writeHead(200, { ...securityHeaders, 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(options.config));
      return;
    }
    if (options.vite) {
      options.vite.middlewares(request, response);
      return;
    }
    serveStatic(request, response, url);
  });
  await new Promise<void>((resolveListen) => server.listen(options.port, '127.0.0.1', () => resolveListen()));
  const url = `http://127.0.0.1:${options.port}`;
  options.log.info('web', `web app on ${url}${options.vite ? ' (Vite dev server)' : ` (build in ${options.distDir})`}`);
  return {
    url,
    server,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
