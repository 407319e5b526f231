import { randomBytes } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Post } from '../../shared/api/posts';
import { localBucketNames, localCredentials, localRegion } from '../../infra/local/environment';
import type { TwinInfo } from './twinInfo';
import { callApi, type TestUser } from './users';
import { syntheticMp4 } from './mp4';
import { contentTypes, mediaFolderOf, type MediaKind } from '../../shared/media';

/** A tiny but valid baseline JPEG (1×1 pixel). */
export const tinyJpeg = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00fbd3ffd9',
  'hex',
);

function s3(twin: TwinInfo): S3Client {
  return new S3Client({
    endpoint: twin.endpoints.s3,
    region: localRegion,
    credentials: localCredentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}

/** Puts a file in the media bucket under the user's prefix, as the upload flow will. */
export async function uploadMedia(twin: TwinInfo, userId: string, file: { kind: MediaKind; body: Buffer; extension?: string }): Promise<string> {
  const extension = file.extension ?? { video: 'mp4', image: 'jpg', document: 'pdf' }[file.kind];
  const key = `${userId}/${mediaFolderOf(file.kind)}/${randomBytes(12).toString('hex')}.${extension}`;
  await s3(twin).send(
    new PutObjectCommand({
      Bucket: localBucketNames.media,
      Key: key,
      Body: file.body,
      ContentType: contentTypes[extension] ?? 'application/octet-stream',
    }),
  );
  return key;
}

/** A small PDF: one empty page (the header LinkedIn's sandbox and our upload check read is %PDF-). */
export const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

export const sampleVideo = (durationSeconds = 12, payloadBytes = 300_000) => syntheticMp4({ durationSeconds, payloadBytes });

/** Polls the post until it leaves "publishing" (or the timeout), as the dashboard would. */
export async function waitForPost(twin: TwinInfo, user: TestUser, postId: string, timeoutMs = 30_000): Promise<Post> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await callApi(twin, `/posts/${postId}`, user.idToken);
    if (status !== 200) throw new Error(`GET /posts/${postId} answered ${status}: ${JSON.stringify(body)}`);
    const post = body as unknown as Post;
    if (post.status !== 'publishing' && post.status !== 'scheduled') return post;
    if (Date.now() > deadline) throw new Error(`Post ${postId} still ${post.status}: ${JSON.stringify(post.targets)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function createPost(twin: TwinInfo, user: TestUser, body: unknown) {
  return callApi(twin, '/posts', user.idToken, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
