import type { SandboxRequest } from './http';
import type { MediaStore } from './media';

/** Pieces the platforms' chunked upload protocols share (session URIs, upload URLs, Content-Range). */

/** `bytes first-last/total`, `bytes first-last/*` or (a status probe) `bytes *\/total`. */
export type ContentRange = { kind: 'bytes'; first: number; last: number; total: number | undefined } | { kind: 'probe'; total: number | undefined };

export function parseContentRange(header: string | undefined): ContentRange | undefined {
  const match = /^bytes (?:(\d+)-(\d+)|\*)\/(\d+|\*)$/.exec((header ?? '').trim());
  if (!match) return undefined;
  const total = match[3] === '*' ? undefined : Number(match[3]);
  if (match[1] === undefined) return { kind: 'probe', total };
  return { kind: 'bytes', first: Number(match[1]), last: Number(match[2]), total };
}

/** The Content-Length header as a number; undefined when absent or malformed. */
export function contentLength(request: SandboxRequest): number | undefined {
  const raw = request.headers['content-length'];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

export type Received = { result: 'ok' } | { result: 'short' | 'long' | 'aborted'; written: number };

/**
 * Streams the request body into the blob at `offset`; it must be exactly `length` bytes. On
 * anything else the blob is cut back to `offset`, except that a broken-off body keeps what
 * `keepOnAbort` allows (e.g. whole chunk units, where the platform keeps those).
 */
export async function receiveBody(
  media: MediaStore,
  request: SandboxRequest,
  blobId: string,
  offset: number,
  length: number,
  keepOnAbort: (written: number) => number = () => 0,
): Promise<Received> {
  const outcome = await media.write(blobId, offset, request.raw, length);
  if (outcome.complete && outcome.written === length) return { result: 'ok' };
  const result = outcome.overflow ? 'long' : outcome.complete ? 'short' : 'aborted';
  await media.truncate(blobId, offset + (result === 'aborted' ? keepOnAbort(outcome.written) : 0));
  return { result, written: outcome.written };
}
