import { randomUUID } from 'node:crypto';
import type { ModuleDeps } from '../module';
import { mastodonLength } from '../../../shared/platforms/mastodon';
import { mastodonOptionsSchema, type MastodonOptions } from '../../../shared/platforms/mastodonOptions';
import { CannotTell } from '../createOnce';
import { Rejected } from '../errors';
import type { PlatformResponse } from '../http';
import type { CommentRequest, CommentResult, MediaSource, PlatformPublisher, PublishProgress, PublishRequest, StepResult } from '../publisher';
import { alreadyPublished, progressList, progressText, publishedResult, readRange } from '../steps';
import type { MastodonApi } from './api';
import { NAME } from './errors';
import { instanceLimitsOf, readInstanceLimits, type InstanceLimits } from './instance';
import { sessionOf } from './session';

/**
 * Mastodon publishing (docs.joinmastodon.org/methods/media, /methods/statuses): the instance's
 * own limits are read first (GET /api/v2/instance) and the post checked against them; each file
 * goes up with POST /api/v2/media (200: processed; 202: processing, its `url` null until done —
 * the engine polls GET /api/v1/media/:id through checkStatus, 206 while still processing); then
 * POST /api/v1/statuses with media_ids[] or a poll, the content warning, visibility and language.
 *
 * Exactly once: every status create carries an Idempotency-Key chosen and saved (with the time
 * it was chosen) before the call. Mastodon keeps a key for an hour per account and answers a
 * create with a key it has seen with the status that key made, so after a lost answer the look-up
 * is the same call with the same key; past the hour it cannot tell. Threads and the first comment
 * are replies (in_reply_to_id), each with its own key.
 *
 * progress: limits (JSON), mediaIds (in order), pendingMediaIds; idempotencyKey, keyIssuedAt,
 * visibility (before the create call); then platformPostId (the status id), postUrl.
 */

/** How long a key is honoured (Mastodon keeps it for 3,600 s); we stop trusting it a little before. */
export const IDEMPOTENCY_KEY_TRUSTED_MS = 55 * 60_000;
/** How long the engine waits before asking about media still processing. */
const MEDIA_WAIT_SECONDS = 5;

