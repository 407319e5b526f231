import { acceptedContentTypes, uploadExtensionOf, type SignedParts, type UploadedMedia } from '../../../../../../shared/api/uploads';
import { contentTypes } from '../../../../../../shared/media';
import { ApiError, type ApiCall } from '../../../../lib/apiClient';
import { browserUploadMemory, type UploadMemory } from './uploadMemory';

const PARALLEL_PARTS = 4;
const ATTEMPTS_PER_PART = 3;
/** Part URLs asked for at a time, once the first batch (signed with the start) runs low. */
export const PART_URL_BATCH = 16;
/** A new batch is asked for when fewer signed parts than this wait ahead of the workers. */
const URL_LOOKAHEAD = 2 * PARALLEL_PARTS;
/** A URL this close to its expiry is signed again before its part is sent. */
const EXPIRY_MARGIN_MS = 60_000;

/** Why a part could not be stored; the wizard turns the reason into words. */
export class PartUploadError extends Error {
  constructor(readonly reason: 'http' | 'network' | 'noEtag', readonly status = 0) {
    super(`Part upload failed: ${reason} ${status}`);
    this.name = 'PartUploadError';
  }
}

export class UploadAborted extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadAborted';
  }
}

/** The content type to announce: the browser's when it agrees with the extension, else ours. */
export function contentTypeFor(file: File): string {
  const extension = uploadExtensionOf(file.name);
  if (!extension) return file.type;
  return acceptedContentTypes[extension].includes(file.type) ? file.type : contentTypes[extension]!;
}

/** Sends one part to its presigned URL; resolves with the part's ETag. The port the tests fake. */
export type PartSender = (url: string, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal) => Promise<string>;

/** PUTs one part with XMLHttpRequest (for progress events); resolves with the part's ETag. */
const putPart: PartSender = (url, body, onProgress, signal) => {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    signal.addEventListener('abort', abort, { once: true });
    request.open('PUT', url);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      signal.removeEventListener('abort', abort);
      if (request.status < 200 || request.status >= 300) return reject(new PartUploadError('http', request.status));
      const etag = request.getResponseHeader('ETag');
      if (!etag) return reject(new PartUploadError('noEtag'));
      onProgress(body.size);
      resolve(etag);
    };
    request.onerror = () => {
      signal.removeEventListener('abort', abort);
      reject(new PartUploadError('network'));
    };
    request.onabort = () => reject(new UploadAborted());
    request.send(body);
  });
};

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Said once, before any part is sent, when the file was picked before: resumed, or started afresh because its upload is gone. */
export type ResumeNotice = { kind: 'resumed'; storedBytes: number; total: number } | { kind: 'restarted' };

export interface UploadFileOptions {
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
  onResume?: (notice: ResumeNotice) => void;
  /** Where unfinished uploads are remembered (localStorage by default). */
  memory?: UploadMemory;
  sendPart?: PartSender;
  now?: () => number;
}

/**
 * The part URLs of one upload, signed in batches: the next batch is asked for while
 * URL_LOOKAHEAD signed parts still wait, so the workers do not stall; a URL about to expire, or
 * refused as expired, is signed again.
 */
