import { graphemeCount } from '../../../../shared/platforms/textCounting';
import { simulatedMetrics } from '../engagement';
import { header, isRecord, json, readForm, readJson, type SandboxRequest, type SandboxResponse } from '../http';
import { parseMultipart } from '../multipart';
import { progression, type Progression } from '../processing';
import { overLimit } from '../metrics';
import type { PlatformContext } from '../platform';
import type { FeedEntry } from '../feed';
import { mastodonError, SUPPORTED_MIME_TYPES, type Caller } from './instances';

/**
 * A Mastodon instance's media and statuses (docs.joinmastodon.org/methods/media, /methods/statuses):
 *
 *   POST /api/v2/media       multipart file (+ description): an image is processed at once (200,
 *                            `url` set); a video answers 202 with `url` null until processed
 *   GET  /api/v1/media/:id   206 while processing, then 200 with its url (422 if it failed)
 *   POST /api/v1/statuses    JSON or form: status, media_ids[], poll{options[], expires_in, multiple},
 *                            in_reply_to_id, sensitive, spoiler_text, visibility, language; the
 *                            length (content warning included, every URL as 23, a remote mention as
 *                            its local part) against the instance's limit → 422. An Idempotency-Key
 *                            seen from the same account within an hour answers the status it made.
 *   GET  /api/v1/statuses/:id favourites_count, reblogs_count, replies_count (engagement.ts)
 */

const HOUR_MS = 3600_000;
/** How many people a sandbox Mastodon status typically reaches (engagement.ts scales favourites and boosts from it). */
const TYPICAL_VIEWS = 400;
const VISIBILITIES = ['public', 'unlisted', 'private', 'direct'];

interface MediaRecord {
  id: string;
  instance: string;
  account: string;
  blobId: string;
  contentType: string;
  size: number;
  description: string | undefined;
  processing: Progression | undefined;
  attached: boolean;
}

/** The instance's length rule (StatusLengthValidator): graphemes, a URL as 23, `@name@server` as `@name`. */
export function countedLength(text: string): number {
  return graphemeCount(
    text
      .replace(/https?:\/\/\S+/giu, 'x'.repeat(23))
      .replace(/(^|[^\p{L}\p{N}_/])@([a-z0-9_]+(?:[.-]+[a-z0-9_]+)*)@[a-z0-9.-]+\.[a-z0-9-]+/giu, (_match, before: string, name: string) => `${before}@${name}`),
  );
}