export function createMastodonPublisher({ http, clock }: ModuleDeps<Record<string, never>>, api: MastodonApi): PlatformPublisher {
  function optionsOf(request: Pick<PublishRequest, 'options'>): MastodonOptions {
    const parsed = mastodonOptionsSchema.safeParse(request.options ?? {});
    if (!parsed.success) throw new Rejected(parsed.error.issues[0]?.message ?? `The ${NAME} options are not valid`);
    return parsed.data;
  }

  function limitsOf(progress: PublishProgress): InstanceLimits {
    const saved = progressText(progress, 'limits');
    return instanceLimitsOf({ configuration: saved ? (JSON.parse(saved) as unknown) : {} });
  }

  /** The status's length problem on this server (the content warning counts), in words. */
  function textProblem(text: string, warning: string | undefined, limits: InstanceLimits): string | undefined {
    const length = mastodonLength(`${warning ?? ''}${text}`, limits.charactersReservedPerUrl);
    return length > limits.maxCharacters
      ? `This ${NAME} server takes at most ${limits.maxCharacters} characters per post; this one has ${length}${warning ? ', its content warning included' : ''}.`
      : undefined;
  }

  function mediaProblems(media: MediaSource[], options: MastodonOptions, limits: InstanceLimits): string[] {
    const problems: string[] = [];
    if (options.poll && media.length) problems.push(`A ${NAME} post carries a poll or media, not both.`);
    if (options.poll && options.poll.options.length > limits.pollMaxOptions) problems.push(`This ${NAME} server takes at most ${limits.pollMaxOptions} poll options.`);
    if (options.poll?.options.some((option) => [...option].length > limits.pollMaxCharactersPerOption)) {
      problems.push(`This ${NAME} server takes poll options of at most ${limits.pollMaxCharactersPerOption} characters.`);
    }
    const videos = media.filter((item) => item.kind === 'video');
    if (videos.length && media.length > 1) problems.push(`${NAME} takes one video per post, without other files.`);
    if (media.length > limits.maxMediaAttachments) problems.push(`This ${NAME} server takes at most ${limits.maxMediaAttachments} files per post.`);
    for (const item of media) {
      if (item.kind === 'document') problems.push(`${NAME} does not post documents (PDF).`);
      else if (!limits.supportedMimeTypes.includes(item.contentType)) problems.push(`This ${NAME} server does not take ${item.contentType} files.`);
      const limit = item.kind === 'video' ? limits.videoSizeLimit : limits.imageSizeLimit;
      if (item.size > limit) problems.push(`This ${NAME} server takes ${item.kind === 'video' ? 'videos' : 'images'} of at most ${Math.floor(limit / (1024 * 1024))} MB.`);
    }
    return problems;
  }

  /** POST /api/v2/media: the attachment's id, and whether it is still processing (202). */
  async function upload(request: PublishRequest, item: MediaSource, index: number): Promise<{ id: string; processing: boolean }> {
    const data = await readRange(item, 0, item.size - 1);
    const response = api.ok(
      await api.call(request.tokens, {
        method: 'POST',
        path: '/api/v2/media',
        multipart: { file: { data, contentType: item.contentType, filename: `file-${index + 1}.${item.extension}` }, ...(item.altText ? { description: item.altText } : {}) },
      }),
    );
    const id = (response.body as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string') throw new Rejected(`${NAME} answered the upload without the file's id`);
    return { id, processing: response.status === 202 };
  }

  /** POST /api/v1/statuses with this key; answers the status's id and address. */
  async function createStatus(request: Pick<PublishRequest, 'tokens'>, key: string, body: Record<string, unknown>, what: string): Promise<{ id: string; url: string }> {
    const response: PlatformResponse = api.ok(await api.call(request.tokens, { method: 'POST', path: '/api/v1/statuses', headers: { 'idempotency-key': key }, json: body }));
    const status = (response.body ?? {}) as { id?: unknown; url?: unknown; uri?: unknown };
    if (typeof status.id !== 'string') throw new Rejected(`${NAME} answered ${what} without its id`);
    const url = typeof status.url === 'string' ? status.url : typeof status.uri === 'string' ? status.uri : `${sessionOf(request.tokens).server}/statuses/${status.id}`;
    return { id: status.id, url };
  }

  /**
   * The same create with the same key, after an attempt whose answer was lost: Mastodon answers
   * the status that key made (or makes it now, once). Past the key's hour it cannot tell.
   */
  function reconcileWith(keyIssuedAt: string, resend: () => Promise<{ id: string; url: string }>) {
    return async () => {
      if (clock.now().getTime() - Date.parse(keyIssuedAt) > IDEMPOTENCY_KEY_TRUSTED_MS) {
        throw new CannotTell("the key that would have found it lasts an hour on Mastodon, and that hour is over");
      }
      return resend();
    };
  }

  /** A reply (a thread's next post, or the first comment) under `request.post`, once, with its own key. */
  async function postReply(request: CommentRequest, what: string, key: string): Promise<CommentResult> {
    const recordedId = progressText(request.progress, `${key}Id`);
    const recordedUrl = progressText(request.progress, `${key}Url`);
    if (recordedId && recordedUrl) return { commentId: recordedId, url: recordedUrl, progress: request.progress };
    const problem = textProblem(request.text, undefined, limitsOf(request.progress));
    if (problem) throw new Rejected(problem);
    const idempotencyKey = progressText(request.progress, `${key}IdempotencyKey`) ?? randomUUID();
    const keyIssuedAt = progressText(request.progress, `${key}KeyIssuedAt`) ?? clock.now().toISOString();
    const progress: PublishProgress = { ...request.progress, [`${key}IdempotencyKey`]: idempotencyKey, [`${key}KeyIssuedAt`]: keyIssuedAt };
    const visibility = progressText(request.progress, 'visibility') ?? 'public';
    const send = () => createStatus(request, idempotencyKey, { status: request.text, in_reply_to_id: request.post.platformPostId, visibility }, what);
    const status = await request.createOnce({ what, progress, send, reconcile: reconcileWith(keyIssuedAt, send) });
    return { commentId: status.id, url: status.url, progress: { ...progress, [`${key}Id`]: status.id, [`${key}Url`]: status.url } };
  }

  return {
    platform: 'mastodon',

    async start(request) {
      const options = optionsOf(request);
      const limits = await readInstanceLimits(http, sessionOf(request.tokens).server, clock.now());
      // A poll takes the place of the files (Mastodon takes one or the other): none is sent.
      const media = options.poll ? [] : request.media;
      const problems = [textProblem(request.text, options.spoilerText, limits), ...mediaProblems(media, options, limits)].filter((problem): problem is string => problem !== undefined);
      if (problems.length) throw new Rejected(problems.join(' '));
      let progress: PublishProgress = {
        ...request.progress,
        limits: JSON.stringify({
          statuses: { max_characters: limits.maxCharacters, max_media_attachments: limits.maxMediaAttachments, characters_reserved_per_url: limits.charactersReservedPerUrl },
          polls: { max_options: limits.pollMaxOptions, max_characters_per_option: limits.pollMaxCharactersPerOption },
        }),
      };
      const mediaIds = progressList(progress, 'mediaIds');
      const pending = progressList(progress, 'pendingMediaIds');
      // A resumed step continues after the files already uploaded (each saved as it went up).
      for (let index = mediaIds.length; index < media.length; index++) {
        const uploaded = await upload(request, media[index]!, index);
        mediaIds.push(uploaded.id);
        if (uploaded.processing) pending.push(uploaded.id);
        progress = { ...progress, mediaIds: [...mediaIds], pendingMediaIds: [...pending] };
        await request.saveProgress?.(progress);
      }
      return pending.length ? { state: 'processing', progress, waitSeconds: MEDIA_WAIT_SECONDS } : { state: 'ready', progress };
    },

    /** GET /api/v1/media/:id for each file still processing: 200 with its url when done, 206 while not. */
    async checkStatus(request): Promise<StepResult> {
      const pending: string[] = [];
      for (const id of progressList(request.progress, 'pendingMediaIds')) {
        const response = api.ok(await api.call(request.tokens, { method: 'GET', path: `/api/v1/media/${encodeURIComponent(id)}` }));
        const url = (response.body as { url?: unknown } | undefined)?.url;
        if (response.status === 206 || typeof url !== 'string') pending.push(id);
      }
      const progress = { ...request.progress, pendingMediaIds: pending };
      return pending.length ? { state: 'processing', progress, waitSeconds: MEDIA_WAIT_SECONDS } : { state: 'ready', progress };
    },

    /** POST /api/v1/statuses with an Idempotency-Key saved before the call (createOnce); a lost answer is found by that key. */
    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const options = optionsOf(request);
      const idempotencyKey = progressText(request.progress, 'idempotencyKey') ?? randomUUID();
      const keyIssuedAt = progressText(request.progress, 'keyIssuedAt') ?? clock.now().toISOString();
      const progress: PublishProgress = { ...request.progress, idempotencyKey, keyIssuedAt, visibility: options.visibility };
      const mediaIds = progressList(request.progress, 'mediaIds');
      const body: Record<string, unknown> = {
        status: request.text,
        visibility: options.visibility,
        ...(mediaIds.length ? { media_ids: mediaIds } : {}),
        ...(options.spoilerText ? { spoiler_text: options.spoilerText, sensitive: true } : {}),
        ...(options.language ? { language: options.language } : {}),
        ...(options.poll ? { poll: { options: options.poll.options, expires_in: options.poll.expiresInSeconds, multiple: options.poll.multiple } } : {}),
      };
      const send = () => createStatus(request, idempotencyKey, body, 'the post');
      const status = await request.createOnce({ what: 'the post', progress, send, reconcile: reconcileWith(keyIssuedAt, send) });
      return publishedResult(progress, status.id, status.url);
    },

    /** The first comment is a reply under the post (the thread's last post). */
    firstComment: (request) => postReply(request, 'the first comment', 'comment'),

    /** A thread's next post: a reply to the one before. */
    threadPart: (request) => postReply(request, `post ${request.part} of the thread`, `thread${request.part}`),
  };
}