function partUrls(plan: readonly number[], sign: (partNumbers: number[]) => Promise<SignedParts>, now: () => number) {
  const urls = new Map<number, { url: string; expiresAt: number }>();
  /** plan[0, signedThrough) have been asked for. */
  let signedThrough = 0;
  let pending: Promise<void> | undefined;

  const add = (signed: SignedParts) => {
    const expiresAt = Date.parse(signed.expiresAt);
    for (const part of signed.parts) urls.set(part.partNumber, { url: part.url, expiresAt });
  };

  const request = (from: number): Promise<void> => {
    const batch = plan.slice(from, from + PART_URL_BATCH);
    signedThrough = Math.max(signedThrough, from + batch.length);
    const signing = sign(batch).then(add);
    // Settles either way: a prefetch nobody waits for is no unhandled rejection, and its parts are asked for again.
    const settled: Promise<void> = signing
      .catch(() => {
        signedThrough = Math.min(signedThrough, from);
      })
      .then(() => {
        if (pending === settled) pending = undefined;
      });
    pending = settled;
    return signing;
  };

  return {
    /** Takes the URLs signed with the start of the upload (a prefix of the plan). */
    seed(signed: SignedParts) {
      add(signed);
      while (signedThrough < plan.length && urls.has(plan[signedThrough]!)) signedThrough++;
    },
    /** A fresh-enough URL for plan[index], asking for a batch ahead of need. */
    async urlFor(index: number): Promise<string> {
      const partNumber = plan[index]!;
      for (;;) {
        if (!pending && signedThrough < plan.length && signedThrough - index <= URL_LOOKAHEAD) void request(signedThrough).catch(() => undefined);
        const known = urls.get(partNumber);
        if (known && known.expiresAt - now() > EXPIRY_MARGIN_MS) return known.url;
        if (pending) {
          await pending;
          continue;
        }
        urls.delete(partNumber);
        await request(index);
        if (!urls.has(partNumber)) throw new Error(`The server signed no URL for part ${partNumber}.`);
      }
    },
    /** Forgets a URL S3 refused (expired): the next urlFor signs it again. */
    invalidate(partNumber: number) {
      urls.delete(partNumber);
    },
  };
}

/** The upload of a chosen file: where it is, how it is cut and which parts S3 already holds. */
interface UploadPlan {
  key: string;
  uploadId: string;
  partSize: number;
  partCount: number;
  stored: Map<number, { etag: string; size: number }>;
  firstUrls?: SignedParts;
}

/**
 * Uploads a file the way the API expects: ask for a multipart upload (or, for a file picked
 * before, the parts S3 already holds), PUT the missing parts straight to the bucket (a few at a
 * time, each retried, URLs signed in batches as it goes), then complete it. Only the user's
 * cancel aborts the upload: any other failure leaves it resumable by picking the file again.
 */
export async function uploadFile(api: ApiCall, file: File, options: UploadFileOptions): Promise<UploadedMedia> {
  const { onProgress, signal } = options;
  const memory = options.memory ?? browserUploadMemory();
  const sendPart = options.sendPart ?? putPart;
  const now = options.now ?? (() => Date.now());

  const plan = (await resumePlan(api, file, memory, options.onResume)) ?? (await startPlan(api, file, memory, now));
  const ref = { key: plan.key, uploadId: plan.uploadId };
  const loadedByPart = new Map<number, number>([...plan.stored].map(([partNumber, part]) => [partNumber, part.size]));
  const report = () => onProgress({ loaded: [...loadedByPart.values()].reduce((sum, value) => sum + value, 0), total: file.size });

  try {
    if (signal.aborted) throw new UploadAborted();
    report();
    const etags = new Map<number, string>([...plan.stored].map(([partNumber, part]) => [partNumber, part.etag]));
    const missing = Array.from({ length: plan.partCount }, (_unused, index) => index + 1).filter((partNumber) => !plan.stored.has(partNumber));
    const urls = partUrls(missing, (partNumbers) => api('signUploadParts', { body: { ...ref, partNumbers } }), now);
    if (plan.firstUrls) urls.seed(plan.firstUrls);
    let next = 0;
    // The first part that fails for good stops the others taking new parts; those under way
    // finish (stored, they are not sent again on resume) before the failure is reported.
    let failure: { error: unknown } | undefined;
    const worker = async () => {
      try {
        await sendParts();
      } catch (error) {
        failure ??= { error };
      }
    };
    const sendParts = async () => {
      for (let index = next++; index < missing.length && !failure; index = next++) {
        const partNumber = missing[index]!;
        const start = (partNumber - 1) * plan.partSize;
        const body = file.slice(start, Math.min(file.size, start + plan.partSize));
        let refreshed = false;
        for (let attempt = 1; ; ) {
          if (signal.aborted) throw new UploadAborted();
          try {
            const url = await urls.urlFor(index);
            const onPartProgress = (loaded: number) => {
              loadedByPart.set(partNumber, loaded);
              report();
            };
            etags.set(partNumber, await sendPart(url, body, onPartProgress, signal));
            break;
          } catch (error) {
            loadedByPart.set(partNumber, 0);
            if (!(error instanceof PartUploadError)) throw error;
            // 403: the URL expired (a slow part, a sleeping laptop): sign it again, once without counting.
            if (error.reason === 'http' && error.status === 403) {
              urls.invalidate(partNumber);
              if (!refreshed) {
                refreshed = true;
                continue;
              }
            }
            if (++attempt > ATTEMPTS_PER_PART) throw error;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, Math.max(1, missing.length)) }, worker));
    if (failure) throw failure.error;
    if (signal.aborted) throw new UploadAborted();
    const parts = [...etags.entries()].sort(([a], [b]) => a - b).map(([partNumber, etag]) => ({ partNumber, etag }));
    const media = await api('completeUpload', { body: { ...ref, parts } });
    memory.forget(plan.uploadId);
    return media;
  } catch (error) {
    if (error instanceof UploadAborted || signal.aborted) {
      memory.forget(plan.uploadId);
      await api('abortUpload', { body: ref }).catch(() => undefined);
      throw new UploadAborted();
    }
    // Refused (the file is not kept) or gone: nothing left to resume.
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) memory.forget(plan.uploadId);
    throw error;
  }
}