export function mastodonStatuses(context: PlatformContext) {
  const media = new Map<string, MediaRecord>();
  const idempotency = new Map<string, { statusId: string; at: number }>();
  let sequence = 0;
  const nextId = () => `${context.now()}${String(++sequence).padStart(4, '0')}`;

  const statusOf = (caller: Caller, entry: FeedEntry) => {
    const metrics = simulatedMetrics(entry, context.now(), TYPICAL_VIEWS);
    return {
      id: entry.id,
      uri: entry.url,
      url: entry.url,
      created_at: new Date(entry.createdAt).toISOString(),
      content: `<p>${entry.text}</p>`,
      visibility: entry.settings?.['visibility'] ?? 'public',
      spoiler_text: entry.settings?.['spoiler_text'] ?? '',
      in_reply_to_id: entry.replyTo ?? null,
      language: entry.settings?.['language'] ?? null,
      account: { id: caller.account.name, username: caller.account.name },
      media_attachments: entry.media.map((item) => ({ id: item.blobId, type: item.contentType.startsWith('video/') ? 'video' : 'image' })),
      favourites_count: metrics.likes,
      reblogs_count: metrics.shares,
      replies_count: context.feed.list(context.platform, caller.account.name).filter((reply) => reply.replyTo === entry.id).length + metrics.comments,
    };
  };

  /** The instance's own status with this id (any of its accounts' posts could be read; the sandbox keeps to the caller's). */
  const findStatus = (caller: Caller, id: string) =>
    context.feed.list(context.platform, caller.account.name).find((entry) => entry.id === id && entry.settings?.['instance'] === caller.instance.key);

  async function uploadMedia(request: SandboxRequest, caller: Caller): Promise<SandboxResponse> {
    const limited = overLimit(context, `media/${caller.instance.key}/${caller.account.name}`, 30 * 60_000, 'mediaPerThirtyMinutes');
    if (limited.over) return mastodonError(429, 'Too many requests', { 'x-ratelimit-reset': new Date(limited.resetAt).toISOString() });
    const parts = parseMultipart(header(request, 'content-type'), await request.body());
    const file = parts?.get('file');
    if (!file?.filename) return mastodonError(422, 'Validation failed: File content type is invalid, File is invalid');
    const contentType = file.contentType ?? 'application/octet-stream';
    if (!SUPPORTED_MIME_TYPES.includes(contentType)) return mastodonError(422, 'Validation failed: File content type is invalid, File is invalid');
    const video = contentType.startsWith('video/');
    const limit = video ? caller.instance.videoSizeLimit : caller.instance.imageSizeLimit;
    if (file.value.byteLength > limit) return mastodonError(422, `Validation failed: File file size must be less than ${Math.floor(limit / (1024 * 1024))} MB`);
    const blobId = await context.media.create();
    await context.media.write(blobId, 0, file.value, limit);
    const id = nextId();
    const record: MediaRecord = {
      id,
      instance: caller.instance.key,
      account: caller.account.name,
      blobId,
      contentType,
      size: file.value.byteLength,
      description: parts?.get('description')?.value.toString('utf8'),
      processing: video ? progression(context.nextProcessing(1, caller.account.name)) : undefined,
      attached: false,
    };
    media.set(id, record);
    return json(video ? 202 : 200, attachmentOf(record, !video));
  }

  function attachmentOf(record: MediaRecord, processed: boolean) {
    const url = `${context.hostUrl(record.instance)}/system/media_attachments/${record.id}`;
    return { id: record.id, type: record.contentType.startsWith('video/') ? 'video' : 'image', url: processed ? url : null, preview_url: url, description: record.description ?? null };
  }

  function readMedia(request: SandboxRequest, caller: Caller): SandboxResponse {
    const record = media.get(request.params['id'] ?? '');
    if (!record || record.account !== caller.account.name || record.instance !== caller.instance.key) return mastodonError(404, 'Record not found');
    if (!record.processing) return json(200, attachmentOf(record, true));
    if (!record.processing.read()) return json(206, attachmentOf(record, false));
    if (record.processing.plan.outcome !== 'succeed') return mastodonError(422, record.processing.plan.reason ?? 'Processing failed');
    return json(200, attachmentOf(record, true));
  }

  /** The request's fields from JSON or a form (array fields as name[] in a form). */
  async function fieldsOf(request: SandboxRequest): Promise<Record<string, unknown> | undefined> {
    if ((header(request, 'content-type') ?? '').includes('application/json')) {
      const body = await readJson(request);
      return isRecord(body) ? body : undefined;
    }
    const form = await readForm(request);
    if (!form) return undefined;
    return {
      status: form.get('status') ?? undefined,
      media_ids: form.getAll('media_ids[]'),
      in_reply_to_id: form.get('in_reply_to_id') ?? undefined,
      spoiler_text: form.get('spoiler_text') ?? undefined,
      visibility: form.get('visibility') ?? undefined,
      language: form.get('language') ?? undefined,
      ...(form.getAll('poll[options][]').length ? { poll: { options: form.getAll('poll[options][]'), expires_in: Number(form.get('poll[expires_in]')) } } : {}),
    };
  }

  async function createStatus(request: SandboxRequest, caller: Caller): Promise<SandboxResponse> {
    const key = header(request, 'idempotency-key');
    const remembered = key ? idempotency.get(`${caller.instance.key}/${caller.account.name}/${key}`) : undefined;
    if (remembered && context.now() - remembered.at < HOUR_MS) {
      const entry = findStatus(caller, remembered.statusId);
      if (entry) return json(200, statusOf(caller, entry));
    }
    const fields = await fieldsOf(request);
    if (!fields) return mastodonError(422, 'Validation failed: the request body is not JSON or a form');
    const text = typeof fields['status'] === 'string' ? fields['status'] : '';
    const warning = typeof fields['spoiler_text'] === 'string' ? fields['spoiler_text'] : '';
    const mediaIds = Array.isArray(fields['media_ids']) ? fields['media_ids'].map(String) : [];
    const poll = isRecord(fields['poll']) ? fields['poll'] : undefined;
    const visibility = typeof fields['visibility'] === 'string' ? fields['visibility'] : 'public';
    if (!text.trim() && !mediaIds.length) return mastodonError(422, "Validation failed: Text can't be blank");
    if (!VISIBILITIES.includes(visibility)) return mastodonError(422, `Validation failed: Visibility is not included in the list`);
    const length = countedLength(`${warning}${text}`);
    if (length > caller.instance.maxCharacters) return mastodonError(422, `Validation failed: Text character limit of ${caller.instance.maxCharacters} exceeded`);
    if (mediaIds.length > caller.instance.maxMediaAttachments) return mastodonError(422, `Validation failed: Media attachments cannot be more than ${caller.instance.maxMediaAttachments}`);
    if (poll && mediaIds.length) return mastodonError(422, 'Validation failed: Cannot attach files to a status with a poll');
    if (poll) {
      const options = Array.isArray(poll['options']) ? poll['options'] : [];
      if (options.length < 2 || options.length > 4) return mastodonError(422, 'Validation failed: Poll must have between 2 and 4 options');
      if (options.some((option) => typeof option !== 'string' || [...option].length > 50)) return mastodonError(422, 'Validation failed: Poll options must be at most 50 characters');
      const expiresIn = Number(poll['expires_in']);
      if (!Number.isInteger(expiresIn) || expiresIn < 300 || expiresIn > 2_629_746) return mastodonError(422, 'Validation failed: Poll expiration is out of range');
    }
    const attachments: MediaRecord[] = [];
    for (const id of mediaIds) {
      const record = media.get(id);
      if (!record || record.account !== caller.account.name || record.instance !== caller.instance.key || record.attached) return mastodonError(422, 'Validation failed: Media attachments are invalid');
      if (record.processing && !(record.processing.finished && record.processing.plan.outcome === 'succeed')) {
        return mastodonError(422, 'Cannot attach files that have not finished processing. Try again in a moment!');
      }
      attachments.push(record);
    }
    const replyTo = typeof fields['in_reply_to_id'] === 'string' ? fields['in_reply_to_id'] : undefined;
    if (replyTo && !findStatus(caller, replyTo)) return mastodonError(404, 'Record not found');
    for (const record of attachments) record.attached = true;
    const id = nextId();
    const entry: FeedEntry = {
      platform: context.platform,
      account: caller.account.name,
      id,
      url: `${context.hostUrl(caller.instance.key)}/@${caller.account.name}/${id}`,
      text,
      media: attachments.map((record) => ({ contentType: record.contentType, size: record.size, blobId: record.blobId })),
      createdAt: context.now(),
      settings: {
        instance: caller.instance.key,
        visibility,
        ...(warning ? { spoiler_text: warning } : {}),
        ...(typeof fields['language'] === 'string' ? { language: fields['language'] } : {}),
        ...(poll ? { poll: (poll['options'] as string[]).map(String) } : {}),
        ...(attachments.some((record) => record.description) ? { alts: attachments.map((record) => record.description ?? '') } : {}),
      },
      ...(replyTo ? { replyTo } : {}),
    };
    context.feed.add(entry);
    if (key) idempotency.set(`${caller.instance.key}/${caller.account.name}/${key}`, { statusId: id, at: context.now() });
    return json(200, statusOf(caller, entry));
  }

  function readStatus(request: SandboxRequest, caller: Caller): SandboxResponse {
    const entry = findStatus(caller, request.params['id'] ?? '');
    return entry ? json(200, statusOf(caller, entry)) : mastodonError(404, 'Record not found');
  }

  return {
    uploadMedia,
    readMedia,
    createStatus,
    readStatus,
    reset() {
      media.clear();
      idempotency.clear();
    },
  };
}
