import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open, rm, truncate as truncateFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/**
 * The bytes the platforms received (uploads, and files they fetched from a URL). With a data
 * folder every blob is a file under <dataDir>/media/, written as the bytes arrive, so a 1 GB
 * upload never sits in memory; without one, blobs are buffers. Writes are positional: chunked
 * protocols write each chunk at its offset, and a retried chunk overwrites itself.
 */

export interface WriteOutcome {
  /** Bytes written from the source. */
  written: number;
  /** The source ended normally (false: the client broke off, or it sent more than allowed). */
  complete: boolean;
  /** The source had more than `maxBytes`; the excess was not written. */
  overflow: boolean;
}

export interface MediaStore {
  /** A new, empty blob; its id is unguessable. */
  create(): Promise<string>;
  /** Writes the source's bytes at `offset`, at most `maxBytes` of them. */
  write(id: string, offset: number, source: AsyncIterable<Uint8Array> | Uint8Array, maxBytes: number): Promise<WriteOutcome>;
  /** Cuts the blob to `size` bytes (a broken-off or refused chunk leaves nothing behind). */
  truncate(id: string, size: number): Promise<void>;
  /** Bytes stored; 0 for an unknown blob. */
  size(id: string): number;
  has(id: string): boolean;
  /** Bytes start..endInclusive (default: all). */
  read(id: string, start?: number, endInclusive?: number): Readable;
  remove(id: string): Promise<void>;
  /** Removes every blob not in `keep` (after a restart: uploads that never became a post). */
  retainOnly(keep: ReadonlySet<string>): void;
  clear(): Promise<void>;
}

function newId(): string {
  return randomBytes(16).toString('hex');
}

function chunks(source: AsyncIterable<Uint8Array> | Uint8Array): AsyncIterable<Uint8Array> {
  if (source instanceof Uint8Array) {
    return (async function* single() {
      yield source;
    })();
  }
  return source;
}

/** Feeds each piece of the source to `put` (awaited, so a slow disk slows the client down). */
async function drain(source: AsyncIterable<Uint8Array> | Uint8Array, maxBytes: number, put: (piece: Uint8Array, at: number) => Promise<void> | void): Promise<WriteOutcome> {
  let written = 0;
  try {
    for await (const chunk of chunks(source)) {
      if (written + chunk.length > maxBytes) {
        const fits = chunk.subarray(0, maxBytes - written);
        if (fits.length > 0) await put(fits, written);
        return { written: written + fits.length, complete: false, overflow: true };
      }
      await put(chunk, written);
      written += chunk.length;
    }
    return { written, complete: true, overflow: false };
  } catch {
    // The client broke off mid-body.
    return { written, complete: false, overflow: false };
  }
}

function diskStore(folder: string): MediaStore {
  const sizes = new Map<string, number>();
  const path = (id: string) => join(folder, id);
  if (existsSync(folder)) {
    for (const name of readdirSync(folder)) if (/^[0-9a-f]{32}$/.test(name)) sizes.set(name, statSync(path(name)).size);
  }

  return {
    async create() {
      mkdirSync(folder, { recursive: true });
      const id = newId();
      await writeFile(path(id), new Uint8Array(0));
      sizes.set(id, 0);
      return id;
    },
    async write(id, offset, source, maxBytes) {
      if (!sizes.has(id)) throw new Error(`no media blob ${id}`);
      const handle = await open(path(id), 'r+');
      try {
        const outcome = await drain(source, maxBytes, async (piece, at) => {
          await handle.write(piece, 0, piece.length, offset + at);
        });
        sizes.set(id, Math.max(sizes.get(id) ?? 0, offset + outcome.written));
        return outcome;
      } finally {
        await handle.close();
      }
    },
    async truncate(id, size) {
      if (!sizes.has(id) || (sizes.get(id) ?? 0) <= size) return;
      await truncateFile(path(id), size);
      sizes.set(id, size);
    },
    size: (id) => sizes.get(id) ?? 0,
    has: (id) => sizes.has(id),
    read(id, start = 0, endInclusive) {
      if (!sizes.has(id)) throw new Error(`no media blob ${id}`);
      const size = sizes.get(id) ?? 0;
      if (size === 0) return Readable.from([]);
      return createReadStream(path(id), { start, end: endInclusive ?? size - 1 });
    },
    async remove(id) {
      sizes.delete(id);
      await rm(path(id), { force: true });
    },
    retainOnly(keep) {
      for (const id of [...sizes.keys()]) {
        if (keep.has(id)) continue;
        sizes.delete(id);
        rmSync(path(id), { force: true });
      }
    },
    async clear() {
      for (const id of [...sizes.keys()]) await rm(path(id), { force: true });
      sizes.clear();
    },
  };
}

function memoryStore(): MediaStore {
  const blobs = new Map<string, Buffer>();
  return {
    async create() {
      const id = newId();
      blobs.set(id, Buffer.alloc(0));
      return id;
    },
    async write(id, offset, source, maxBytes) {
      if (!blobs.has(id)) throw new Error(`no media blob ${id}`);
      const pieces: Uint8Array[] = [];
      const outcome = await drain(source, maxBytes, (piece) => void pieces.push(piece));
      const incoming = Buffer.concat(pieces);
      const current = blobs.get(id)!;
      const next = Buffer.alloc(Math.max(current.length, offset + incoming.length));
      current.copy(next);
      incoming.copy(next, offset);
      blobs.set(id, next);
      return outcome;
    },
    async truncate(id, size) {
      const current = blobs.get(id);
      if (current && current.length > size) blobs.set(id, current.subarray(0, size));
    },
    size: (id) => blobs.get(id)?.length ?? 0,
    has: (id) => blobs.has(id),
    read(id, start = 0, endInclusive) {
      const blob = blobs.get(id);
      if (!blob) throw new Error(`no media blob ${id}`);
      return Readable.from([blob.subarray(start, (endInclusive ?? blob.length - 1) + 1)]);
    },
    async remove(id) {
      blobs.delete(id);
    },
    retainOnly(keep) {
      for (const id of [...blobs.keys()]) if (!keep.has(id)) blobs.delete(id);
    },
    async clear() {
      blobs.clear();
    },
  };
}

export function createMediaStore(options: { dataDir?: string }): MediaStore {
  return options.dataDir ? diskStore(join(options.dataDir, 'media')) : memoryStore();
}

