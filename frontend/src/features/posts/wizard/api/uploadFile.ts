import { acceptedContentTypes, uploadExtensionOf, type UploadedMedia } from '../../../../../../shared/api/uploads';
import { contentTypes } from '../../../../../../shared/media';
import type { ApiCall } from '../../../../lib/apiClient';

const PARALLEL_PARTS = 4;
const ATTEMPTS_PER_PART = 3;

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

/** PUTs one part with XMLHttpRequest (for progress events); resolves with the part's ETag. */
function putPart(url: string, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<string> {
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
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Uploads a file the way the API expects: ask for a multipart upload, PUT the parts straight to
 * the bucket (a few at a time, each retried), then complete it. Aborting frees the parts.
 */
export async function uploadFile(
  api: ApiCall,
  file: File,
  { onProgress, signal }: { onProgress: (progress: UploadProgress) => void; signal: AbortSignal },
): Promise<UploadedMedia> {
  const session = await api('createUpload', { body: { fileName: file.name, contentType: contentTypeFor(file), size: file.size } });
  const ref = { key: session.key, uploadId: session.uploadId };
  const loadedByPart = new Map<number, number>();
  const report = () => onProgress({ loaded: [...loadedByPart.values()].reduce((sum, value) => sum + value, 0), total: file.size });

  try {
    const etags = new Map<number, string>();
    const queue = [...session.parts];
    const worker = async () => {
      for (let part = queue.shift(); part; part = queue.shift()) {
        const start = (part.partNumber - 1) * session.partSize;
        const body = file.slice(start, Math.min(file.size, start + session.partSize));
        for (let attempt = 1; ; attempt++) {
          if (signal.aborted) throw new UploadAborted();
          try {
            const partNumber = part.partNumber;
            const onPartProgress = (loaded: number) => {
              loadedByPart.set(partNumber, loaded);
              report();
            };
            etags.set(partNumber, await putPart(part.url, body, onPartProgress, signal));
            break;
          } catch (error) {
            loadedByPart.set(part.partNumber, 0);
            if (error instanceof UploadAborted || attempt >= ATTEMPTS_PER_PART) throw error;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, session.parts.length) }, worker));
    if (signal.aborted) throw new UploadAborted();
    const parts = [...etags.entries()].sort(([a], [b]) => a - b).map(([partNumber, etag]) => ({ partNumber, etag }));
    return await api('completeUpload', { body: { ...ref, parts } });
  } catch (error) {
    if (error instanceof UploadAborted || error instanceof PartUploadError) await api('abortUpload', { body: ref }).catch(() => undefined);
    throw error;
  }
}
