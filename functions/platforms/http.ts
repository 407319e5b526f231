import { Retryable } from './errors';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface PlatformRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded; undefined values are left out. */
  form?: Record<string, string | undefined>;
  /** Sent as application/json. */
  json?: unknown;
}

export interface PlatformResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

export type PlatformHttp = (request: PlatformRequest) => Promise<PlatformResponse>;

const TIMEOUT_MS = 30_000;

export function formEncode(fields: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) params.set(name, value);
  return params.toString();
}

export function withQuery(url: string, query: Record<string, string | undefined>): string {
  const result = new URL(url);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) result.searchParams.set(name, value);
  return result.toString();
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(user)}:${encodeURIComponent(password)}`).toString('base64')}`;
}

/**
 * The one HTTP client adapters use: encodes forms and JSON, reads the body once, and turns a
 * network failure or timeout into Retryable. It never logs (bodies carry tokens).
 */
export function createPlatformHttp(platformName: string, fetchImpl: FetchLike = (url, init) => fetch(url, init)): PlatformHttp {
  return async (request) => {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = formEncode(request.form);
    } else if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: request.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new Retryable(`Could not reach ${platformName}: ${(error as Error).message}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  };
}
