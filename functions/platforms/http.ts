import { OutboundRefused } from '../http/outbound';
import { AddressRefused, Retryable } from './errors';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** One file part of a multipart/form-data body. */
export interface MultipartFile {
  data: Uint8Array;
  contentType: string;
  filename?: string;
}

export interface PlatformRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Header names are case-insensitive; a Content-Type given here wins over the body's default. */
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded; undefined values are left out. */
  form?: Record<string, string | undefined>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as is with its Content-Length (a media chunk); the Content-Type comes from `headers`. */
  binary?: Uint8Array;
  /** Sent as multipart/form-data: strings as fields, files as file parts. fetch sets the boundary. */
  multipart?: Record<string, string | MultipartFile>;
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
/** A media chunk (up to ~20 MB) on a slow link needs longer than a JSON call. */
const UPLOAD_TIMEOUT_MS = 300_000;

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

/** The bytes backed by a plain ArrayBuffer, which is what fetch and Blob take (copied only when shared). */
function plainBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

function multipartBody(fields: Record<string, string | MultipartFile>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') formData.append(name, value);
    else formData.append(name, new Blob([plainBytes(value.data)], { type: value.contentType }), value.filename ?? name);
  }
  return formData;
}

/**
 * The one HTTP client adapters use: encodes forms, JSON, binary chunks and multipart bodies,
 * reads the body once, and turns a network failure or timeout into Retryable. It never logs
 * (bodies carry tokens).
 */
export function createPlatformHttp(platformName: string, fetchImpl: FetchLike = (url, init) => fetch(url, init)): PlatformHttp {
  return async (request) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
    const defaultContentType = (contentType: string) => {
      headers['content-type'] ??= contentType;
    };
    let body: string | Uint8Array<ArrayBuffer> | FormData | undefined;
    if (request.form) {
      defaultContentType('application/x-www-form-urlencoded');
      body = formEncode(request.form);
    } else if (request.json !== undefined) {
      defaultContentType('application/json');
      body = JSON.stringify(request.json);
    } else if (request.binary) {
      headers['content-length'] = String(request.binary.byteLength);
      body = plainBytes(request.binary);
    } else if (request.multipart) {
      // fetch writes the Content-Type with its boundary; a caller's value would break it.
      delete headers['content-type'];
      body = multipartBody(request.multipart);
    }
    const isUpload = request.binary !== undefined || request.multipart !== undefined;
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: request.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(isUpload ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS),
      });
    } catch (error) {
      if (error instanceof OutboundRefused) throw new AddressRefused(`${platformName}: ${error.message}`);
      throw new Retryable(`Could not reach ${platformName}: ${(error as Error).message}`, true);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new Retryable(`Could not read ${platformName}'s answer: ${(error as Error).message}`, true);
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  };
}
