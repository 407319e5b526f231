/**
 * Runs in its own process so its peak memory is its own: publishes one video from S3 to the
 * sandbox's YouTube with the real publisher (streaming ranged reads), or, with MODE=raw, copies
 * the same bytes from S3 to a sink in the same chunk size. Prints one JSON line.
 */
import '../../infra/local/quietSdk';
import { S3Client } from '@aws-sdk/client-s3';
import { createS3Media } from '../../functions/media/s3Media';
import { createPublishers, readPlatformSettings } from '../../functions/platforms/registry';
import { sendDirectly } from '../../functions/platforms/createOnce';
import { memoryAttachments } from '../../functions/platforms/progressAttachments';
import { credentialsFromEnvironment } from '../../functions/platforms/config';
import type { TokenSet } from '../../functions/platforms/adapter';
import type { PublishProgress } from '../../functions/platforms/publisher';
import { localCredentials, localRegion } from '../../infra/local/environment';
import { testOptions } from '../support/postOptions';

const env = process.env;
const size = Number(env['BENCH_SIZE']);
const s3 = new S3Client({ endpoint: env['BENCH_S3'], region: localRegion, credentials: localCredentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
const media = createS3Media(s3, env['BENCH_BUCKET']!);
const stored = { key: env['BENCH_KEY']!, kind: 'video' as const, contentType: 'video/mp4', size, extension: 'mp4' };
const started = performance.now();

if (env['MODE'] === 'raw') {
  const source = media.source(stored);
  const chunk = 8 * 1024 * 1024;
  for (let offset = 0; offset < size; offset += chunk) {
    const bytes = await source.read(offset, Math.min(offset + chunk, size) - 1);
    await fetch(env['BENCH_SINK']!, { method: 'PUT', body: new Blob([bytes as Uint8Array<ArrayBuffer>]) });
  }
} else {
  const clock = { now: () => new Date() };
  const youtubeCredentials = credentialsFromEnvironment(env, 'youtube');
  const publishers = createPublishers(readPlatformSettings(env, youtubeCredentials ? { youtube: youtubeCredentials } : {}), clock);
  const youtube = publishers.youtube!;
  const tokens = JSON.parse(env['BENCH_TOKENS']!) as TokenSet;
  let progress: PublishProgress = {};
  const attachments = memoryAttachments();
  const request = () => ({ text: 'bench', title: 'Bench', ...testOptions('youtube'), media: [media.source(stored)], account: { platformUserId: 'bench' }, tokens, progress, createOnce: sendDirectly, attachments });
  let result = await youtube.start(request());
  progress = result.progress;
  for (let checks = 0; result.state === 'processing' && checks < 100; checks++) {
    result = await youtube.checkStatus(request());
    progress = result.progress;
  }
  if (result.state === 'ready') result = await youtube.publish(request());
  if (result.state !== 'published') throw new Error(`Not published: ${JSON.stringify(result)}`);
}

const seconds = (performance.now() - started) / 1000;
process.stdout.write(`${JSON.stringify({ seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024, bytes: size })}\n`);
