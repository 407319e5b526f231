import { describe, expect, it } from 'vitest';
import {
  cancelRememberedUpload,
  PART_URL_BATCH,
  PartUploadError,
  UploadAborted,
  uploadFile,
  type PartSender,
  type ResumeNotice,
} from '../../../frontend/src/features/posts/wizard/api/uploadFile';
import { storageUploadMemory, UPLOAD_MEMORY_KEY, type UploadMemory } from '../../../frontend/src/features/posts/wizard/api/uploadMemory';
import { ApiError, type ApiCall } from '../../../frontend/src/lib/apiClient';
import { FIRST_PART_BATCH, MAX_PART_BATCH, type SignedParts } from '../../../shared/api/uploads';

const PART_SIZE = 10;
const URL_LIFE_MS = 15 * 60_000;

/** A Storage in memory (what localStorage holds). */
function memoryStorage() {
  const values = new Map<string, string>();
  return { values, getItem: (name: string) => values.get(name) ?? null, setItem: (name: string, value: string) => void values.set(name, value) };
}

function fileOf(size: number, name = 'clip.mp4', lastModified = 1_700_000_000_000): File {
  const bytes = new Uint8Array(size).map((_unused, index) => index % 251);
  return new File([bytes], name, { type: 'video/mp4', lastModified });
}

/**
 * The API and S3 at the port boundary: a server that keeps one multipart upload per id (its
 * stored parts by number), signs URLs that say which upload, part and signing they are, and
 * records every call in order.
 */
function fakeServer(clock: { now: number }) {
  const calls: Array<{ route: string; body: unknown }> = [];
  const uploads = new Map<string, { key: string; size: number; parts: Map<number, { etag: string; bytes: Uint8Array }>; aborted: boolean }>();
  let signings = 0;
  /** Signings S3 takes as expired whatever the browser's clock says (a clock running late). */
  const refusedSignings = new Set<string>();
  const partCountOf = (size: number) => Math.ceil(size / PART_SIZE);
  const sign = (uploadId: string, partNumbers: number[]): SignedParts => {
    signings++;
    return {
      parts: partNumbers.map((partNumber) => ({ partNumber, url: `https://s3.test/${uploadId}/${partNumber}?signing=${signings}&expires=${clock.now + URL_LIFE_MS}` })),
      expiresAt: new Date(clock.now + URL_LIFE_MS).toISOString(),
    };
  };
  const api = (async (route: string, input: { body?: Record<string, unknown>; query?: Record<string, string> } = {}) => {
    calls.push({ route, body: input.body ?? input.query });
    const upload = () => {
      const id = String((input.body ?? input.query)!['uploadId']);
      const found = uploads.get(id);
      if (!found || found.aborted) throw new ApiError(404, 'This upload was not found.', 'NotFound');
      return { id, found };
    };
    switch (route) {
      case 'createUpload': {
        const size = Number(input.body!['size']);
        const uploadId = `upload-${uploads.size + 1}`;
        uploads.set(uploadId, { key: `user/videos/${uploadId}.mp4`, size, parts: new Map(), aborted: false });
        const partCount = partCountOf(size);
        const first = sign(uploadId, Array.from({ length: Math.min(FIRST_PART_BATCH, partCount) }, (_unused, index) => index + 1));
        return { uploadId, key: `user/videos/${uploadId}.mp4`, partSize: PART_SIZE, partCount, ...first };
      }
      case 'signUploadParts': {
        const { id, found } = upload();
        const partNumbers = input.body!['partNumbers'] as number[];
        expect(partNumbers.length).toBeLessThanOrEqual(MAX_PART_BATCH);
        expect(Math.max(...partNumbers)).toBeLessThanOrEqual(partCountOf(found.size));
        return sign(id, partNumbers);
      }
      case 'listUploadParts': {
        const { id, found } = upload();
        const parts = [...found.parts].sort(([a], [b]) => a - b).map(([partNumber, part]) => ({ partNumber, etag: part.etag, size: part.bytes.length }));
        return { key: found.key, uploadId: id, size: found.size, partSize: PART_SIZE, partCount: partCountOf(found.size), parts };
      }
      case 'completeUpload': {
        const { found } = upload();
        const parts = input.body!['parts'] as Array<{ partNumber: number; etag: string }>;
        const bytes = parts.flatMap((part) => {
          const stored = found.parts.get(part.partNumber);
          if (stored?.etag !== part.etag) throw new ApiError(400, `Part ${part.partNumber} is not stored.`, 'InvalidInput');
          return [...stored.bytes];
        });
        uploads.delete(String(input.body!['uploadId']));
        return { key: found.key, kind: 'video', contentType: 'video/mp4', size: bytes.length, bytes };
      }
      case 'abortUpload': {
        upload().found.aborted = true;
        return undefined;
      }
      default:
        throw new Error(`unexpected route ${route}`);
    }
  }) as unknown as ApiCall;

  /** S3: stores the part named by the URL, unless the URL has expired (403). */
  const sent: Array<{ partNumber: number; url: string }> = [];
  const s3: PartSender = async (url, body, onProgress) => {
    const parsed = new URL(url);
    const [, uploadId, partNumber] = parsed.pathname.split('/');
    sent.push({ partNumber: Number(partNumber), url });
    calls.push({ route: 'PUT part', body: Number(partNumber) });
    if (Number(parsed.searchParams.get('expires')) < clock.now || refusedSignings.has(parsed.searchParams.get('signing')!)) throw new PartUploadError('http', 403);
    const bytes = new Uint8Array(await body.arrayBuffer());
    uploads.get(uploadId!)!.parts.set(Number(partNumber), { etag: `"etag-${partNumber}-${bytes.length}"`, bytes });
    onProgress(bytes.length);
    return `"etag-${partNumber}-${bytes.length}"`;
  };
  return { api, s3, calls, sent, uploads, refusedSignings };
}

