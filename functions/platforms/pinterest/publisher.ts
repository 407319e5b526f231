import { CannotTell } from '../createOnce';
import { Rejected, Retryable } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { PublisherFactory } from '../module';
import type { PublishRequest, StepResult } from '../publisher';
import { capabilities } from '../../../shared/platforms';
import { pinterestOptionsSchema } from '../../../shared/platforms/pinterestOptions';
import { alreadyPublished, isOk, listedIn, postMedia, progressText, publishedResult, readRange } from '../steps';
import { classifyPinterestError, NAME } from './errors';
import type { PinterestOptions } from './options';

/**
 * Pinterest publishing (API v5, docs/platforms/pinterest.md): a Pin on a board of the account.
 *
 * `start` checks the post against Pinterest's rules and settles the board: the one the user chose
 * (`boardId`), or the account's first board (GET /v5/boards); an account without a board is
 * refused in words. There is nothing to process for images: `start` answers `ready`.
 *
 * A video (docs/platforms/pinterest.md, "Video Pins"): `start` registers the upload (POST
 * /v5/media {media_type: video} → media_id, upload_url, upload_parameters; saved at once), then
 * sends the file to upload_url as one multipart form POST (every upload_parameters field, then
 * `file`; S3 answers 204) and answers `processing`. `checkStatus` reads GET /v5/media/{media_id}:
 * registered or processing waits, succeeded is ready, failed is refused in words. The Pin then
 * names the upload (`video_id`) with a cover frame one second in.
 *
 * `publish` creates the Pin (POST /v5/pins, JSON): one image is `media_source.source_type:
 * image_url` with the file's short-lived address and its alt text; 2 to 5 images are
 * `multiple_image_urls`. The description is the post's text, the title the post's title, the link
 * the user's. Pinterest takes no idempotency key: the create is armed through createOnce with the
 * board and the time it was armed, and after a lost answer the look-up reads the board's latest
 * Pins (GET /v5/boards/{board}/pins) for one with this description and title created since then.
 * Found, it is the Pin; not found, nothing was made and the Pin is sent again; a look-up that
 * cannot read the list cannot tell ("check your account").
 *
 * progress: boardId, mediaId, uploadUrl, uploadParameters (JSON), videoUploaded, videoReady,
 * pinArmedAt, platformPostId, postUrl.
 */

/** Seconds between two reads of the video's processing (the status step, never a sleep here). */
export const VIDEO_WAIT_SECONDS = 10;
/** The cover: the frame this many seconds in (videos are at least 4 seconds long). */
const COVER_FRAME_SECONDS = 1;

/** How many of the board's newest Pins a look-up reads (page_size, at most 250). */
const RECENT = 50;
/** The Pin's created_at may be a little before our clock said we armed it (clocks differ). */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Where people see a Pin, whatever host the API calls go to. */
const SITE = 'https://www.pinterest.com';

interface Pin {
  id?: unknown;
  description?: unknown;
  title?: unknown;
  created_at?: unknown;
}

export const pinUrl = (id: string) => `${SITE}/pin/${encodeURIComponent(id)}/`;

