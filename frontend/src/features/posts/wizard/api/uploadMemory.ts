/**
 * The browser's note of its unfinished uploads (localStorage), so picking the same file again
 * after a reload or a dropped network resumes the multipart upload instead of starting over. It
 * holds what finds the upload again — the file's name, size and last-modified time, the upload's
 * key, id and part size — never a byte of the file.
 */
export interface RememberedUpload {
  fileName: string;
  size: number;
  lastModified: number;
  key: string;
  uploadId: string;
  partSize: number;
  /** When the upload started (ms since the epoch); notes older than a day are dropped, as the sweep aborts those uploads. */
  startedAt: number;
}

export interface UploadMemory {
  /** The unfinished upload of this very file (same name, size and last-modified time), if one is remembered. */
  find(file: Pick<File, 'name' | 'size' | 'lastModified'>): RememberedUpload | undefined;
  remember(upload: RememberedUpload): void;
  forget(uploadId: string): void;
}

export const UPLOAD_MEMORY_KEY = 'oneclick_unfinished_uploads';
/** The sweep aborts a multipart upload a day after it started (functions/services/uploadSweep.ts). */
const KEEP_MS = 24 * 3600_000;
const MOST_REMEMBERED = 20;

function isRemembered(value: unknown): value is RememberedUpload {
  const entry = value as Partial<RememberedUpload> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.fileName === 'string' &&
    typeof entry.key === 'string' &&
    typeof entry.uploadId === 'string' &&
    [entry.size, entry.lastModified, entry.partSize, entry.startedAt].every((number) => typeof number === 'number' && Number.isFinite(number))
  );
}

/** The memory in a Storage (localStorage in the browser); unreadable or stale notes are dropped, a full storage only loses the note. */
export function storageUploadMemory(storage: Pick<Storage, 'getItem' | 'setItem'>, now: () => number = () => Date.now()): UploadMemory {
  const read = (): RememberedUpload[] => {
    try {
      const parsed = JSON.parse(storage.getItem(UPLOAD_MEMORY_KEY) ?? '[]') as unknown;
      return Array.isArray(parsed) ? parsed.filter(isRemembered).filter((entry) => now() - entry.startedAt < KEEP_MS) : [];
    } catch {
      return [];
    }
  };
  const write = (entries: RememberedUpload[]) => {
    try {
      storage.setItem(UPLOAD_MEMORY_KEY, JSON.stringify(entries.slice(-MOST_REMEMBERED)));
    } catch {
      // A full or blocked storage: the upload goes on, it just cannot be resumed after a reload.
    }
  };
  return {
    find: (file) => read().findLast((entry) => entry.fileName === file.name && entry.size === file.size && entry.lastModified === file.lastModified),
    remember: (upload) => write([...read().filter((entry) => entry.uploadId !== upload.uploadId), upload]),
    forget: (uploadId) => write(read().filter((entry) => entry.uploadId !== uploadId)),
  };
}

/** The memory in this browser's localStorage; none where there is no storage. */
export function browserUploadMemory(): UploadMemory {
  try {
    if (globalThis.localStorage) return storageUploadMemory(globalThis.localStorage);
  } catch {
    // localStorage can throw when the browser blocks it.
  }
  return { find: () => undefined, remember: () => undefined, forget: () => undefined };
}
