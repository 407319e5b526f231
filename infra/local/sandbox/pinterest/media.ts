import { randomBytes } from 'node:crypto';
import { header, isRecord, json, readJson, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import type { LimitDefinitions } from '../limits';
import { parseMultipart } from '../multipart';
import { randomDigits } from '../oauth';
import type { PlatformContext } from '../platform';
import { progression, type Progression } from '../processing';
import { invalidParameters, isResponse, notFound, pinterestAccess } from './api';

/**
 * Pinterest API v5's video uploads (docs/platforms/pinterest.md, "Video Pins"):
 *
 *   POST /media              {media_type: "video"} → 201 {media_id, media_type, upload_url, upload_parameters}
 *   POST upload host /       S3's form upload: every upload_parameters field as sent, then `file`
 *                            (the last part); 204 No Content, or S3's XML error (400, 403)
 *   GET  /media/{media_id}   {media_id, media_type, status}: registered until the file arrives, then
 *                            processing for the planned status reads (setProcessing), then succeeded
 *                            or failed
 *
 * Processing advances with status reads, as every platform's does here (processing.ts), so tests
 * never wait on a clock. A video Pin (POST /pins, media_source video_id) needs a succeeded upload.
 */

const MB = 1000 * 1000;
const MAX_VIDEO_BYTES = 2000 * MB;
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/x-m4v'];

export interface VideoUpload {
  id: string;
  account: string;
  key: string;
  parameters: Record<string, string>;
  blobId: string | undefined;
  contentType: string | undefined;
  size: number;
  processing: Progression | undefined;
  /** Taken by a Pin: it cannot make a second one. */
  used: boolean;
}

const limits: LimitDefinitions = {
  mediaPerMinute: { default: 100, description: 'POST /v5/media per user per rolling minute (org_write) → 429 code 8' },
};

function s3Error(status: number, code: string, message: string): SandboxResponse {
  return { status, headers: { 'content-type': 'application/xml' }, body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>` };
}

export function pinterestMedia(
  context: PlatformContext,
  rateLimited: (account: string, key: string, limitName: string) => SandboxResponse | undefined,
): { routes: Route[]; uploadHosts: string[]; limits: LimitDefinitions; find(account: string, mediaId: string): VideoUpload | undefined; reset(): void } {
  let uploads = new Map<string, VideoUpload>();
  const byKey = new Map<string, string>();

  function mediaJson(upload: VideoUpload) {
    let status: string = 'registered';
    if (upload.processing) {
      if (!upload.processing.finished && !upload.processing.read()) status = 'processing';
      else status = upload.processing.plan.outcome === 'succeed' ? 'succeeded' : 'failed';
    }
    return { media_id: upload.id, media_type: 'video', status };
  }

  async function register(request: SandboxRequest): Promise<SandboxResponse> {
    const access = pinterestAccess(context, request, ['pins:write']);
    if (isResponse(access)) return access;
    const body = await readJson(request);
    if (!isRecord(body)) return invalidParameters('The request body must be a JSON object.');
    if (body['media_type'] !== 'video') return invalidParameters('media_type must be "video".');
    const account = access.account.name;
    const limited = rateLimited(account, 'media', 'mediaPerMinute');
    if (limited) return limited;
    const id = randomDigits(19);
    const key = `uploads/${randomBytes(8).toString('hex')}/${id}.mp4`;
    const date = new Date(context.now()).toISOString().replace(/[-:]|\.\d{3}/g, '');
    const parameters: Record<string, string> = {
      'x-amz-date': date,
      'x-amz-signature': randomBytes(32).toString('hex'),
      'x-amz-security-token': randomBytes(48).toString('base64'),
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      key,
      policy: Buffer.from(JSON.stringify({ expiration: new Date(context.now() + 3_600_000).toISOString(), conditions: [{ key }] })).toString('base64'),
      'x-amz-credential': `ASIA${randomDigits(16)}/${date.slice(0, 8)}/us-east-1/s3/aws4_request`,
      'Content-Type': 'multipart/form-data',
    };
    const upload: VideoUpload = { id, account, key, parameters, blobId: undefined, contentType: undefined, size: 0, processing: undefined, used: false };
    uploads.set(id, upload);
    byKey.set(key, id);
    return json(201, { media_id: id, media_type: 'video', upload_url: `${context.hostUrl('upload')}/`, upload_parameters: parameters });
  }

  async function receive(request: SandboxRequest): Promise<SandboxResponse> {
    const parts = parseMultipart(header(request, 'content-type'), await request.body());
    if (!parts) return s3Error(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
    const id = byKey.get(parts.get('key')?.value.toString('utf8') ?? '');
    const upload = id ? uploads.get(id) : undefined;
    if (!upload) return s3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed: ["eq", "$key", ...]');
    for (const [name, value] of Object.entries(upload.parameters)) {
      if (parts.get(name)?.value.toString('utf8') !== value) return s3Error(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", ...]`);
    }
    const names = [...parts.keys()];
    const file = parts.get('file');
    if (!file || names[names.length - 1] !== 'file') return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request, as the last field.');
    if (file.value.byteLength === 0) return s3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.');
    if (file.value.byteLength > MAX_VIDEO_BYTES) return s3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
    // S3 keeps the last object written under the key: a second upload replaces the first.
    if (upload.blobId) await context.media.remove(upload.blobId);
    const blobId = await context.media.create();
    await context.media.write(blobId, 0, file.value, MAX_VIDEO_BYTES);
    upload.blobId = blobId;
    upload.size = file.value.byteLength;
    upload.contentType = VIDEO_TYPES.includes(file.contentType ?? '') ? file.contentType : 'video/mp4';
    upload.processing ??= progression(context.nextProcessing(1, upload.account));
    return { status: 204, headers: {} };
  }

  function status(request: SandboxRequest): SandboxResponse {
    const access = pinterestAccess(context, request, ['pins:read']);
    if (isResponse(access)) return access;
    const upload = uploads.get(request.params['media_id'] ?? '');
    if (!upload || upload.account !== access.account.name) return notFound('Media upload');
    return json(200, mediaJson(upload));
  }

  return {
    routes: [
      { method: 'POST', hostKey: 'api', path: '/media', handle: register },
      { method: 'GET', hostKey: 'api', path: '/media/{media_id}', handle: status },
      { method: 'POST', hostKey: 'upload', path: '/', handle: receive },
    ],
    uploadHosts: ['upload'],
    limits,
    find: (account, mediaId) => {
      const upload = uploads.get(mediaId);
      return upload && upload.account === account ? upload : undefined;
    },
    reset() {
      uploads = new Map();
      byKey.clear();
    },
  };
}
