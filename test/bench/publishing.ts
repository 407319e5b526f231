import { spawn } from 'node:child_process';
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, ftruncateSync, writeSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { platforms, type Platform } from '../../shared/platforms';
import { startS3 } from '../../infra/local/s3';
import { startSandbox } from '../../infra/local/sandbox/sandbox';
import { memoryLog } from '../../infra/local/log';
import { freePort } from '../../infra/local/ports';
import { localBucketNames, localCredentials, localRegion } from '../../infra/local/environment';
import { clientEnvironment } from '../../infra/local/secrets';
import { createAdapters, readPlatformSettings, sandboxHostEnvironment } from '../../functions/platforms/registry';
import { syntheticMp4 } from '../support/mp4';
import type { Benchmark, Figure } from './benchmarks';

const MiB = 1024 * 1024;
const HEAP_CAP_MIB = 96;
const projectRoot = resolve(import.meta.dirname, '../..');

function child(env: Record<string, string>): Promise<{ seconds: number; maxRssMiB: number; bytes: number }> {
  return new Promise((resolveRun, reject) => {
    // A small heap cap: a publisher that held whole files could not publish 1 GB under it.
    const run = spawn(process.execPath, [`--max-old-space-size=${HEAP_CAP_MIB}`, '--import', 'tsx', join(projectRoot, 'test/bench/publishChild.ts')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.on('exit', (code) => (code === 0 ? resolveRun(JSON.parse(output.trim().split('\n').pop()!)) : reject(new Error(`bench child exited ${code}`))));
  });
}

/** A video of `size` bytes: a real MP4 header, the rest sparse (no disk written for it). */
function sparseVideo(dir: string, size: number): string {
  const file = join(dir, `video-${size}.mp4`);
  const fd = openSync(file, 'w');
  writeSync(fd, syntheticMp4({ durationSeconds: 30, payloadBytes: 64 }));
  ftruncateSync(fd, size);
  closeSync(fd);
  return file;
}

/**
 * The publisher's peak memory for a 20 MB and a 1 GB video (they should be about equal: media
 * is streamed in chunks), and its throughput against a raw S3-to-sink copy of the same bytes.
 */
export const publishingBenchmark: Benchmark = {
  name: 'publisher streaming (YouTube, sandbox)',
  async run(): Promise<Figure[]> {
    const dir = mkdtempSync(join(tmpdir(), 'oneclick-bench-'));
    const log = memoryLog();
    const clients = Object.fromEntries(platforms.map((platform) => [platform, { clientId: `bench-${platform}`, clientSecret: `bench-secret-${platform}` }])) as Record<
      Platform,
      { clientId: string; clientSecret: string }
    >;
    const s3Server = await startS3({ port: await freePort(), dataDir: join(dir, 's3'), siteOrigin: 'http://127.0.0.1', log });
    const sandbox = await startSandbox({ port: 0, dataDir: join(dir, 'sandbox'), clients, log });
    const sink = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200).end());
    });
    await new Promise<void>((done) => sink.listen(0, '127.0.0.1', () => done()));
    const sinkUrl = `http://127.0.0.1:${(sink.address() as { port: number }).port}/`;
    const s3 = new S3Client({ endpoint: s3Server.endpoint, region: localRegion, credentials: localCredentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
    const hostEnv = sandboxHostEnvironment(sandbox.url);
    const adapter = createAdapters(readPlatformSettings(hostEnv, clients), { now: () => new Date() }).youtube!;
    const { url: authorizeUrl } = await adapter.authorizeUrl({ state: 'youtube_bench', redirectUri: 'http://127.0.0.1/callback' });
    const code = new URL(await sandbox.control.consent('youtube', { authorizeUrl, account: 'bench', decision: 'allow' })).searchParams.get('code')!;
    const tokens = await adapter.exchangeCode({ code, redirectUri: 'http://127.0.0.1/callback' });

    const figures: Figure[] = [];
    try {
      const runs: Record<string, { seconds: number; maxRssMiB: number; bytes: number }> = {};
      for (const [label, size] of [
        ['20 MB', 20 * 1000 * 1000],
        ['1 GB', 1000 * 1000 * 1000],
      ] as const) {
        const key = `bench/videos/video${size}.mp4`;
        const file = sparseVideo(dir, size);
        await s3.send(new PutObjectCommand({ Bucket: localBucketNames.media, Key: key, Body: createReadStream(file), ContentLength: size }));
        rmSync(file);
        const env = {
          ...hostEnv,
          ...clientEnvironment(clients),
          BENCH_S3: s3Server.endpoint,
          BENCH_BUCKET: localBucketNames.media,
          BENCH_KEY: key,
          BENCH_SIZE: String(size),
          BENCH_SINK: sinkUrl,
          BENCH_TOKENS: JSON.stringify(tokens),
        };
        const published = await child(env);
        runs[label] = published;
        figures.push({ name: `peak memory, ${label} video`, value: Math.round(published.maxRssMiB), unit: 'MiB' });
        if (label === '1 GB') {
          const raw = await child({ ...env, MODE: 'raw' });
          const publishRate = published.bytes / MiB / published.seconds;
          const rawRate = raw.bytes / MiB / raw.seconds;
          figures.push({ name: 'publish throughput, 1 GB', value: Math.round(publishRate), unit: 'MiB/s' });
          figures.push({ name: 'raw S3-to-sink copy, 1 GB', value: Math.round(rawRate), unit: 'MiB/s' });
          figures.push({ name: 'publish / raw throughput', value: Math.round((publishRate / rawRate) * 100) / 100, unit: 'ratio' });
        }
      }
      figures.push({ name: 'heap cap for both runs', value: HEAP_CAP_MIB, unit: 'MiB' });
      figures.push({
        name: 'peak memory 1 GB / 20 MB',
        value: Math.round((runs['1 GB']!.maxRssMiB / runs['20 MB']!.maxRssMiB) * 100) / 100,
        unit: 'ratio',
      });
    } finally {
      sink.close();
      await sandbox.stop();
      await s3Server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    return figures;
  },
};
