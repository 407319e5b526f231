import { CannotTell } from '../createOnce';
import { Rejected } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { PublisherFactory } from '../module';
import type { PublishRequest, StepResult } from '../publisher';
import { capabilities } from '../../../shared/platforms';
import { pinterestOptionsSchema } from '../../../shared/platforms/pinterestOptions';
import { alreadyPublished, isOk, listedIn, postMedia, progressText, publishedResult } from '../steps';
import { classifyPinterestError, NAME } from './errors';
import type { PinterestOptions } from './options';

/**
 * Pinterest publishing (API v5, docs/platforms/pinterest.md): a Pin on a board of the account.
 *
 * `start` checks the post against Pinterest's rules and settles the board: the one the user chose
 * (`boardId`), or the account's first board (GET /v5/boards); an account without a board is
 * refused in words. There is nothing to process for images: `start` answers `ready`.
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
 * progress: boardId, pinArmedAt, platformPostId, postUrl.
 */

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
    // One video, or up to 5 images; a video is refused ("Pinterest does not publish videos": video Pins are not done yet).
    const media = postMedia('pinterest', request.media);
    if (media.kind !== 'image') return undefined;
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
    if (media.kind !== 'image') throw new Rejected(`${NAME} does not publish videos`);
    const [first] = media.images;
    const title = request.title?.trim() || undefined;
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

  return {
    platform: 'pinterest',

    async start(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      if (progressText(request.progress, 'boardId')) return ready(request.progress);
      const refused = problem(request);
      if (refused) throw new Rejected(refused);
      const { boardId } = pinterestOptionsSchema.parse(request.options ?? {});
      return ready({ ...request.progress, boardId: boardId ?? (await firstBoard(request)) });
    },

    async checkStatus(request) {
      return alreadyPublished(request.progress) ?? ready(request.progress);
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
