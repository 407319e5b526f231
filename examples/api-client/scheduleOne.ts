/**
 * A script on the public API with a typed client: lists the workspace's connected accounts, uploads
 * a small image and schedules a post with it on the first account for tomorrow — once, however
 * often it is retried. Types: openapi.d.ts (openapi-typescript); client: openapi-fetch.
 *
 *   ONECLICK_API_KEY=<a key with read, write and publish> npx tsx examples/api-client/scheduleOne.ts
 *
 * ONECLICK_API_URL is the API's base URL before /v1 (default: the twin `npm start` runs,
 * http://127.0.0.1:5173/api).
 */
import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { paths } from './openapi';

const apiKey = process.env['ONECLICK_API_KEY'];
if (!apiKey) throw new Error('Set ONECLICK_API_KEY to an API key from Settings › API keys.');
const baseUrl = process.env['ONECLICK_API_URL'] ?? 'http://127.0.0.1:5173/api';

const api = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${apiKey}` } });

/** An error answer is an RFC 9457 problem: its detail is the sentence to show. */
function fail(what: string, problem: unknown): never {
  const detail = (problem as { detail?: string } | undefined)?.detail;
  throw new Error(`${what}: ${detail ?? JSON.stringify(problem)}`);
}

// A 1×1 JPEG, so the example needs no file of its own.
const image = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00fbd3ffd9',
  'hex',
);

// 1. The accounts (read).
const accounts = await api.GET('/v1/connections');
if (!accounts.data) fail('Listing the accounts failed', accounts.error);
for (const connection of accounts.data.connections) process.stdout.write(`${connection.platform} ${connection.displayName} (${connection.status})\n`);
const account = accounts.data.connections.find((connection) => connection.status === 'connected');
if (!account) throw new Error('Connect an account first (Accounts in the app).');

// 2. The image (write): a presigned upload straight to storage, then completed.
const upload = await api.POST('/v1/uploads', { body: { fileName: 'example.jpg', contentType: 'image/jpeg', size: image.length } });
if (!upload.data) fail('Starting the upload failed', upload.error);
const part = upload.data.parts[0]!;
const put = await fetch(part.url, { method: 'PUT', body: image });
if (!put.ok) throw new Error(`Uploading the image failed: HTTP ${put.status}`);
const media = await api.POST('/v1/uploads/complete', {
  body: { key: upload.data.key, uploadId: upload.data.uploadId, parts: [{ partNumber: part.partNumber, etag: put.headers.get('etag') ?? '' }] },
});
if (!media.data) fail('Completing the upload failed', media.error);

// 3. The post (publish), tomorrow at this time. One Idempotency-Key for this post: sending it
// again with the same key (after a timeout, say) answers the same post and never posts twice.
const idempotencyKey = randomUUID();
const scheduledFor = new Date(Date.now() + 24 * 3600_000).toISOString();
const schedule = () =>
  api.POST('/v1/posts', {
    params: { header: { 'Idempotency-Key': idempotencyKey } },
    body: { description: 'Hello from the OneClick API', media: [{ key: media.data.key }], targets: [{ platform: account.platform, accountId: account.platformUserId }], scheduledFor, timeZone: 'UTC' },
  });
const created = await schedule();
if (!created.data) fail('Scheduling the post failed', created.error);
const retried = await schedule();
process.stdout.write(`post ${created.data.postId} scheduled for ${scheduledFor} on ${account.platform}; the retry answered post ${retried.data?.postId}\n`);
