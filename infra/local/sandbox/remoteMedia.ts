import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { MediaStore } from './media';

/**
 * The platform fetching a file from a URL the app gave it (publishing by URL, where a platform
 * offers it): the file must be reachable right then. The bytes go to the media store as they
 * arrive.
 */

export type FetchFailure = 'invalid_url' | 'unreachable' | 'http_status' | 'too_large' | 'timeout';

export type FetchedMedia =
  | { ok: true; blobId: string; size: number; contentType: string; head: Buffer }
  | { ok: false; failure: FetchFailure; detail: string };

const HEAD_BYTES = 16;

export async function fetchMedia(media: MediaStore, url: string, options: { maxBytes: number; timeoutMs: number }): Promise<FetchedMedia> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, failure: 'invalid_url', detail: 'not a URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, failure: 'invalid_url', detail: `unsupported scheme ${parsed.protocol}` };

  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(parsed, { signal, redirect: 'follow' });
  } catch (error) {
    if (signal.aborted) return { ok: false, failure: 'timeout', detail: `no answer within ${options.timeoutMs} ms` };
    return { ok: false, failure: 'unreachable', detail: error instanceof Error ? error.message : String(error) };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return { ok: false, failure: 'http_status', detail: `HTTP ${response.status}` };
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > options.maxBytes) {
    await response.body.cancel();
    return { ok: false, failure: 'too_large', detail: `${declared} bytes` };
  }

  const blobId = await media.create();
  const outcome = await media.write(blobId, 0, Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), options.maxBytes);
  if (!outcome.complete) {
    await media.remove(blobId);
    if (outcome.overflow) return { ok: false, failure: 'too_large', detail: `over ${options.maxBytes} bytes` };
    return signal.aborted ? { ok: false, failure: 'timeout', detail: `not complete within ${options.timeoutMs} ms` } : { ok: false, failure: 'unreachable', detail: 'the download broke off' };
  }
  const head = await firstBytes(media, blobId, outcome.written);
  return { ok: true, blobId, size: outcome.written, contentType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(), head };
}

async function firstBytes(media: MediaStore, blobId: string, size: number): Promise<Buffer> {
  if (size === 0) return Buffer.alloc(0);
  const pieces: Buffer[] = [];
  for await (const piece of media.read(blobId, 0, Math.min(size, HEAD_BYTES) - 1)) pieces.push(Buffer.from(piece as Uint8Array));
  return Buffer.concat(pieces);
}

/** The image format the first bytes say, if it is one the platforms tell apart. */
export function sniffImage(head: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | undefined {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}