export const createPinterestPublisher: PublisherFactory<PinterestOptions> = ({ hosts, http, clock, options }) => {
  const api = (path: string) => `${hosts['api']}/${options.apiVersion}${path}`;
  const fail = (response: PlatformResponse) => classifyPinterestError(response, clock.now());
  const bearer = (request: Pick<PublishRequest, 'tokens'>) => ({ authorization: `Bearer ${request.tokens.accessToken}` });

  function problem(request: PublishRequest): string | undefined {
    const rules = capabilities.pinterest;
    if (rules.text.count(request.text) > rules.text.max) return `A Pin's description can be at most ${rules.text.max} characters.`;
    if (request.title && [...request.title].length > rules.title!.max) return `A Pin's title can be at most ${rules.title!.max} characters.`;
    // One video, or up to 5 images.
    const media = postMedia('pinterest', request.media);
    if (media.kind === 'video') {
      const video = rules.media.video!;
      if (!video.formats.includes(media.video.contentType)) return 'Pinterest publishes MP4, MOV and M4V videos only: convert the video.';
      if (video.maxBytes !== undefined && media.video.size > video.maxBytes) return 'We send Pinterest videos of at most 200 MB: shorten or compress the video.';
      const seconds = media.video.durationSeconds;
      if (seconds !== undefined && (seconds < video.seconds!.min! || seconds > video.seconds!.max!)) return 'A Pinterest video must last from 4 seconds to 15 minutes.';
      return undefined;
    }
    const image = rules.media.image!;
    if (media.images.some((item) => !image.formats.includes(item.contentType))) return 'Pinterest publishes JPEG, PNG and WebP images only: convert the image.';
    if (media.images.some((item) => image.maxBytes !== undefined && item.size > image.maxBytes)) return 'Pinterest takes images of at most 20 MB.';
    const altTooLong = media.images.some((item) => (item.altText ?? '').length > 500);
    return altTooLong ? "A Pin's alt text can be at most 500 characters." : undefined;
  }

  /** The account's first board (GET /v5/boards), for a post that names none. */
  async function firstBoard(request: PublishRequest): Promise<string> {
    const response = await http({ method: 'GET', url: withQuery(api('/boards'), { page_size: '25' }), headers: bearer(request) });
    if (!isOk(response)) throw fail(response);
    const items = (response.body as { items?: Array<{ id?: unknown }> } | undefined)?.items;
    const first = Array.isArray(items) ? items.find((board) => typeof board.id === 'string' && board.id) : undefined;
    if (!first) throw new Rejected('The Pinterest account has no board yet: create a board on Pinterest (or choose one) and publish again.');
    return String(first.id);
  }

  /** The Pin's fields (PinCreate). */
  async function pinBody(request: PublishRequest, boardId: string): Promise<Record<string, unknown>> {
    const { link } = pinterestOptionsSchema.parse(request.options ?? {});
    const media = postMedia('pinterest', request.media);
    const title = request.title?.trim() || undefined;
    if (media.kind === 'video') {
      const mediaId = progressText(request.progress, 'mediaId');
      if (!mediaId || request.progress['videoReady'] !== true) throw new Rejected(`${NAME} has not finished processing the video yet`);
      return {
        board_id: boardId,
        description: request.text,
        ...(title ? { title } : {}),
        ...(link ? { link } : {}),
        media_source: { source_type: 'video_id', media_id: mediaId, cover_image_key_frame_time: COVER_FRAME_SECONDS },
      };
    }
    const [first] = media.images;
    const mediaSource =
      media.images.length === 1
        ? { source_type: 'image_url', url: await first!.publicUrl() }
        : { source_type: 'multiple_image_urls', items: await Promise.all(media.images.map(async (item) => ({ url: await item.publicUrl(), ...(link ? { link } : {}) }))) };
    return {
      board_id: boardId,
      description: request.text,
      ...(title ? { title } : {}),
      ...(link ? { link } : {}),
      ...(media.images.length === 1 && first!.altText ? { alt_text: first!.altText } : {}),
      media_source: mediaSource,
    };
  }

  /** After a lost answer: the Pin with this description and title made on the board since the create was armed, if any. */
  async function findPin(request: PublishRequest, boardId: string, armedAt: string): Promise<string | undefined> {
    const response = await http({ method: 'GET', url: withQuery(api(`/boards/${encodeURIComponent(boardId)}/pins`), { page_size: String(RECENT) }), headers: bearer(request) });
    if (!isOk(response)) throw fail(response);
    const pins = listedIn<Pin>(response, 'items', 'Pins');
    const since = new Date(armedAt).getTime() - CLOCK_SKEW_MS;
    const title = request.title?.trim() || '';
    const match = pins.find((pin) => {
      const created = typeof pin.created_at === 'string' ? Date.parse(pin.created_at) : Number.NaN;
      return (
        typeof pin.id === 'string' &&
        pin.id !== '' &&
        (typeof pin.description === 'string' ? pin.description : '') === request.text &&
        (typeof pin.title === 'string' ? pin.title : '') === title &&
        Number.isFinite(created) &&
        created >= since
      );
    });
    if (match) return String(match.id);
    // A full page of Pins all newer than the create: the Pin could be past it, so we cannot tell.
    const newest = pins.filter((pin) => typeof pin.created_at === 'string' && Date.parse(pin.created_at) >= since);
    if (newest.length >= RECENT) throw new CannotTell(`the board has more than ${RECENT} Pins made since then`);
    return undefined;
  }

  const ready = (progress: PublishRequest['progress']): StepResult => ({ state: 'ready', progress });
  const waiting = (progress: PublishRequest['progress']): StepResult => ({ state: 'processing', progress, waitSeconds: VIDEO_WAIT_SECONDS });

  /** POST /v5/media: where and how to send the video (saved before the upload). */
  async function registerUpload(request: PublishRequest): Promise<PublishRequest['progress']> {
    const response = await http({ method: 'POST', url: api('/media'), headers: bearer(request), json: { media_type: 'video' } });
    if (!isOk(response)) throw fail(response);
    const body = (response.body ?? {}) as { media_id?: unknown; upload_url?: unknown; upload_parameters?: unknown };
    const parameters = body.upload_parameters;
    const fieldsOk = typeof parameters === 'object' && parameters !== null && Object.values(parameters).every((value) => typeof value === 'string');
    if (typeof body.media_id !== 'string' || !body.media_id || typeof body.upload_url !== 'string' || !fieldsOk) {
      throw new Rejected(`${NAME} answered the video's registration without its media id or upload form`);
    }
    return { ...request.progress, mediaId: body.media_id, uploadUrl: body.upload_url, uploadParameters: JSON.stringify(parameters) };
  }

  /** The file to upload_url as S3's form upload: every upload_parameters field, then `file`. Sent again whole after a lost answer (S3 keeps the last). */
  async function uploadVideo(request: PublishRequest, progress: PublishRequest['progress'], video: PublishRequest['media'][number]): Promise<void> {
    const fields = JSON.parse(progressText(progress, 'uploadParameters') ?? '{}') as Record<string, string>;
    const data = await readRange(video, 0, video.size - 1);
    const response = await http({
      method: 'POST',
      url: progressText(progress, 'uploadUrl')!,
      multipart: { ...fields, file: { data, contentType: video.contentType, filename: `video.${video.extension}` } },
    });
    if (isOk(response)) return;
    if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      // S3 refused the form (its signature or policy expired, a field it did not expect): register a new upload on the next try.
      const { mediaId: _mediaId, uploadUrl: _uploadUrl, uploadParameters: _parameters, ...rest } = progress;
      await request.saveProgress?.(rest);
      throw new Retryable(`${NAME}'s upload address refused the video (HTTP ${response.status}); OneClick registers a new upload and tries again.`);
    }
    throw fail(response);
  }

  /** GET /v5/media/{media_id}: registered or processing waits, succeeded is ready, failed is refused. */
  async function videoStatus(request: PublishRequest): Promise<StepResult> {
    const mediaId = progressText(request.progress, 'mediaId');
    if (!mediaId) throw new Rejected(`No ${NAME} video upload has been registered for this Pin yet`);
    const response = await http({ method: 'GET', url: api(`/media/${encodeURIComponent(mediaId)}`), headers: bearer(request) });
    if (!isOk(response)) throw fail(response);
    const status = (response.body as { status?: unknown } | undefined)?.status;
    if (status === 'succeeded') return ready({ ...request.progress, videoReady: true });
    if (status === 'failed') throw new Rejected(`${NAME} could not process the video: check that it plays and meets Pinterest's video rules, then publish again.`);
    if (status === 'registered' || status === 'processing') return waiting(request.progress);
    throw new Rejected(`${NAME} answered the video's status with one we do not know (${JSON.stringify(status ?? null)})`);
  }

  /** A video's steps after the board: register, upload, then wait for processing. */
  async function startVideo(request: PublishRequest, progress: PublishRequest['progress']): Promise<StepResult> {
    if (progress['videoReady'] === true) return ready(progress);
    if (progress['videoUploaded'] === true) return waiting(progress);
    const media = postMedia('pinterest', request.media);
    if (media.kind !== 'video') return ready(progress);
    let current = progress;
    if (!progressText(current, 'mediaId')) {
      current = await registerUpload({ ...request, progress: current });
      await request.saveProgress?.(current);
    }
    await uploadVideo(request, current, media.video);
    current = { ...current, videoUploaded: true };
    return waiting(current);
  }

  return {
    platform: 'pinterest',

    async start(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      if (progressText(request.progress, 'boardId')) return startVideo(request, request.progress);
      const refused = problem(request);
      if (refused) throw new Rejected(refused);
      const { boardId } = pinterestOptionsSchema.parse(request.options ?? {});
      const progress = { ...request.progress, boardId: boardId ?? (await firstBoard(request)) };
      await request.saveProgress?.(progress);
      return startVideo(request, progress);
    },

    async checkStatus(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      if (progressText(request.progress, 'mediaId') && request.progress['videoReady'] !== true) return videoStatus(request);
      return ready(request.progress);
    },

    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const boardId = progressText(request.progress, 'boardId');
      if (!boardId) throw new Rejected(`No ${NAME} board has been settled for this Pin yet`);
      const armedAt = progressText(request.progress, 'pinArmedAt') ?? clock.now().toISOString();
      const progress = { ...request.progress, pinArmedAt: armedAt };
      const id = await request.createOnce({
        what: 'the Pin',
        progress,
        send: async () => {
          const response = await http({ method: 'POST', url: api('/pins'), headers: bearer(request), json: await pinBody(request, boardId) });
          if (!isOk(response)) throw fail(response);
          const pinId = (response.body as { id?: unknown } | undefined)?.id;
          if (typeof pinId !== 'string' || !pinId) throw new CannotTell(`${NAME} answered the Pin's creation without its id`);
          return pinId;
        },
        reconcile: () => findPin(request, boardId, armedAt),
      });
      return publishedResult(progress, id, pinUrl(id));
    },
  };
};
