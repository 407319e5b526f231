import type { PlatformAdapter, AdapterFactory } from '../../../../functions/platforms/adapter';
import { createPlatformHttp } from '../../../../functions/platforms/http';
import type { MediaSource, PlatformPublisher, PublishRequest } from '../../../../functions/platforms/publisher';
import type { PublisherFactory } from '../../../../functions/platforms/module';
import { platformHosts, platformModules } from '../../../../functions/platforms/registry';
import { createOnceWith, sendDirectly } from '../../../../functions/platforms/createOnce';
import { memoryAttachments } from '../../../../functions/platforms/progressAttachments';
import type { Platform } from '../../../../shared/platforms';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
  form: URLSearchParams;
  /** A binary body (a media chunk), as sent. */
  bytes?: Uint8Array;
  /** A multipart/form-data body, as sent. */
  multipart?: FormData;
}

export interface CannedResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const now = new Date('2026-11-22T10:00:00.000Z');
export const clock = { now: () => now };
export const credentials = { clientId: 'client-id-123', clientSecret: 'client-secret-456' };

/** A fake fetch that records every request and answers with the canned responses in order. */
export function recordingFetch(responses: CannedResponse[] = []) {
  const requests: RecordedRequest[] = [];
  const queue = [...responses];
  const fetchImpl = async (url: string, init: RequestInit) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) headers[name.toLowerCase()] = value;
    const body = typeof init.body === 'string' ? init.body : '';
    requests.push({
      method: init.method ?? 'GET',
      url: new URL(url),
      headers,
      body,
      form: new URLSearchParams(body),
      ...(init.body instanceof Uint8Array ? { bytes: init.body } : {}),
      ...(init.body instanceof FormData ? { multipart: init.body } : {}),
    });
    const next = queue.shift() ?? { status: 200, body: {} };
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status ?? 200,
      headers: { 'content-type': 'application/json', ...next.headers },
    });
  };
  return { fetchImpl, requests, unanswered: () => queue.length };
}

/**
 * An adapter wired to a fake fetch that records every request and answers with the canned
 * responses in order — the contract tests compare the requests with platform-apis.md.
 */
export function adapterWith(platform: Platform, factory: AdapterFactory, responses: CannedResponse[] = []) {
  const { fetchImpl, requests } = recordingFetch(responses);
  const adapter: PlatformAdapter = factory({
    credentials,
    hosts: { ...platformHosts[platform] },
    http: createPlatformHttp(platform, fetchImpl),
    clock,
  });
  return { adapter, requests };
}

/** A platform's options as its module reads them from an environment that sets none (the defaults). */
export const defaultOptions = (platform: Platform): unknown => platformModules[platform].readOptions({});

/**
 * A publisher wired to the recording fake fetch, with its module's default options and
 * `options` over them; `unanswered()` tells how many canned responses were not used.
 */
export function publisherWith<Options>(platform: Platform, factory: PublisherFactory<Options>, responses: CannedResponse[] = [], options: Partial<Options> = {}) {
  const { fetchImpl, requests, unanswered } = recordingFetch(responses);
  const publisher: PlatformPublisher = factory({
    credentials,
    hosts: { ...platformHosts[platform] },
    http: createPlatformHttp(platform, fetchImpl),
    clock,
    options: { ...(defaultOptions(platform) as Options), ...options },
  });
  return { publisher, requests, unanswered };
}

/** The byte at `offset` of a synthetic media file (a pattern, so a misplaced range shows). */
export const patternByte = (offset: number) => (offset * 7 + 3) % 251;

export function patternBytes(start: number, endInclusive: number): Uint8Array {
  const bytes = new Uint8Array(endInclusive - start + 1);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = patternByte(start + index);
  return bytes;
}

export interface MemoryMedia extends MediaSource {
  /** Every read as [start, endInclusive], in order. */
  reads: Array<[number, number]>;
  /** The most bytes one read asked for. */
  largestRead(): number;
}

/**
 * An in-memory MediaSource: serves ranges of `bytes`, or of a synthetic pattern of `size` bytes
 * (built per read, so a large "file" costs only its chunks), and records every read.
 */
export function memoryMedia(init: {
  kind?: MediaSource['kind'];
  contentType?: string;
  extension?: string;
  size?: number;
  bytes?: Uint8Array;
  durationSeconds?: number;
  url?: string;
}): MemoryMedia {
  const kind = init.kind ?? 'video';
  const size = init.bytes?.length ?? init.size ?? 1000;
  const reads: Array<[number, number]> = [];
  return {
    kind,
    contentType: init.contentType ?? (kind === 'video' ? 'video/mp4' : 'image/jpeg'),
    size,
    extension: init.extension ?? (kind === 'video' ? 'mp4' : 'jpg'),
    ...(init.durationSeconds !== undefined ? { durationSeconds: init.durationSeconds } : {}),
    reads,
    largestRead: () => Math.max(0, ...reads.map(([start, end]) => end - start + 1)),
    async read(start, endInclusive) {
      if (start < 0 || endInclusive >= size || start > endInclusive) throw new Error(`read out of range: ${start}-${endInclusive} of ${size}`);
      reads.push([start, endInclusive]);
      return init.bytes ? init.bytes.slice(start, endInclusive + 1) : patternBytes(start, endInclusive);
    },
    publicUrl: async () => init.url ?? `https://media.example/${kind}.${kind === 'video' ? 'mp4' : 'jpg'}?signature=abc`,
  };
}

export const account = { platformUserId: 'user-1', username: 'someone' };

export function publishRequest(overrides: Partial<PublishRequest> = {}): PublishRequest {
  return { text: 'Hello world', media: [memoryMedia({})], account, tokens: baseTokens, progress: {}, createOnce: sendDirectly, attachments: memoryAttachments(), ...overrides };
}

/**
 * createOnce as the engine runs it on a target an earlier attempt armed without an outcome:
 * the platform is asked first. `log` lists 'reconcile' and 'send' in the order they ran.
 */
export function armedTarget(platformName: string, log: string[] = []): PublishRequest['createOnce'] {
  const guard = createOnceWith({ arm: async () => false, disarm: async () => undefined }, platformName);
  return (call) =>
    guard({
      ...call,
      send: () => (log.push('send'), call.send()),
      reconcile: () => (log.push('reconcile'), call.reconcile()),
    });
}

export function jsonOf(request: RecordedRequest): unknown {
  return JSON.parse(request.body);
}

/** A multipart body's fields: strings as they are, files as their bytes, type and name. */
export async function multipartOf(request: RecordedRequest): Promise<Record<string, string | { bytes: Uint8Array; type: string; name: string }>> {
  const fields: Record<string, string | { bytes: Uint8Array; type: string; name: string }> = {};
  for (const [name, value] of request.multipart?.entries() ?? []) {
    fields[name] = typeof value === 'string' ? value : { bytes: new Uint8Array(await value.arrayBuffer()), type: value.type, name: value.name };
  }
  return fields;
}

export function formOf(request: RecordedRequest): Record<string, string> {
  return Object.fromEntries(request.form.entries());
}

export function queryOf(url: string | URL): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams.entries());
}

export const baseTokens = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  accessTokenExpiresAt: '2026-11-22T11:00:00.000Z',
  accessTokenIssuedAt: '2026-11-22T10:00:00.000Z',
  scopes: [],
};
