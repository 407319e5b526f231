import { randomBytes } from 'node:crypto';
import type { FeedMedia } from '../feed';
import { bearerToken, header, isRecord, json, readJson, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { xUserId, xUsername } from './identity';
import type { LimitDefinitions } from '../limits';
import { checkAccessToken, type AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';
import { parseMultipart } from '../multipart';
import { progression, type Progression } from '../processing';
import { invalidRequest, problem } from './api';

/**
 * X API v2 media upload and posts (platform-apis.md §4):
 *
 *   POST /2/media/upload/initialize          {media_type, total_bytes, media_category} → {data:{id, media_key, expires_after_secs}}
 *   POST /2/media/upload/{id}/append         multipart segment_index + media (or JSON base64 media), ≤ 5 MB, index 0..999
 *   POST /2/media/upload/{id}/finalize       processing_info {state: pending, check_after_secs} for video/GIF categories
 *   GET  /2/media/upload?command=STATUS&media_id=…   pending → in_progress → succeeded (or failed with error)
 *   POST /2/media/upload                     one-shot images
 *   POST /2/tweets                           201 {data:{id, text, edit_history_tweet_ids}}; 100 per 15 min per user
 *   GET  /2/tweets/{id}, GET /2/users/{id}/tweets    to reconcile
 *
 * Processing advances only on a STATUS read made at least check_after_secs after the
 * previous answer (earlier reads repeat the state). Media expire 24 h after initialize.
 * setProcessing applies to the next media whose category processes (tweet_video, tweet_gif,
 * amplify_video, dm_video, dm_gif): `fail` → failed with error.message = reason; `expire` → the
 * media id is expired from the start. Errors are problem+json.
 */

const MIB = 1024 * 1024;
const MAX_SEGMENT_BYTES = 5 * MIB;
const MAX_TOTAL_BYTES = 17_179_869_184;
const MEDIA_SECONDS = 86_400;
const CHECK_AFTER_SECS = 1;
const TWEET_WINDOW_MS = 15 * 60 * 1000;
const DEFAULT_READS = 1;
/** CreatePostsRequest.reply_settings as X documents it (absent: everyone may reply). */
const REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'];
const mediaTypes = [
  'video/mp4',
  'video/webm',
  'video/mp2t',
  'video/quicktime',
  'image/jpeg',
  'image/gif',
  'image/png',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'image/pjpeg',
  'text/srt',
  'text/vtt',
  'model/gltf-binary',
];
const categories = ['tweet_image', 'tweet_video', 'tweet_gif', 'amplify_video', 'dm_image', 'dm_video', 'dm_gif', 'subtitles'];
const processingCategories = ['tweet_video', 'tweet_gif', 'amplify_video', 'dm_video', 'dm_gif'];
/** Bytes per category (platform-apis.md §4: images 5 MB, animated GIF 15 MB, video 512 MB). */
const maxBytes: Record<string, number> = { tweet_image: 5 * MIB, dm_image: 5 * MIB, tweet_gif: 15 * MIB, dm_gif: 15 * MIB, tweet_video: 512 * MIB, amplify_video: 512 * MIB, dm_video: 512 * MIB };

const limits: LimitDefinitions = {
  tweetsPer15Min: { default: 100, description: 'POST /2/tweets per user per 15 min → 429 with x-rate-limit-* headers' },
};

type ProcessingState = 'pending' | 'in_progress' | 'succeeded' | 'failed';

interface Media {
  id: string;
  key: string;
  owners: string[];
  mediaType: string;
  totalBytes: number;
  category: string | undefined;
  /** Appended segments by index: their blobs and sizes. */
  segments: Map<number, { blobId: string; size: number }>;
  blobId?: string;
  finalized: boolean;
  processing?: { progression: Progression; state: ProcessingState; checkAt: number; percent: number; error?: string };
  expiresAt: number;
}

interface Tweet {
  id: string;
  text: string;
  authorId: string;
  account: string;
  mediaKeys: string[];
  createdAt: number;
  /** The tweet it replies to (CreatePostsRequest.reply.in_reply_to_tweet_id). */
  replyTo?: string;
}

/** Weighted length per twitter-text v3: URLs 23, code points in the light ranges 1, others (CJK, emoji) 2. */
export function weightedLength(text: string): number {
  let weight = 0;
  const withoutUrls = text.normalize('NFC').replace(/(?:https?:\/\/|www\.)\S+/giu, () => {
    weight += 23;
    return '';
  });
  const light = (codePoint: number) =>
    codePoint <= 0x10ff || (codePoint >= 0x2000 && codePoint <= 0x200d) || (codePoint >= 0x2010 && codePoint <= 0x201f) || (codePoint >= 0x2032 && codePoint <= 0x2037);
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(withoutUrls)) {
    if (/\p{Extended_Pictographic}/u.test(segment)) {
      weight += 2;
      continue;
    }
    for (const character of segment) weight += light(character.codePointAt(0)!) ? 1 : 2;
  }
  return weight;
}

export function xPublishing(context: PlatformContext): { routes: Route[]; limits: LimitDefinitions; reset(): void } {
  let media = new Map<string, Media>();
  let tweets: Tweet[] = [];

  /** A snowflake-shaped id: milliseconds since X's epoch, then 22 random bits. */
  function snowflake(): string {
    return ((BigInt(context.now() - 1_288_834_974_657) << 22n) | BigInt(randomBytes(3).readUIntBE(0, 3) & 0x3fffff)).toString();
  }

  type Granted = Extract<AccessCheck, { account: unknown }>;

  function authenticate(request: SandboxRequest, scopes: string[]): Granted | SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return problem(401, 'Unauthorized');
    if (!scopes.every((scope) => access.token.scopes.includes(scope))) return problem(403, 'Forbidden', { detail: `Missing scopes: ${scopes.filter((scope) => !access.token.scopes.includes(scope)).join(', ')}` });
    return access;
  }

  const expiresAtSecs = (item: Media) => Math.floor(item.expiresAt / 1000);
  const remainingSecs = (item: Media) => Math.max(0, Math.floor((item.expiresAt - context.now()) / 1000));

  /** The caller's media (not expired), or the 400. */
  function ownMedia(id: string | undefined, userId: string): Media | SandboxResponse {
    const item = id ? media.get(id) : undefined;
    if (!item || !item.owners.includes(userId)) return invalidRequest(`The media_id [${id ?? ''}] was not found.`, { media_id: [id ?? null] });
    if (item.expiresAt <= context.now()) return invalidRequest(`The media_id [${item.id}] has expired.`, { media_id: [item.id] });
    return item;
  }

  function processingInfo(item: Media): Record<string, unknown> | undefined {
    if (!item.processing) return undefined;
    const { state, checkAt, percent, error } = item.processing;
    return {
      state,
      ...(state === 'pending' || state === 'in_progress' ? { check_after_secs: Math.max(1, Math.ceil((checkAt - context.now()) / 1000)), progress_percent: percent } : { progress_percent: percent }),
      ...(error ? { error: { code: 1, name: 'InvalidMedia', message: error } } : {}),
    };
  }

  function mediaAnswer(item: Media): SandboxResponse {
    const info = processingInfo(item);
    return json(200, {
      data: {
        id: item.id,
        media_key: item.key,
        size: item.totalBytes,
        expires_after_secs: remainingSecs(item),
        ...(info ? { processing_info: info } : {}),
      },
    });
  }

  function newMedia(userId: string, fields: Pick<Media, 'mediaType' | 'totalBytes' | 'category'> & { additionalOwners?: string[] }): Media {
    const processes = fields.category !== undefined && processingCategories.includes(fields.category);
    const plan = processes ? context.nextProcessing(DEFAULT_READS) : undefined;
    const id = snowflake();
    const prefix = fields.mediaType.startsWith('video/') ? (fields.category === 'amplify_video' ? '13' : '7') : fields.mediaType === 'image/gif' && fields.category?.endsWith('gif') ? '16' : '3';
    const item: Media = {
      id,
      key: `${prefix}_${id}`,
      owners: [userId, ...(fields.additionalOwners ?? [])],
      mediaType: fields.mediaType,
      totalBytes: fields.totalBytes,
      category: fields.category,
      segments: new Map(),
      finalized: false,
      expiresAt: plan?.outcome === 'expire' ? context.now() : context.now() + MEDIA_SECONDS * 1000,
      ...(plan ? { processing: { progression: progression(plan), state: 'pending' as const, checkAt: 0, percent: 0 } } : {}),
    };
    media.set(id, item);
    return item;
  }

  async function initialize(request: SandboxRequest): Promise<SandboxResponse> {
    const access = authenticate(request, ['media.write']);
    if ('status' in access) return access;
    const body = await readJson(request);
    if (!isRecord(body)) return invalidRequest('The request body must be a JSON object.');
    const { media_type: mediaType, total_bytes: totalBytes, media_category: category, additional_owners: additionalOwners } = body;
    if (typeof mediaType !== 'string' || !mediaTypes.includes(mediaType)) return invalidRequest(`media_type must be one of [${mediaTypes.join(', ')}]`, { media_type: [mediaType ?? null] });
    if (!Number.isInteger(totalBytes) || (totalBytes as number) < 1 || (totalBytes as number) > MAX_TOTAL_BYTES) {
      return invalidRequest(`total_bytes must be an integer from 1 to ${MAX_TOTAL_BYTES}`, { total_bytes: [totalBytes ?? null] });
    }
    if (category !== undefined && (typeof category !== 'string' || !categories.includes(category))) {
      return invalidRequest(`media_category must be one of [${categories.join(', ')}]`, { media_category: [category] });
    }
    if (typeof category === 'string' && maxBytes[category] !== undefined && (totalBytes as number) > maxBytes[category]!) {
      return invalidRequest(`total_bytes is over the ${maxBytes[category]} bytes allowed for ${category}`, { total_bytes: [totalBytes] });
    }
    if (additionalOwners !== undefined && (!Array.isArray(additionalOwners) || !additionalOwners.every((owner) => typeof owner === 'string'))) {
      return invalidRequest('additional_owners must be a list of user ids', { additional_owners: [additionalOwners] });
    }
    const item = newMedia(xUserId(access.account.name), {
      mediaType,
      totalBytes: totalBytes as number,
      category: category as string | undefined,
      ...(additionalOwners ? { additionalOwners: additionalOwners as string[] } : {}),
    });
    return json(200, { data: { id: item.id, media_key: item.key, expires_after_secs: remainingSecs(item) } });
  }

  /** The segment index and bytes of an append (multipart, or JSON with base64 media). */
  async function segmentOf(request: SandboxRequest): Promise<{ index: unknown; bytes: Buffer | undefined } | SandboxResponse> {
    const contentType = header(request, 'content-type') ?? '';
    if (/^multipart\/form-data/i.test(contentType)) {
      const parts = parseMultipart(contentType, await request.body());
      if (!parts) return invalidRequest('The multipart/form-data body could not be parsed.');
      const data = parts.get('media_data');
      return {
        index: parts.get('segment_index')?.value.toString('utf8'),
        bytes: parts.get('media')?.value ?? (data ? Buffer.from(data.value.toString('latin1'), 'base64') : undefined),
      };
    }
    const body = await readJson(request);
    if (!isRecord(body)) return invalidRequest('append takes multipart/form-data (segment_index, media) or JSON with base64 media.');
    const encoded = body['media'] ?? body['media_data'];
    return { index: body['segment_index'], bytes: typeof encoded === 'string' ? Buffer.from(encoded, 'base64') : undefined };
  }

  async function append(request: SandboxRequest): Promise<SandboxResponse> {
    const access = authenticate(request, ['media.write']);
    if ('status' in access) return access;
    const item = ownMedia(request.params['id'], xUserId(access.account.name));
    if ('status' in item) return item;
    if (item.finalized) return invalidRequest(`The media_id [${item.id}] is already finalized.`, { media_id: [item.id] });
    const segment = await segmentOf(request);
    if ('status' in segment) return segment;
    const index = typeof segment.index === 'string' && /^\d+$/.test(segment.index) ? Number(segment.index) : segment.index;
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) > 999) return invalidRequest('segment_index must be an integer from 0 to 999', { segment_index: [segment.index ?? null] });
    if (!segment.bytes || segment.bytes.length === 0) return invalidRequest('media is required', { media: [] });
    if (segment.bytes.length > MAX_SEGMENT_BYTES) return invalidRequest(`A segment can have at most ${MAX_SEGMENT_BYTES} bytes.`, { media: [] });
    const previous = item.segments.get(index as number);
    if (previous) await context.media.remove(previous.blobId);
    const blobId = await context.media.create();
    await context.media.write(blobId, 0, segment.bytes, segment.bytes.length);
    item.segments.set(index as number, { blobId, size: segment.bytes.length });
    return json(200, { data: { expires_at: expiresAtSecs(item) } });
  }

  async function finalize(request: SandboxRequest): Promise<SandboxResponse> {
    const access = authenticate(request, ['media.write']);
    if ('status' in access) return access;
    const item = ownMedia(request.params['id'], xUserId(access.account.name));
    if ('status' in item) return item;
    if (item.finalized) return mediaAnswer(item);
    const indexes = [...item.segments.keys()].sort((a, b) => a - b);
    if (indexes.length === 0 || indexes.some((index, position) => index !== position)) {
      return invalidRequest(`Segments must be appended as 0..n-1 without gaps; got [${indexes.join(', ')}].`, { media_id: [item.id] });
    }
    const size = indexes.reduce((sum, index) => sum + item.segments.get(index)!.size, 0);
    if (size !== item.totalBytes) return invalidRequest(`Segments do not add up to provided total file size (${size} of ${item.totalBytes} bytes).`, { media_id: [item.id] });
    const blobId = await context.media.create();
    let offset = 0;
    for (const index of indexes) {
      const { blobId: segmentBlob, size: segmentSize } = item.segments.get(index)!;
      await context.media.write(blobId, offset, context.media.read(segmentBlob), segmentSize);
      await context.media.remove(segmentBlob);
      offset += segmentSize;
    }
    item.segments.clear();
    item.blobId = blobId;
    item.finalized = true;
    if (item.processing) item.processing.checkAt = context.now() + CHECK_AFTER_SECS * 1000;
    return mediaAnswer(item);
  }

  /** A STATUS read: processing advances if check_after_secs has passed. */
  function advance(item: Media): void {
    const processing = item.processing;
    if (!processing || processing.state === 'succeeded' || processing.state === 'failed' || context.now() < processing.checkAt) return;
    if (!processing.progression.read()) {
      processing.state = 'in_progress';
      processing.percent = Math.min(90, processing.percent + 45);
      processing.checkAt = context.now() + CHECK_AFTER_SECS * 1000;
      return;
    }
    const { outcome, reason } = processing.progression.plan;
    processing.state = outcome === 'fail' ? 'failed' : 'succeeded';
    processing.percent = 100;
    if (outcome === 'fail') processing.error = reason ?? 'Unsupported video format';
  }

  function status(request: SandboxRequest): SandboxResponse {
    const access = authenticate(request, ['media.write']);
    if ('status' in access) return access;
    if (request.query.get('command') !== 'STATUS') return invalidRequest('command must be STATUS', { command: [request.query.get('command')] });
    const item = ownMedia(request.query.get('media_id') ?? undefined, xUserId(access.account.name));
    if ('status' in item) return item;
    if (!item.finalized) return invalidRequest(`The media_id [${item.id}] is not finalized.`, { media_id: [item.id] });
    advance(item);
    return mediaAnswer(item);
  }

  async function oneShot(request: SandboxRequest): Promise<SandboxResponse> {
    const access = authenticate(request, ['media.write']);
    if ('status' in access) return access;
    const contentType = header(request, 'content-type') ?? '';
    let fields: Record<string, string>;
    let bytes: Buffer | undefined;
    let partType: string | undefined;
    if (/^multipart\/form-data/i.test(contentType)) {
      const parts = parseMultipart(contentType, await request.body());
      if (!parts) return invalidRequest('The multipart/form-data body could not be parsed.');
      fields = Object.fromEntries([...parts].filter(([name]) => name !== 'media').map(([name, part]) => [name, part.value.toString('utf8')]));
      bytes = parts.get('media')?.value ?? (fields['media_data'] ? Buffer.from(fields['media_data'], 'base64') : undefined);
      partType = parts.get('media')?.contentType;
    } else {
      const body = await readJson(request);
      if (!isRecord(body)) return invalidRequest('The body must be multipart/form-data or JSON.');
      fields = Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
      bytes = fields['media'] ? Buffer.from(fields['media'], 'base64') : undefined;
    }
    if (fields['command'] !== undefined) return invalidRequest('command-style uploads are retired: use /2/media/upload/initialize, append and finalize.', { command: [fields['command']] });
    const category = fields['media_category'] ?? 'tweet_image';
    if (!['tweet_image', 'dm_image', 'subtitles'].includes(category)) {
      return invalidRequest(`One-shot upload takes images (tweet_image, dm_image) or subtitles; use the chunked endpoints for ${category}.`, { media_category: [category] });
    }
    if (!bytes || bytes.length === 0) return invalidRequest('media is required', { media: [] });
    if (bytes.length > 5 * MIB) return invalidRequest('An image can have at most 5 MB.', { media: [] });
    const mediaType = fields['media_type'] ?? (partType && mediaTypes.includes(partType) ? partType : 'image/jpeg');
    if (!mediaTypes.includes(mediaType)) return invalidRequest(`media_type must be one of [${mediaTypes.join(', ')}]`, { media_type: [mediaType] });
    const item = newMedia(xUserId(access.account.name), { mediaType, totalBytes: bytes.length, category });
    item.blobId = await context.media.create();
    await context.media.write(item.blobId, 0, bytes, bytes.length);
    item.finalized = true;
    return mediaAnswer(item);
  }

  /** The x-rate-limit-* headers of a user's POST /2/tweets window. */
  function rateHeaders(userId: string, used: number): Record<string, string> {
    const now = context.now();
    const calls = context.events.since(`tweets/${userId}`, now - TWEET_WINDOW_MS + 1);
    const reset = Math.ceil(((calls[0] ?? now) + TWEET_WINDOW_MS) / 1000);
    const limit = context.limit('tweetsPer15Min');
    return { 'x-rate-limit-limit': String(limit), 'x-rate-limit-remaining': String(Math.max(0, limit - used)), 'x-rate-limit-reset': String(reset) };
  }

  /** The tweet's media ids: the media, or why they cannot be attached. */
  function attachable(ids: unknown, userId: string): Media[] | SandboxResponse {
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 4 || !ids.every((id) => typeof id === 'string' && /^\d+$/.test(id))) {
      return invalidRequest('media.media_ids must be 1 to 4 media ids', { 'media.media_ids': Array.isArray(ids) ? ids : [ids] });
    }
    const items: Media[] = [];
    for (const id of ids as string[]) {
      const item = ownMedia(id, userId);
      if ('status' in item) return invalidRequest(`Your media IDs are invalid: ${id} was not found, is not yours or has expired.`, { 'media.media_ids': [id] });
      if (!item.finalized || (item.processing && item.processing.state !== 'succeeded')) {
        return invalidRequest(`Your media IDs are invalid: ${id} is not ready (${item.processing?.state ?? 'not finalized'}).`, { 'media.media_ids': [id] });
      }
      items.push(item);
    }
    const moving = items.filter((item) => item.mediaType.startsWith('video/') || item.category?.endsWith('gif'));
    if (moving.length > 0 && items.length > 1) return invalidRequest('Your media IDs are invalid: a post takes up to 4 images, or 1 GIF, or 1 video.', { 'media.media_ids': ids });
    return items;
  }

  async function createTweet(request: SandboxRequest): Promise<SandboxResponse> {
    const access = authenticate(request, ['tweet.read', 'tweet.write', 'users.read']);
    if ('status' in access) return access;
    const userId = xUserId(access.account.name);
    const now = context.now();
    const key = `tweets/${userId}`;
    const used = context.events.since(key, now - TWEET_WINDOW_MS + 1).length;
    if (used >= context.limit('tweetsPer15Min')) return problem(429, 'Too Many Requests', {}, rateHeaders(userId, used));
    context.events.record(key, now);
    const headers = rateHeaders(userId, used + 1);
    const withHeaders = (answer: SandboxResponse): SandboxResponse => ({ ...answer, headers: { ...answer.headers, ...headers } });

    const body = await readJson(request);
    if (!isRecord(body)) return withHeaders(invalidRequest('The request body must be a JSON object.'));
    const text = body['text'] ?? '';
    if (typeof text !== 'string') return withHeaders(invalidRequest('text must be a string', { text: [text] }));
    const mediaIds = isRecord(body['media']) ? body['media']['media_ids'] : undefined;
    if (body['media'] !== undefined && mediaIds === undefined) return withHeaders(invalidRequest('media must have media_ids', { media: [body['media']] }));
    const items = mediaIds === undefined ? [] : attachable(mediaIds, userId);
    if (!Array.isArray(items)) return withHeaders(items);
    if (!text && items.length === 0) return withHeaders(invalidRequest('You must specify text or media.', { text: [] }));
    const reply = body['reply'];
    const replyTo = isRecord(reply) && typeof reply['in_reply_to_tweet_id'] === 'string' ? reply['in_reply_to_tweet_id'] : undefined;
    if (reply !== undefined && replyTo === undefined) return withHeaders(invalidRequest('reply must have in_reply_to_tweet_id', { reply: [reply] }));
    if (replyTo !== undefined && !tweets.some((candidate) => candidate.id === replyTo)) {
      return withHeaders(problem(403, 'Forbidden', { detail: 'You attempted to reply to a Tweet that is deleted or not visible to you.' }));
    }
    const replySettings = body['reply_settings'];
    if (replySettings !== undefined && !REPLY_SETTINGS.includes(replySettings as string)) {
      return withHeaders(invalidRequest(`reply_settings must be one of [${REPLY_SETTINGS.join(', ')}]`, { reply_settings: [replySettings] }));
    }
    const length = weightedLength(text);
    if (length > 280) return withHeaders(invalidRequest(`The text is too long: ${length} of 280 weighted characters.`, { text: [text] }));
    if (text && tweets.some((tweet) => tweet.account === access.account.name && tweet.text === text)) {
      return withHeaders(problem(403, 'Forbidden', { detail: 'You are not allowed to create a Tweet with duplicate content.' }));
    }

    const tweet: Tweet = { id: snowflake(), text, authorId: userId, account: access.account.name, mediaKeys: items.map((item) => item.key), createdAt: now, ...(replyTo ? { replyTo } : {}) };
    tweets.push(tweet);
    const feedMedia: FeedMedia[] = items.map((item) => ({ contentType: item.mediaType, size: item.totalBytes, blobId: item.blobId! }));
    context.feed.add({ platform: 'x', account: tweet.account, id: tweet.id, url: `https://x.com/${xUsername(tweet.account)}/status/${tweet.id}`, text, media: feedMedia, createdAt: now,
      ...(typeof replySettings === 'string' ? { settings: { reply_settings: replySettings } } : {}),
      ...(replyTo ? { replyTo } : {}) });
    return json(201, { data: { id: tweet.id, text, edit_history_tweet_ids: [tweet.id] } }, headers);
  }

  function tweetView(tweet: Tweet, fields: string[]): Record<string, unknown> {
    return {
      id: tweet.id,
      text: tweet.text,
      edit_history_tweet_ids: [tweet.id],
      ...(fields.includes('created_at') ? { created_at: new Date(tweet.createdAt).toISOString() } : {}),
      ...(fields.includes('author_id') ? { author_id: tweet.authorId } : {}),
      ...(fields.includes('attachments') && tweet.mediaKeys.length > 0 ? { attachments: { media_keys: tweet.mediaKeys } } : {}),
      ...(fields.includes('referenced_tweets') && tweet.replyTo ? { referenced_tweets: [{ type: 'replied_to', id: tweet.replyTo }] } : {}),
    };
  }

  const tweetFields = (request: SandboxRequest) => (request.query.get('tweet.fields') ?? '').split(',').map((field) => field.trim()).filter(Boolean);

  function readTweet(request: SandboxRequest): SandboxResponse {
    const access = authenticate(request, ['tweet.read', 'users.read']);
    if ('status' in access) return access;
    const id = request.params['id']!;
    const tweet = tweets.find((candidate) => candidate.id === id);
    if (!tweet) {
      return json(200, {
        errors: [{ value: id, detail: `Could not find tweet with id: [${id}].`, title: 'Not Found Error', resource_type: 'tweet', parameter: 'id', resource_id: id, type: 'https://api.x.com/2/problems/resource-not-found' }],
      });
    }
    return json(200, { data: tweetView(tweet, tweetFields(request)) });
  }

  function userTweets(request: SandboxRequest): SandboxResponse {
    const access = authenticate(request, ['tweet.read', 'users.read']);
    if ('status' in access) return access;
    const maxResults = Number(request.query.get('max_results') ?? 10);
    if (!Number.isInteger(maxResults) || maxResults < 5 || maxResults > 100) return invalidRequest('max_results must be from 5 to 100', { max_results: [String(maxResults)] });
    const sinceId = request.query.get('since_id');
    // exclude=replies,retweets as X documents it (this sandbox makes no retweets).
    const excluded = (request.query.get('exclude') ?? '').split(',').map((kind) => kind.trim());
    const found = tweets
      .filter((tweet) => tweet.authorId === request.params['id'] && (!sinceId || BigInt(tweet.id) > BigInt(sinceId)))
      .filter((tweet) => !(excluded.includes('replies') && tweet.replyTo))
      .sort((a, b) => b.createdAt - a.createdAt || (BigInt(b.id) > BigInt(a.id) ? 1 : -1))
      .slice(0, maxResults);
    if (found.length === 0) return json(200, { meta: { result_count: 0 } });
    const fields = tweetFields(request);
    return json(200, { data: found.map((tweet) => tweetView(tweet, fields)), meta: { result_count: found.length, newest_id: found[0]!.id, oldest_id: found.at(-1)!.id } });
  }

  return {
    limits,
    routes: [
      { method: 'POST', hostKey: 'api', path: '/2/media/upload/initialize', handle: initialize },
      { method: 'POST', hostKey: 'api', path: '/2/media/upload/{id}/append', handle: append },
      { method: 'POST', hostKey: 'api', path: '/2/media/upload/{id}/finalize', handle: finalize },
      { method: 'GET', hostKey: 'api', path: '/2/media/upload', handle: status },
      { method: 'POST', hostKey: 'api', path: '/2/media/upload', handle: oneShot },
      { method: 'POST', hostKey: 'api', path: '/2/tweets', handle: createTweet },
      { method: 'GET', hostKey: 'api', path: '/2/tweets/{id}', handle: readTweet },
      { method: 'GET', hostKey: 'api', path: '/2/users/{id}/tweets', handle: userTweets },
    ],
    reset() {
      media = new Map();
      tweets = [];
    },
  };
}
