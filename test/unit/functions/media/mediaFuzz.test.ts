import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../functions/errors';
import { MediaUnreadable, readVideoMetadata } from '../../../../functions/media/mp4';
import { createUploadService } from '../../../../functions/services/uploads';
import { boxOffsets, mediaCorpus } from '../../../support/mediaCorpus';
import { memoryS3 } from '../../../support/memoryS3';
import { memoryStorageQuota } from '../../../support/storageQuota';

/**
 * Property-based fuzzing of the upload check over truncated and mutated real MP4s, MOVs and
 * images: whatever the bytes, the parser either reads them or refuses them in words
 * (MediaUnreadable), never asks for a range outside the file, and the upload service either
 * keeps the file or refuses it with a 4xx sentence and deletes it, giving its storage back.
 * A few runs per file in `npm test`; `npm run fuzz:media` runs many (FUZZ_RUNS, FUZZ_SEED).
 */
const runs = Number(process.env['FUZZ_RUNS'] ?? 25);
const seed = Number(process.env['FUZZ_SEED'] ?? 20261124);
const corpus = mediaCorpus();
const user = { userId: 'fuzz-user', email: 'fuzz@example.com' };
/** Many runs take longer than the default 5 s (about 1 ms a case). */
const timeout = 10_000 + runs * corpus.length * 3;

type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'bytes'; at: number; bytes: number[] }
  | { kind: 'boxSize'; box: number; size: number }
  | { kind: 'largeSize'; box: number; size: bigint }
  | { kind: 'insert'; at: number; bytes: number[] };

const interestingSizes = fc.oneof(
  fc.constantFrom(0, 1, 7, 8, 9, 15, 16, 0x7fffffff, 0xffffffff),
  fc.integer({ min: 0, max: 0xffffffff }),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('bytes' as const), at: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('boxSize' as const), box: fc.nat(), size: interestingSizes }),
  fc.record({ kind: fc.constant('largeSize' as const), box: fc.nat(), size: fc.oneof(fc.constantFrom(0n, 8n, 15n, 16n, 2n ** 53n, 2n ** 64n - 1n), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n })) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 24 }) }),
);

function mutate(original: Buffer, mutations: Mutation[]): Buffer {
  let file = Buffer.from(original);
  for (const change of mutations) {
    const offsets = boxOffsets(file);
    if (change.kind === 'truncate') file = file.subarray(0, change.at % (file.length + 1));
    else if (change.kind === 'bytes' && file.length) change.bytes.forEach((byte, index) => (file[(change.at + index) % file.length] = byte));
    else if (change.kind === 'insert') {
      const at = change.at % (file.length + 1);
      file = Buffer.concat([file.subarray(0, at), Buffer.from(change.bytes), file.subarray(at)]);
    } else if (change.kind === 'boxSize' && offsets.length) file.writeUInt32BE(change.size, offsets[change.box % offsets.length]!);
    else if (change.kind === 'largeSize' && offsets.length) {
      const at = offsets[change.box % offsets.length]!;
      if (at + 16 <= file.length) {
        file.writeUInt32BE(1, at);
        file.writeBigUInt64BE(change.size, at + 8);
      }
    }
  }
  return file;
}

const mutatedFile = fc.record({
  sample: fc.nat({ max: corpus.length - 1 }),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 4 }),
});

async function check(property: fc.IAsyncProperty<[{ sample: number; mutations: Mutation[] }]>) {
  const details = await fc.check(property, { seed, numRuns: runs * corpus.length, endOnFailure: true });
  if (details.failed) {
    throw new Error(`seed ${details.seed}, path "${details.counterexamplePath}": ${JSON.stringify(details.counterexample, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value))}: ${String(details.errorInstance)}`);
  }
}

describe('media parsing under fuzzing', () => {
  it('the unmutated corpus is read and kept', async () => {
    for (const sample of corpus) {
      const { s3, objects } = memoryS3();
      const quota = memoryStorageQuota();
      const uploads = createUploadService({ s3, bucket: 'media', limits: { maxImageBytes: 1 << 20, maxVideoBytes: 1 << 20 }, clock: { now: () => new Date() }, quota, storageLimit: async () => 1 << 30 });
      const key = `${user.userId}/${sample.extension === 'mp4' || sample.extension === 'mov' ? 'videos' : 'images'}/abcdefghijklmnopqrst.${sample.extension}`;
      objects.set(key, sample.bytes);
      await quota.reserve(user.userId, { bucket: 'media', key, bytes: sample.bytes.length, uploadId: 'u' }, null);
      const kept = await uploads.complete(user, { key, uploadId: 'u', parts: [{ partNumber: 1, etag: '"e"' }] });
      expect(kept.size, sample.name).toBe(sample.bytes.length);
      if (sample.extension === 'mp4' || sample.extension === 'mov') expect(kept.durationSeconds, sample.name).toBeGreaterThan(0);
    }
  });

  it('the parser reads or refuses in words, and never asks for a range outside the file', async () => {
    await check(
      fc.asyncProperty(mutatedFile, async ({ sample, mutations }) => {
        const file = mutate(corpus[sample]!.bytes, mutations);
        const read = async (start: number, end: number) => {
          if (start < 0 || end < start || end >= file.length) throw new Error(`bad range bytes=${start}-${end} of ${file.length}`);
          return new Uint8Array(file.subarray(start, end + 1));
        };
        try {
          const metadata = await readVideoMetadata(read, file.length);
          for (const value of Object.values(metadata)) expect(Number.isFinite(value)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(MediaUnreadable);
          expect((error as Error).message).toMatch(/^This video could not be read: [a-z"].{8,}\.$/);
        }
      }),
    );
  }, timeout);

  it('the upload check keeps the file or refuses it with a 4xx sentence, deletes it and gives its storage back', async () => {
    await check(
      fc.asyncProperty(mutatedFile, async ({ sample, mutations }) => {
        const { extension } = corpus[sample]!;
        const file = mutate(corpus[sample]!.bytes, mutations);
        const { s3, objects, ranges } = memoryS3();
        const quota = memoryStorageQuota();
        const uploads = createUploadService({ s3, bucket: 'media', limits: { maxImageBytes: 1 << 20, maxVideoBytes: 1 << 20 }, clock: { now: () => new Date() }, quota, storageLimit: async () => 1 << 30 });
        const key = `${user.userId}/${extension === 'mp4' || extension === 'mov' ? 'videos' : 'images'}/abcdefghijklmnopqrst.${extension}`;
        objects.set(key, file);
        await quota.reserve(user.userId, { bucket: 'media', key, bytes: Math.max(1, file.length), uploadId: 'u' }, null);
        try {
          const kept = await uploads.complete(user, { key, uploadId: 'u', parts: [{ partNumber: 1, etag: '"e"' }] });
          expect(kept.size).toBe(file.length);
          expect(objects.has(key)).toBe(true);
          expect(await quota.usedBytes(user.userId)).toBe(file.length);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).status).toBeGreaterThanOrEqual(400);
          expect((error as DomainError).status).toBeLessThan(500);
          expect((error as Error).message).toMatch(/^[A-Z].{10,}\.$/);
          expect((error as Error).message).not.toMatch(/undefined|NaN|\bat \w+ \(/);
          expect(objects.has(key)).toBe(false);
          expect(await quota.usedBytes(user.userId)).toBe(0);
        }
        for (const [start, end] of ranges) expect(end).toBeGreaterThanOrEqual(start);
      }),
    );
  }, timeout);
});