const routesCalled = (calls: Array<{ route: string }>) => calls.map((call) => call.route).filter((route) => route !== 'PUT part');

describe('uploading a file with part URLs signed in batches', () => {
  it('starts with the first batch and asks for the next batches before the workers need them', async () => {
    const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
    const server = fakeServer(clock);
    const file = fileOf(40 * PART_SIZE + 3);
    const storage = memoryStorage();

    const media = (await uploadFile(server.api, file, { signal: new AbortController().signal, onProgress: () => undefined, memory: storageUploadMemory(storage, () => clock.now), sendPart: server.s3, now: () => clock.now })) as unknown as { bytes: number[] };

    expect(Buffer.from(media.bytes).equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
    const signs = server.calls.filter((call) => call.route === 'signUploadParts').map((call) => (call.body as { partNumbers: number[] }).partNumbers);
    expect(signs.flat()).toEqual(Array.from({ length: 41 - FIRST_PART_BATCH }, (_unused, index) => index + FIRST_PART_BATCH + 1));
    expect(signs.every((batch) => batch.length <= PART_URL_BATCH)).toBe(true);
    // The second batch was asked for before a single part had been sent: nothing waited for it.
    expect(server.calls.slice(0, 2).map((call) => call.route)).toEqual(['createUpload', 'signUploadParts']);
    expect(server.sent.map((part) => part.partNumber).sort((a, b) => a - b)).toEqual(Array.from({ length: 41 }, (_unused, index) => index + 1));
    expect(storage.values.get(UPLOAD_MEMORY_KEY)).toBe('[]');
  });

  it('signs a URL again before sending its part when it is about to expire', async () => {
    const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
    const server = fakeServer(clock);
    // The laptop sleeps for 20 minutes right after the upload starts: the first batch's URLs expire.
    const sleepyApi = (async (route: string, input: unknown) => {
      const answer = await (server.api as unknown as (route: string, input: unknown) => Promise<unknown>)(route, input);
      if (route === 'createUpload') clock.now += 20 * 60_000;
      return answer;
    }) as unknown as ApiCall;

    await uploadFile(sleepyApi, fileOf(3 * PART_SIZE), { signal: new AbortController().signal, onProgress: () => undefined, memory: storageUploadMemory(memoryStorage(), () => clock.now), sendPart: server.s3, now: () => clock.now });

    expect(server.sent.map((part) => part.partNumber).sort()).toEqual([1, 2, 3]);
    expect(server.sent.every((part) => new URL(part.url).searchParams.get('signing') !== '1')).toBe(true);
    expect(routesCalled(server.calls).at(-1)).toBe('completeUpload');
  });

  it('signs a URL again when S3 refuses it as expired (403) though the browser\'s clock says it is fresh', async () => {
    const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
    const server = fakeServer(clock);
    server.refusedSignings.add('1');

    await uploadFile(server.api, fileOf(3 * PART_SIZE), { signal: new AbortController().signal, onProgress: () => undefined, memory: storageUploadMemory(memoryStorage(), () => clock.now), sendPart: server.s3, now: () => clock.now });

    const firstTries = server.sent.filter((part) => new URL(part.url).searchParams.get('signing') === '1');
    expect(firstTries.map((part) => part.partNumber).sort()).toEqual([1, 2, 3]);
    expect(server.sent).toHaveLength(6);
    expect(routesCalled(server.calls).at(-1)).toBe('completeUpload');
  });
});

describe('resuming an interrupted upload when the same file is picked again', () => {
  it('keeps the upload after a dropped network, then sends only the parts S3 lacks and completes', async () => {
    const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
    const server = fakeServer(clock);
    const storage = memoryStorage();
    const file = fileOf(12 * PART_SIZE + 5);
    const dropsAfterFive: PartSender = async (url, body, onProgress, signal) => {
      if (server.sent.length >= 5) throw new PartUploadError('network');
      return server.s3(url, body, onProgress, signal);
    };

    const failed = await uploadFile(server.api, file, { signal: new AbortController().signal, onProgress: () => undefined, memory: storageUploadMemory(storage, () => clock.now), sendPart: dropsAfterFive, now: () => clock.now }).catch((error: unknown) => error);

    expect(failed).toBeInstanceOf(PartUploadError);
    expect(routesCalled(server.calls)).not.toContain('abortUpload');
    const remembered = JSON.parse(storage.values.get(UPLOAD_MEMORY_KEY)!) as Array<Record<string, unknown>>;
    expect(remembered).toEqual([
      { fileName: 'clip.mp4', size: file.size, lastModified: file.lastModified, key: 'user/videos/upload-1.mp4', uploadId: 'upload-1', partSize: PART_SIZE, startedAt: clock.now },
    ]);
    const storedBefore = server.uploads.get('upload-1')!.parts.size;
    // One stored part is short (a part cut off mid-way on another S3): it is sent again.
    server.uploads.get('upload-1')!.parts.set(2, { etag: '"short"', bytes: new Uint8Array(3) });

    // The page reloads: a new File object of the same file, the memory read from storage.
    server.sent.length = 0;
    server.calls.length = 0;
    const picked = fileOf(12 * PART_SIZE + 5);
    const notices: ResumeNotice[] = [];
    const progress: number[] = [];
    const media = (await uploadFile(server.api, picked, {
      signal: new AbortController().signal,
      onProgress: ({ loaded }) => progress.push(loaded),
      onResume: (notice) => notices.push(notice),
      memory: storageUploadMemory(storage, () => clock.now),
      sendPart: server.s3,
      now: () => clock.now,
    })) as unknown as { bytes: number[] };

    const reused = storedBefore - 1;
    expect(notices).toEqual([{ kind: 'resumed', storedBytes: reused * PART_SIZE, total: picked.size }]);
    expect(progress[0]).toBe(reused * PART_SIZE);
    expect(routesCalled(server.calls)).not.toContain('createUpload');
    expect(server.sent).toHaveLength(13 - reused);
    expect(server.sent.map((part) => part.partNumber)).toContain(2);
    expect(Buffer.from(media.bytes).equals(Buffer.from(await picked.arrayBuffer()))).toBe(true);
    expect(storage.values.get(UPLOAD_MEMORY_KEY)).toBe('[]');
  });

  it('reports a part that fails for good only after the parts under way are stored, and takes no new part meanwhile', async () => {
    const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
    const server = fakeServer(clock);
    const storage = memoryStorage();
    const events: string[] = [];
    let failedSends = 0;
    const attempted = new Set<number>();
    let releaseSlowParts = () => undefined as void;
    const slowPartsMayFinish = new Promise<void>((release) => (releaseSlowParts = release));
    // Parts 1 and 2 are slow; 3 and 4 meet a dropped network, three times each.
    const network: PartSender = async (url, body, onProgress, signal) => {
      const partNumber = Number(new URL(url).pathname.split('/')[2]);
      attempted.add(partNumber);
      if (partNumber === 3 || partNumber === 4) {
        // The slow parts finish a turn of the event loop after the last failure, long after its microtasks.
        if (++failedSends === 6) setTimeout(releaseSlowParts, 0);
        throw new PartUploadError('network');
      }
      await slowPartsMayFinish;
      const etag = await server.s3(url, body, onProgress, signal);
      events.push(`stored ${partNumber}`);
      return etag;
    };

    await uploadFile(server.api, fileOf(8 * PART_SIZE), { signal: new AbortController().signal, onProgress: () => undefined, memory: storageUploadMemory(storage, () => clock.now), sendPart: network, now: () => clock.now }).catch(
      (error: unknown) => events.push(error instanceof PartUploadError ? 'failed' : String(error)),
    );

    expect([...events].sort()).toEqual(['failed', 'stored 1', 'stored 2']);
    expect(events.at(-1)).toBe('failed');
    expect(attempted).toEqual(new Set([1, 2, 3, 4]));
    expect(server.uploads.get('upload-1')!.parts.size).toBe(2);
  });

  it('starts afresh, saying so, when the remembered upload is gone (completed, aborted, swept or another user\'s)', async () => {
    const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
    const server = fakeServer(clock);
    const storage = memoryStorage();
    const file = fileOf(2 * PART_SIZE);
    const memory = storageUploadMemory(storage, () => clock.now);
    memory.remember({ fileName: file.name, size: file.size, lastModified: file.lastModified, key: 'someone/videos/x.mp4', uploadId: 'swept', partSize: PART_SIZE, startedAt: clock.now });
    const notices: ResumeNotice[] = [];

    await uploadFile(server.api, file, { signal: new AbortController().signal, onProgress: () => undefined, onResume: (notice) => notices.push(notice), memory, sendPart: server.s3, now: () => clock.now });

    expect(notices).toEqual([{ kind: 'restarted' }]);
    expect(routesCalled(server.calls)).toEqual(['listUploadParts', 'createUpload', 'completeUpload']);
    expect(storage.values.get(UPLOAD_MEMORY_KEY)).toBe('[]');
  });

  it('does not resume another file of the same name (size or last-modified time differ)', async () => {
    const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
    const server = fakeServer(clock);
    const memory = storageUploadMemory(memoryStorage(), () => clock.now);
    memory.remember({ fileName: 'clip.mp4', size: 20, lastModified: 1, key: 'user/videos/old.mp4', uploadId: 'old', partSize: PART_SIZE, startedAt: clock.now });

    await uploadFile(server.api, fileOf(20, 'clip.mp4', 2), { signal: new AbortController().signal, onProgress: () => undefined, memory, sendPart: server.s3, now: () => clock.now });

    expect(routesCalled(server.calls)[0]).toBe('createUpload');
  });

  it('aborts and forgets the upload when the user cancels, under way or after it stopped', async () => {
    const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
    const server = fakeServer(clock);
    const storage = memoryStorage();
    const controller = new AbortController();
    const cancelsAtThird: PartSender = async (url, body, onProgress, signal) => {
      if (server.sent.length === 2) controller.abort();
      if (signal.aborted) throw new UploadAborted();
      return server.s3(url, body, onProgress, signal);
    };

    const cancelled = await uploadFile(server.api, fileOf(6 * PART_SIZE), { signal: controller.signal, onProgress: () => undefined, memory: storageUploadMemory(storage, () => clock.now), sendPart: cancelsAtThird, now: () => clock.now }).catch((error: unknown) => error);

    expect(cancelled).toBeInstanceOf(UploadAborted);
    expect(routesCalled(server.calls).at(-1)).toBe('abortUpload');
    expect(server.uploads.get('upload-1')!.aborted).toBe(true);
    expect(storage.values.get(UPLOAD_MEMORY_KEY)).toBe('[]');

    const stopped = fileOf(2 * PART_SIZE, 'other.mp4');
    const memory = storageUploadMemory(storage, () => clock.now);
    await uploadFile(server.api, stopped, { signal: new AbortController().signal, onProgress: () => undefined, memory, sendPart: () => Promise.reject(new PartUploadError('http', 500)), now: () => clock.now }).catch(() => undefined);
    expect(memory.find(stopped)?.uploadId).toBe('upload-2');
    await cancelRememberedUpload(server.api, stopped, memory);
    expect(server.uploads.get('upload-2')!.aborted).toBe(true);
    expect(memory.find(stopped)).toBeUndefined();
  });
});

describe('the memory of unfinished uploads', () => {
  it('keeps what finds the upload again, never the bytes, and drops notes older than a day', () => {
    const storage = memoryStorage();
    let now = Date.parse('2026-03-01T10:00:00Z');
    const memory: UploadMemory = storageUploadMemory(storage, () => now);
    const file = fileOf(30);
    memory.remember({ fileName: file.name, size: 30, lastModified: file.lastModified, key: 'u/videos/a.mp4', uploadId: 'a', partSize: PART_SIZE, startedAt: now });

    expect(Object.keys(JSON.parse(storage.values.get(UPLOAD_MEMORY_KEY)!)[0] as object).sort()).toEqual(['fileName', 'key', 'lastModified', 'partSize', 'size', 'startedAt', 'uploadId']);
    expect(memory.find(file)?.uploadId).toBe('a');
    now += 24 * 3600_000;
    expect(memory.find(file)).toBeUndefined();
    storage.values.set(UPLOAD_MEMORY_KEY, 'not json');
    expect(memory.find(file)).toBeUndefined();
  });
});
