import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/** What a route handler sees: the request as it arrived at the platform's real host. */
export interface SandboxRequest {
  method: string;
  hostKey: string;
  /** The real path after the host key (as the platform's canonicalPath gives it, e.g. without a version prefix). */
  path: string;
  /** `{name}` segments of the route's path. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The raw request, for handlers that stream large bodies (uploads go to disk, never to memory). */
  raw: IncomingMessage;
  /** The whole body (read once, cached; at most 64 MiB). */
  body(): Promise<Buffer>;
}

/** What a route handler answers; the server writes it, logs it, and applies faults in one place. */
export interface SandboxResponse {
  status: number;
  headers?: Record<string, string>;
  /** A stream is piped (served media). */
  body?: string | Buffer | Readable;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  method: HttpMethod;
  hostKey: string;
  /** The real path; `{name}` segments match one path segment each. */
  path: string;
  handle(request: SandboxRequest): SandboxResponse | Promise<SandboxResponse>;
}

const MAX_BODY_BYTES = 64 * 1024 * 1024;

export function bodyReader(request: IncomingMessage): () => Promise<Buffer> {
  let cached: Promise<Buffer> | undefined;
  return () => {
    cached ??= new Promise((resolveBody, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          reject(new Error(`request body over ${MAX_BODY_BYTES} bytes`));
          request.destroy();
          return;
        }
        chunks.push(chunk);
      });
      request.on('end', () => resolveBody(Buffer.concat(chunks)));
      request.on('error', reject);
    });
    return cached;
  };
}

/** Matches a route path (with `{name}` segments) against a request path. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const patternSegments = pattern.split('/');
  const pathSegments = path.split('/');
  if (patternSegments.length !== pathSegments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of patternSegments.entries()) {
    const actual = pathSegments[index]!;
    const parameter = /^\{(\w+)\}$/.exec(segment);
    if (parameter) {
      if (!actual) return undefined;
      params[parameter[1]!] = decodeURIComponent(actual);
    } else if (segment !== actual) {
      return undefined;
    }
  }
  return params;
}

/** The form fields, or undefined when the body is not application/x-www-form-urlencoded. */
export async function readForm(request: SandboxRequest): Promise<URLSearchParams | undefined> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)) return undefined;
  return new URLSearchParams((await request.body()).toString('utf8'));
}

/** One header's value (the first, if it was sent more than once). */
export function header(request: SandboxRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The body parsed as JSON; undefined when it is not JSON (an empty body is undefined too). */
export async function readJson(request: SandboxRequest): Promise<unknown> {
  const text = (await request.body()).toString('utf8');
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The token of an `Authorization: Bearer …` header (scheme compared case-insensitively). */
export function bearerToken(request: SandboxRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The client id and secret of an `Authorization: Basic …` header (RFC 6749 §2.3.1 encoding). */
export function basicCredentials(request: SandboxRequest): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): SandboxResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) };
}

/** Token endpoint answers must not be cached (RFC 6749 §5.1). */
export function tokenJson(status: number, body: unknown): SandboxResponse {
  return json(status, body, { 'cache-control': 'no-store', pragma: 'no-cache' });
}

export function html(status: number, page: string): SandboxResponse {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: page };
}

export function redirect(location: string): SandboxResponse {
  return { status: 302, headers: { location, 'cache-control': 'no-store' } };
}

export function empty(status: number): SandboxResponse {
  return { status };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
