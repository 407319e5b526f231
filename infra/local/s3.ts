import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import S3rver from 's3rver';
import { bucketCors, bucketKeys, buckets } from '../../shared/resources/buckets';
import { CreateBucketCommand, ListBucketsCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { localBucketNames, localCredentials, localRegion } from './environment';
import type { TwinLog } from './log';

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

function corsXml(siteOrigin: string): string {
  const tag = (name: string, values: readonly string[]) => values.map((value) => `<${name}>${value}</${name}>`).join('');
  return (
    '<CORSConfiguration><CORSRule>' +
    tag('AllowedOrigin', [siteOrigin]) +
    tag('AllowedMethod', bucketCors.allowedMethods) +
    tag('AllowedHeader', bucketCors.allowedHeaders) +
    tag('ExposeHeader', bucketCors.exposedHeaders) +
    `<MaxAgeSeconds>${bucketCors.maxAgeSeconds}</MaxAgeSeconds>` +
    '</CORSRule></CORSConfiguration>'
  );
}

/** Creates the buckets (with the site's CORS rule) on an S3 endpoint that is already running. */
export async function ensureBuckets(endpoint: string, siteOrigin: string): Promise<void> {
  const client = new S3Client({ endpoint, region: localRegion, credentials: localCredentials, forcePathStyle: true });
  try {
    const existing = new Set(((await client.send(new ListBucketsCommand({}))).Buckets ?? []).map((bucket) => bucket.Name));
    for (const key of bucketKeys) {
      const name = localBucketNames[key];
      if (!existing.has(name)) await client.send(new CreateBucketCommand({ Bucket: name }));
      if (!buckets[key].browserUploads) continue;
      await client.send(
        new PutBucketCorsCommand({
          Bucket: name,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: [siteOrigin],
                AllowedMethods: [...bucketCors.allowedMethods],
                AllowedHeaders: bucketCors.allowedHeaders,
                ExposeHeaders: bucketCors.exposedHeaders,
                MaxAgeSeconds: bucketCors.maxAgeSeconds,
              },
            ],
          },
        }),
      );
    }
  } finally {
    client.destroy();
  }
}

const noSuchUpload = (uploadId: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.</Message><UploadId>${uploadId}</UploadId></Error>`;

/**
 * s3rver lacks AbortMultipartUpload (it answers 405) and answers a Complete of an unknown upload
 * with a 500. This middleware, first in its chain, answers both as S3 does: abort removes the
 * upload's parts (204), and either call on an unknown upload is 404 NoSuchUpload.
 */
function supportAbortMultipartUpload(server: S3rver): void {
  type Context = { method: string; path: string; query: Record<string, unknown>; status: number; body: unknown; type: string };
  const app = server as unknown as { middleware: Array<(ctx: Context, next: () => Promise<void>) => Promise<void>>; store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string } };
  app.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query['uploadId'];
    if (typeof uploadId !== 'string' || !/^[0-9a-f]+$/.test(uploadId) || (ctx.method !== 'DELETE' && ctx.method !== 'POST')) return next();
    const bucket = ctx.path.split('/')[1] ?? '';
    const uploadDir = join(app.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    if (!existsSync(uploadDir)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = noSuchUpload(uploadId);
      return;
    }
    if (ctx.method === 'POST') return next();
    rmSync(uploadDir, { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
  });
}

const require = createRequire(import.meta.url);
const S3Error = require('s3rver/lib/models/error') as new (code: string, message: string, detail?: Record<string, unknown>) => Error;

/**
 * s3rver assembles a Complete from whatever part numbers it is given and crashes (an unhandled
 * stream error takes the whole process down) on a part that was never uploaded. S3 answers
 * 400 InvalidPart; so does this check, run before s3rver reads any part.
 */
function refuseMissingParts(server: S3rver): void {
  type Store = {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    putObjectMultipart(bucket: string, uploadId: string, parts: Array<{ number: number; etag: string }>): Promise<unknown>;
  };
  const store = (server as unknown as { store: Store }).store;
  const assemble = store.putObjectMultipart.bind(store);
  store.putObjectMultipart = async (bucket, uploadId, parts) => {
    const uploadDir = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const missing = parts.find((part) => !Number.isInteger(part.number) || part.number < 1 || !existsSync(join(uploadDir, String(part.number))));
    if (missing) {
      throw new S3Error('InvalidPart', 'One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part\'s entity tag.', {
        UploadId: uploadId,
        PartNumber: missing.number,
      });
    }
    return assemble(bucket, uploadId, parts);
  };
}

/** s3rver on 127.0.0.1 with the buckets from the shared definitions and the site's CORS rule. */
export async function startS3(options: { port: number; dataDir: string; siteOrigin: string; log: TwinLog }): Promise<LocalS3> {
  mkdirSync(options.dataDir, { recursive: true });
  const server = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    directory: options.dataDir,
    silent: true,
    configureBuckets: bucketKeys.map((key) => ({
      name: localBucketNames[key],
      configs: buckets[key].browserUploads ? [corsXml(options.siteOrigin)] : [],
    })),
  });
  supportAbortMultipartUpload(server);
  refuseMissingParts(server);
  await server.run();
  const endpoint = `http://127.0.0.1:${options.port}`;
  options.log.info('s3', `s3rver on ${endpoint} (data in ${options.dataDir})`);
  return { endpoint, stop: () => server.close() };
}