/** A new multipart upload for the file, remembered until it completes or is cancelled. */
async function startPlan(api: ApiCall, file: File, memory: UploadMemory, now: () => number): Promise<UploadPlan> {
  const session = await api('createUpload', { body: { fileName: file.name, contentType: contentTypeFor(file), size: file.size } });
  memory.remember({ fileName: file.name, size: file.size, lastModified: file.lastModified, key: session.key, uploadId: session.uploadId, partSize: session.partSize, startedAt: now() });
  return {
    key: session.key,
    uploadId: session.uploadId,
    partSize: session.partSize,
    partCount: session.partCount,
    stored: new Map(),
    firstUrls: { parts: session.parts, expiresAt: session.expiresAt },
  };
}

/**
 * The remembered upload of this very file, with the parts S3 already holds (a part counts only
 * when its size is the one expected at its place). Undefined when none is remembered, or when
 * the server no longer has it (completed, aborted, swept, another user's): then it is
 * forgotten and the caller is told the file starts again.
 */
async function resumePlan(api: ApiCall, file: File, memory: UploadMemory, onResume: UploadFileOptions['onResume']): Promise<UploadPlan | undefined> {
  const remembered = memory.find(file);
  if (!remembered) return undefined;
  let listed;
  try {
    listed = await api('listUploadParts', { query: { key: remembered.key, uploadId: remembered.uploadId } });
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
    memory.forget(remembered.uploadId);
    onResume?.({ kind: 'restarted' });
    return undefined;
  }
  if (listed.size !== file.size || listed.partSize !== remembered.partSize) {
    memory.forget(remembered.uploadId);
    await api('abortUpload', { body: { key: listed.key, uploadId: listed.uploadId } }).catch(() => undefined);
    onResume?.({ kind: 'restarted' });
    return undefined;
  }
  const expectedSize = (partNumber: number) => (partNumber < listed.partCount ? listed.partSize : listed.size - listed.partSize * (listed.partCount - 1));
  const stored = new Map(
    listed.parts.filter((part) => part.partNumber <= listed.partCount && part.size === expectedSize(part.partNumber)).map((part) => [part.partNumber, { etag: part.etag, size: part.size }]),
  );
  onResume?.({ kind: 'resumed', storedBytes: [...stored.values()].reduce((sum, part) => sum + part.size, 0), total: file.size });
  return { key: listed.key, uploadId: listed.uploadId, partSize: listed.partSize, partCount: listed.partCount, stored };
}

/** The user removed a file whose upload had stopped (failed, resumable): abort its remembered upload and forget it. */
export async function cancelRememberedUpload(api: ApiCall, file: File, memory: UploadMemory = browserUploadMemory()): Promise<void> {
  const remembered = memory.find(file);
  if (!remembered) return;
  memory.forget(remembered.uploadId);
  await api('abortUpload', { body: { key: remembered.key, uploadId: remembered.uploadId } }).catch(() => undefined);
}
