import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createUploadService, defaultUploadLimits } from '../../functions/services/uploads';
import { startS3 } from '../../infra/local/s3';
import { memoryLog } from '../../infra/local/log';
import { freePort } from '../../infra/local/ports';
import { localBucketNames, localCredentials, localRegion } from '../../infra/local/environment';
import { syntheticMp4 } from '../support/mp4';
import { memoryStorageQuota } from '../support/storageQuota';
import type { Benchmark, Figure } from './benchmarks';

const MiB = 1024 * 1024;
const SIZE = 256 * MiB;
const PARALLEL_PARTS = 4;
const URL_BATCH = 16;

/**
 * The upload path the browser takes — presigned multipart URLs signed in batches as it goes,
 * parts PUT in parallel, then complete (with the magic-byte check) — against one presigned PUT of the same bytes, both on
 * the local S3. Driven from Node with fetch, as the browser's protocol is HTTP either way.
 */
export const uploadsBenchmark: Benchmark = {
  name: 'uploads (presigned multipart, local S3)',
  async run(): Promise<Figure[]> {
    const dir = mkdtempSync(join(tmpdir(), 'oneclick-bench-uploads-'));
    const s3Server = await startS3({ port: await freePort(), dataDir: dir, siteOrigin: 'http://127.0.0.1', log: memoryLog() });
    const s3 = new S3Client({ endpoint: s3Server.endpoint, region: localRegion, credentials: localCredentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
    const uploads = createUploadService({ s3, bucket: localBucketNames.media, limits: defaultUploadLimits, clock: { now: () => new Date() }, quota: memoryStorageQuota(), storageLimit: async () => null });
    const user = { userId: 'bench-user', email: 'bench@example.com' };
    const file = Buffer.concat([syntheticMp4({ durationSeconds: 60, payloadBytes: 64 }), Buffer.alloc(SIZE)]).subarray(0, SIZE);
    try {
      const multipartStarted = performance.now();
      const session = await uploads.create(user, { fileName: 'bench.mp4', contentType: 'video/mp4', size: file.length });
      const etags: Array<{ partNumber: number; etag: string }> = [];
      // The browser's way: the first batch of URLs with the start, the next batch asked for while 8 signed parts still wait.
      const urls = new Map(session.parts.map((part) => [part.partNumber, part.url]));
      let signedThrough = session.parts.length;
      let signing: Promise<void> | undefined;
      const signAhead = (partNumber: number) => {
        if (signing || signedThrough >= session.partCount || signedThrough - partNumber > 8) return signing;
        const partNumbers = Array.from({ length: Math.min(URL_BATCH, session.partCount - signedThrough) }, (_unused, index) => signedThrough + index + 1);
        signedThrough += partNumbers.length;
        signing = uploads.signParts(user, { key: session.key, uploadId: session.uploadId, partNumbers }).then(({ parts }) => {
          for (const part of parts) urls.set(part.partNumber, part.url);
          signing = undefined;
        });
        return signing;
      };
      let next = 1;
      await Promise.all(
        Array.from({ length: PARALLEL_PARTS }, async () => {
          for (let partNumber = next++; partNumber <= session.partCount; partNumber = next++) {
            void signAhead(partNumber);
            while (!urls.has(partNumber)) await (signAhead(partNumber) ?? signing);
            const start = (partNumber - 1) * session.partSize;
            const response = await fetch(urls.get(partNumber)!, { method: 'PUT', body: new Uint8Array(file.subarray(start, start + session.partSize)) });
            etags.push({ partNumber, etag: response.headers.get('etag')! });
          }
        }),
      );
      await uploads.complete(user, { key: session.key, uploadId: session.uploadId, parts: etags.sort((a, b) => a.partNumber - b.partNumber) });
      const multipartSeconds = (performance.now() - multipartStarted) / 1000;

      const rawStarted = performance.now();
      const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket: localBucketNames.media, Key: 'bench-user/videos/rawrawrawrawraw.mp4' }), { expiresIn: 600 });
      await fetch(url, { method: 'PUT', body: new Uint8Array(file) });
      const rawSeconds = (performance.now() - rawStarted) / 1000;

      const multipartRate = SIZE / MiB / multipartSeconds;
      const rawRate = SIZE / MiB / rawSeconds;
      return [
        { name: 'file size', value: SIZE / MiB, unit: 'MiB' },
        { name: `presigned multipart (${PARALLEL_PARTS} parts at a time, URLs in batches of ${URL_BATCH}) incl. complete + check`, value: Math.round(multipartRate), unit: 'MiB/s' },
        { name: 'one presigned PUT of the same bytes', value: Math.round(rawRate), unit: 'MiB/s' },
        { name: 'multipart / raw PUT throughput', value: Math.round((multipartRate / rawRate) * 100) / 100, unit: 'ratio' },
      ];
    } finally {
      s3.destroy();
      await s3Server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
