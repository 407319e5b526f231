import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const invalidArgument = (message: string, name: string, value: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>InvalidArgument</Code><Message>${xmlEscape(message)}</Message><ArgumentName>${name}</ArgumentName><ArgumentValue>${xmlEscape(value)}</ArgumentValue></Error>`;

/** S3's default and largest ListParts page. */
const LIST_PARTS_MAX = 1000;

/**
 * ListParts as S3 answers it (GET ?uploadId=, max-parts 1–1000, default 1000; part-number-marker:
 * parts after it): every uploaded part's PartNumber, LastModified, ETag (quoted MD5) and Size in
 * ascending order, IsTruncated with NextPartNumberMarker (the last part listed) when more remain.
 * s3rver keeps a part as uploads/<uploadId>/<n> with its MD5 beside it in <n>.md5.
 */
function listPartsXml(uploadDir: string, bucket: string, key: string, uploadId: string, marker: number, maxParts: number): string {
  const numbers = readdirSync(uploadDir)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(uploadDir, `${name}.md5`)))
    .map(Number)
    .sort((a, b) => a - b)
    .filter((partNumber) => partNumber > marker);
  const page = numbers.slice(0, maxParts);
  const truncated = numbers.length > page.length;
  const parts = page.map((partNumber) => {
    const file = join(uploadDir, String(partNumber));
    const stats = statSync(file);
    const md5 = readFileSync(`${file}.md5`, 'utf8').trim();
    return `<Part><PartNumber>${partNumber}</PartNumber><LastModified>${stats.mtime.toISOString()}</LastModified><ETag>&quot;${md5}&quot;</ETag><Size>${stats.size}</Size></Part>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId>` +
    `<PartNumberMarker>${marker}</PartNumberMarker>` +
    (truncated ? `<NextPartNumberMarker>${page[page.length - 1]}</NextPartNumberMarker>` : '') +
    `<MaxParts>${maxParts}</MaxParts><IsTruncated>${truncated}</IsTruncated>${parts.join('')}</ListPartsResult>`
  );
}

/**
 * s3rver lacks AbortMultipartUpload (it answers 405) and ListParts (405) and answers a Complete
 * of an unknown upload with a 500. This middleware, first in its chain, answers them as S3 does:
 * abort removes the upload's parts (204), ListParts lists them (listPartsXml; max-parts above
 * 1,000 gives 1,000), and any of the three on an upload that is unknown, aborted, completed or of
 * another key is 404 NoSuchUpload.
 */
function supportMultipartCalls(server: S3rver): void {
  type Context = { method: string; path: string; query: Record<string, unknown>; status: number; body: unknown; type: string };
  const app = server as unknown as { middleware: Array<(ctx: Context, next: () => Promise<void>) => Promise<void>>; store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string } };
  app.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query['uploadId'];
    if (typeof uploadId !== 'string' || !['DELETE', 'POST', 'GET'].includes(ctx.method)) return next();
    const [, bucket = '', ...keyParts] = ctx.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadDir = /^[0-9a-f]+$/.test(uploadId) ? join(app.store.getResourcePath(bucket, undefined, 'uploads'), uploadId) : '';
    const keyFile = join(uploadDir, 'key');
    if (!uploadDir || !existsSync(keyFile) || readFileSync(keyFile, 'utf8') !== key) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = noSuchUpload(xmlEscape(uploadId));
      return;
    }
    if (ctx.method === 'POST') return next();
    if (ctx.method === 'GET') {
      const maxPartsText = String(ctx.query['max-parts'] ?? LIST_PARTS_MAX);
      const markerText = String(ctx.query['part-number-marker'] ?? '0');
      const maxParts = /^\d+$/.test(maxPartsText) ? Number(maxPartsText) : NaN;
      const marker = /^\d+$/.test(markerText) ? Number(markerText) : NaN;
      ctx.type = 'application/xml';
      if (!(maxParts >= 1)) {
        ctx.status = 400;
        ctx.body = invalidArgument('Argument max-parts must be an integer between 0 and 2147483647', 'max-parts', maxPartsText);
        return;
      }
      if (!Number.isInteger(marker)) {
        ctx.status = 400;
        ctx.body = invalidArgument('Provided part-number-marker not an integer or within integer range', 'part-number-marker', markerText);
        return;
      }
      ctx.status = 200;
      ctx.body = listPartsXml(uploadDir, bucket, key, uploadId, marker, Math.min(maxParts, LIST_PARTS_MAX));
      return;
    }
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

/**
 * s3rver stores a part sent to any upload id, making up the upload's folder; S3 answers 404
 * NoSuchUpload for an upload that is unknown, aborted or completed. Checked in the store, so the
 * answer goes out through s3rver's error path with the bucket's CORS headers (a browser reads it).
 */
function refusePartsOfUnknownUploads(server: S3rver): void {
  type Store = {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    putPart(bucket: string, uploadId: string, partNumber: string, content: unknown): Promise<unknown>;
  };
  const store = (server as unknown as { store: Store }).store;
  const putPart = store.putPart.bind(store);
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId, 'key'))) {
      throw new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', { UploadId: uploadId });
    }
    return putPart(bucket, uploadId, partNumber, content);
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
  supportMultipartCalls(server);
  refuseMissingParts(server);
  refusePartsOfUnknownUploads(server);
  await server.run();
  const endpoint = `http://127.0.0.1:${options.port}`;
  options.log.info('s3', `s3rver on ${endpoint} (data in ${options.dataDir})`);
  return { endpoint, stop: () => server.close() };
}
