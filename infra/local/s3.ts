import { mkdirSync } from 'node:fs';
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
  await server.run();
  const endpoint = `http://127.0.0.1:${options.port}`;
  options.log.info('s3', `s3rver on ${endpoint} (data in ${options.dataDir})`);
  return { endpoint, stop: () => server.close() };
}
