import type { FeedMedia } from '../feed';
import { isRecord, json, readJson, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { simulatedMetrics } from '../engagement';
import type { LimitDefinitions } from '../limits';
import { MINUTE_MS, overLimit, ownPost } from '../metrics';
import { randomDigits } from '../oauth';
import type { PlatformContext } from '../platform';
import { fetchMedia, sniffImage } from '../remoteMedia';
import { invalidParameters, isResponse, notFound, pinterestAccess, pinterestError } from './api';
import { firstBoardId, pinterestUserId, pinterestUsername } from './identity';
import { pinterestMedia } from './media';

/**
 * Pinterest API v5's boards, Pins and Pin analytics (paths after /v5; docs/platforms/pinterest.md):
 *
 *   GET  /boards                       the account's boards ({ items, bookmark }); every account has one
 *   POST /boards                       a new board (JSON: name, description, privacy PUBLIC | PROTECTED | SECRET)
 *   POST /pins                         a Pin (JSON PinCreate): board_id (one of the account's), description
 *                                      ≤ 800, title ≤ 100, link ≤ 2,048 (http or https), alt_text ≤ 500,
 *                                      media_source image_url (fetched at once: JPEG, PNG or WebP, ≤ 20 MB)
 *                                      or multiple_image_urls (2 to 5 items, each fetched) or video_id (a
 *                                      succeeded upload of the account's, not used before; cover_image_url
 *                                      or cover_image_key_frame_time required); the uploads: media.ts
 *   GET  /pins/{pin_id}                the account's Pin
 *   GET  /boards/{board_id}/pins       the board's Pins, newest first (page_size 1–250, default 25)
 *   GET  /pins/{pin_id}/analytics      start_date, end_date (≤ 90 days back), metric_types → { all: { summary_metrics, daily_metrics } }
 *
 * Rate limits (Pinterest's categories, per user and app): org_write (pinsPerMinute, boardsPerMinute)
 * and org_analytics (analyticsCallsPerMinute) answer 429 code 8 with X-RateLimit-Limit,
 * X-RateLimit-Remaining and X-RateLimit-Reset (seconds until it frees up).
 */

const MB = 1000 * 1000;
const MAX_IMAGE_BYTES = 20 * MB;
const FETCH_TIMEOUT_MS = 60_000;
const typicalViews = 1200;

const limits: LimitDefinitions = {
  pinsPerMinute: { default: 100, description: 'POST /v5/pins per user per rolling minute (org_write) → 429 code 8' },
  boardsPerMinute: { default: 100, description: 'POST /v5/boards per user per rolling minute (org_write) → 429 code 8' },
  analyticsCallsPerMinute: { default: 300, description: 'GET /v5/pins/{id}/analytics per user per rolling minute (org_analytics) → 429 code 8' },
};

interface Board {
  id: string;
  name: string;
  description: string;
  privacy: 'PUBLIC' | 'PROTECTED' | 'SECRET';
  createdAt: number;
}

interface StoredPin {
  id: string;
  account: string;
  boardId: string;
  title: string | null;
  description: string | null;
  link: string | null;
  altText: string | null;
  mediaType: 'image' | 'multiple_images' | 'video';
  createdAt: number;
}

const privacies = ['PUBLIC', 'PROTECTED', 'SECRET'] as const;

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function pinterestPins(context: PlatformContext): { routes: Route[]; uploadHosts: string[]; limits: LimitDefinitions; reset(): void } {
  let createdBoards = new Map<string, Board[]>();
  let pins = new Map<string, StoredPin>();

  function boardsOf(account: string): Board[] {
    const first: Board = { id: firstBoardId(account), name: 'Ideas', description: '', privacy: 'PUBLIC', createdAt: 0 };
    return [first, ...(createdBoards.get(account) ?? [])];
  }

  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

  function boardJson(account: string, board: Board) {
    return {
      id: board.id,
      name: board.name,
      description: board.description,
      privacy: board.privacy,
      created_at: iso(board.createdAt || context.now()),
      owner: { username: pinterestUsername(account) },
      pin_count: [...pins.values()].filter((pin) => pin.boardId === board.id).length,
      follower_count: 0,
      collaborator_count: 0,
    };
  }

  function pinJson(pin: StoredPin) {
    return {
      id: pin.id,
      created_at: iso(pin.createdAt),
      link: pin.link,
      title: pin.title,
      description: pin.description,
      alt_text: pin.altText,
      board_id: pin.boardId,
      board_owner: { username: pinterestUsername(pin.account) },
      creative_type: 'REGULAR',
      media: { media_type: pin.mediaType },
    };
  }

  function rateLimited(account: string, key: string, limitName: string): SandboxResponse | undefined {
    const { over, resetAt } = overLimit(context, `${key}/${account}`, MINUTE_MS, limitName);
    if (!over) return undefined;
    const seconds = Math.max(1, Math.ceil((resetAt - context.now()) / 1000));
    return pinterestError(429, 8, 'You have exceeded your rate limit. Try again later.', {
      'x-ratelimit-limit': String(context.limit(limitName)),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(seconds),
    });
  }

  function pageSize(request: SandboxRequest): number | SandboxResponse {
    const raw = request.query.get('page_size');
    if (raw === null) return 25;
    const size = Number(raw);
    return Number.isInteger(size) && size >= 1 && size <= 250 ? size : invalidParameters('page_size must be an integer from 1 to 250.');
  }

  function listBoards(request: SandboxRequest): SandboxResponse {
    const access = pinterestAccess(context, request, ['boards:read']);
    if (isResponse(access)) return access;
    const size = pageSize(request);
    if (typeof size !== 'number') return size;
    return json(200, { items: boardsOf(access.account.name).slice(0, size).map((board) => boardJson(access.account.name, board)), bookmark: null });
  }

  async function createBoard(request: SandboxRequest): Promise<SandboxResponse> {
    const access = pinterestAccess(context, request, ['boards:read', 'boards:write']);
    if (isResponse(access)) return access;
    const body = await readJson(request);
    if (!isRecord(body)) return invalidParameters('The request body must be a JSON object.');
    const name = typeof body['name'] === 'string' ? body['name'].trim() : '';
    if (!name) return invalidParameters('name is required.');
    if (name.length > 180) return invalidParameters('name can be at most 180 characters.');
    const privacy = body['privacy'] ?? 'PUBLIC';
    if (!privacies.includes(privacy as Board['privacy'])) return invalidParameters(`privacy must be one of ${privacies.join(', ')}.`);
    const account = access.account.name;
    if (boardsOf(account).some((board) => board.name.toLowerCase() === name.toLowerCase())) return pinterestError(409, 58, 'You already have a board with this name.');
    const limited = rateLimited(account, 'boards', 'boardsPerMinute');
    if (limited) return limited;
    const board: Board = { id: `8${randomDigits(17)}`, name, description: typeof body['description'] === 'string' ? body['description'] : '', privacy: privacy as Board['privacy'], createdAt: context.now() };
    createdBoards.set(account, [...(createdBoards.get(account) ?? []), board]);
    return json(201, boardJson(account, board));
  }

  async function fetchImage(url: unknown): Promise<FeedMedia | SandboxResponse> {
    if (typeof url !== 'string' || !url) return invalidParameters('media_source.url is required.');
    const fetched = await fetchMedia(context.media, url, { maxBytes: MAX_IMAGE_BYTES, timeoutMs: FETCH_TIMEOUT_MS });
    if (!fetched.ok) {
      if (fetched.failure === 'too_large') return invalidParameters('The image is too large: at most 20 MB.');
      return invalidParameters(`Sorry we could not fetch the image (${fetched.detail}).`);
    }
    const format = sniffImage(fetched.head);
    if (format !== 'jpeg' && format !== 'png' && format !== 'webp') {
      await context.media.remove(fetched.blobId);
      return invalidParameters('The image format is not supported: use JPEG, PNG or WebP.');
    }
    return { contentType: `image/${format}`, size: fetched.size, blobId: fetched.blobId };
  }

  function optionalText(body: Record<string, unknown>, field: string, max: number): string | null | SandboxResponse {
    const value = body[field];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') return invalidParameters(`${field} must be a string.`);
    return value.length > max ? invalidParameters(`${field} can be at most ${max} characters.`) : value;
  }

  async function createPin(request: SandboxRequest): Promise<SandboxResponse> {
    const access = pinterestAccess(context, request, ['boards:read', 'boards:write', 'pins:read', 'pins:write']);
    if (isResponse(access)) return access;
    const account = access.account.name;
    const body = await readJson(request);
    if (!isRecord(body)) return invalidParameters('The request body must be a JSON object.');
    const boardId = body['board_id'];
    if (typeof boardId !== 'string' || !/^\d+$/.test(boardId)) return invalidParameters('board_id is required and must be digits.');
    if (!boardsOf(account).some((board) => board.id === boardId)) return notFound('Board');
    const fields: Record<string, string | null> = {};
    for (const [field, max] of [['title', 100], ['description', 800], ['link', 2048], ['alt_text', 500]] as const) {
      const value = optionalText(body, field, max);
      if (value !== null && typeof value === 'object') return value;
      fields[field] = value;
    }
    if (fields['link'] && !isWebAddress(fields['link'])) return invalidParameters('link must be an http or https URL.');
    const source = body['media_source'];
    if (!isRecord(source)) return invalidParameters('media_source is required.');
    let urls: unknown[] = [];
    let mediaType: StoredPin['mediaType'];
    let video: ReturnType<typeof videos.find>;
    if (source['source_type'] === 'video_id') {
      const mediaId = source['media_id'];
      if (typeof mediaId !== 'string' || !mediaId) return invalidParameters('media_source.media_id is required.');
      const hasCoverUrl = typeof source['cover_image_url'] === 'string' && isWebAddress(source['cover_image_url']);
      const frame = source['cover_image_key_frame_time'];
      const hasFrame = typeof frame === 'number' && Number.isFinite(frame) && frame >= 0;
      if (!hasCoverUrl && !hasFrame) return invalidParameters('media_source needs cover_image_url or cover_image_key_frame_time.');
      video = videos.find(account, mediaId);
      if (!video) return notFound('Media upload');
      if (!video.processing?.finished || video.processing.plan.outcome !== 'succeed' || !video.blobId) return invalidParameters('The media upload has not succeeded: wait until GET /v5/media/{media_id} says succeeded.');
      if (video.used) return invalidParameters('The media upload has already been used by a Pin.');
      mediaType = 'video';
    } else if (source['source_type'] === 'image_url') {
      urls = [source['url']];
      mediaType = 'image';
    } else if (source['source_type'] === 'multiple_image_urls') {
      const items = source['items'];
      if (!Array.isArray(items) || items.length < 2 || items.length > 5) return invalidParameters('media_source.items must hold 2 to 5 images.');
      if (!items.every(isRecord)) return invalidParameters('media_source.items must be objects with a url.');
      urls = items.map((item) => (item as Record<string, unknown>)['url']);
      mediaType = 'multiple_images';
    } else {
      return invalidParameters(`media_source.source_type ${JSON.stringify(source['source_type'] ?? null)} is not supported here (image_url, multiple_image_urls or video_id).`);
    }
    const limited = rateLimited(account, 'pins', 'pinsPerMinute');
    if (limited) return limited;
    const media: FeedMedia[] = [];
    if (video) {
      video.used = true;
      media.push({ contentType: video.contentType ?? 'video/mp4', size: video.size, blobId: video.blobId! });
    }
    for (const url of urls) {
      const fetched = await fetchImage(url);
      if ('status' in fetched) {
        for (const item of media) await context.media.remove(item.blobId);
        return fetched;
      }
      media.push(fetched);
    }
    const pin: StoredPin = {
      id: `${randomDigits(18)}`,
      account,
      boardId,
      title: fields['title'] ?? null,
      description: fields['description'] ?? null,
      link: fields['link'] ?? null,
      altText: fields['alt_text'] ?? null,
      mediaType,
      createdAt: context.now(),
    };
    pins.set(pin.id, pin);
    const settings: Record<string, string> = { board_id: boardId, ...(pin.link ? { link: pin.link } : {}), ...(pin.altText ? { alt_text: pin.altText } : {}) };
    context.feed.add({
      platform: 'pinterest',
      account,
      id: pin.id,
      url: `https://www.pinterest.com/pin/${pin.id}/`,
      text: pin.description ?? '',
      ...(pin.title ? { title: pin.title } : {}),
      media,
      settings,
      createdAt: pin.createdAt,
    });
    return json(201, pinJson(pin));
  }

  function ownPin(request: SandboxRequest, account: string): StoredPin | undefined {
    const pin = pins.get(request.params['pin_id'] ?? '');
    return pin && pin.account === account ? pin : undefined;
  }

  function getPin(request: SandboxRequest): SandboxResponse {
    const access = pinterestAccess(context, request, ['boards:read', 'pins:read']);
    if (isResponse(access)) return access;
    const pin = ownPin(request, access.account.name);
    return pin ? json(200, pinJson(pin)) : notFound('Pin');
  }

  function boardPins(request: SandboxRequest): SandboxResponse {
    const access = pinterestAccess(context, request, ['boards:read', 'pins:read']);
    if (isResponse(access)) return access;
    const boardId = request.params['board_id']!;
    if (!boardsOf(access.account.name).some((board) => board.id === boardId)) return notFound('Board');
    const size = pageSize(request);
    if (typeof size !== 'number') return size;
    const items = [...pins.values()]
      .filter((pin) => pin.boardId === boardId)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, size)
      .map(pinJson);
    return json(200, { items, bookmark: null });
  }

  const videos = pinterestMedia(context, rateLimited);

  const metricTypes = ['IMPRESSION', 'OUTBOUND_CLICK', 'PIN_CLICK', 'SAVE', 'SAVE_RATE', 'TOTAL_COMMENTS', 'TOTAL_REACTIONS', 'USER_FOLLOW', 'PROFILE_VISIT', 'VIDEO_MRC_VIEW', 'VIDEO_START', 'VIDEO_10S_VIEW', 'QUARTILE_95_PERCENT_VIEW', 'VIDEO_AVG_WATCH_TIME', 'VIDEO_V50_WATCH_TIME'];
  const videoMetricTypes = new Set(['VIDEO_MRC_VIEW', 'VIDEO_START', 'VIDEO_10S_VIEW', 'QUARTILE_95_PERCENT_VIEW', 'VIDEO_AVG_WATCH_TIME', 'VIDEO_V50_WATCH_TIME']);
  const DAY_MS = 86_400_000;

  function analytics(request: SandboxRequest): SandboxResponse {
    const access = pinterestAccess(context, request, ['boards:read', 'pins:read']);
    if (isResponse(access)) return access;
    const pin = ownPin(request, access.account.name);
    const entry = pin ? ownPost(context, access.account.name, pin.id) : undefined;
    if (!pin || !entry) return notFound('Pin');
    const start = Date.parse(`${request.query.get('start_date') ?? ''}T00:00:00Z`);
    const end = Date.parse(`${request.query.get('end_date') ?? ''}T00:00:00Z`);
    if (!Number.isFinite(start) || !Number.isFinite(end)) return invalidParameters('start_date and end_date are required (YYYY-MM-DD).');
    if (end < start) return invalidParameters('end_date must not be before start_date.');
    if (start < context.now() - 90 * DAY_MS - DAY_MS) return invalidParameters('start_date cannot be more than 90 days back from today.');
    const asked = (request.query.get('metric_types') ?? '').split(',').map((type) => type.trim()).filter(Boolean);
    const unknown = asked.find((type) => !metricTypes.includes(type));
    if (asked.length === 0 || unknown) return invalidParameters(`metric_types must be one or more of ${metricTypes.join(', ')}.`);
    const limited = rateLimited(access.account.name, 'analytics', 'analyticsCallsPerMinute');
    if (limited) return limited;
    const simulated = simulatedMetrics(entry, context.now(), typicalViews);
    const values: Record<string, number> = {
      IMPRESSION: simulated.views,
      SAVE: simulated.saves,
      PIN_CLICK: simulated.likes,
      OUTBOUND_CLICK: simulated.shares,
      SAVE_RATE: simulated.views ? simulated.saves / simulated.views : 0,
      TOTAL_COMMENTS: simulated.comments,
      TOTAL_REACTIONS: simulated.likes,
      USER_FOLLOW: 0,
      PROFILE_VISIT: 0,
      VIDEO_START: Math.round(simulated.views * 0.6),
      VIDEO_MRC_VIEW: Math.round(simulated.views * 0.4),
      VIDEO_10S_VIEW: Math.round(simulated.views * 0.25),
      QUARTILE_95_PERCENT_VIEW: Math.round(simulated.views * 0.1),
      VIDEO_AVG_WATCH_TIME: 6200,
      VIDEO_V50_WATCH_TIME: Math.round(simulated.views * 0.15),
    };
    // An image Pin has no video numbers: they are left out of its answer.
    const reported = asked.filter((type) => pin.mediaType === 'video' || !videoMetricTypes.has(type));
    const summary = Object.fromEntries(reported.map((type) => [type, values[type] ?? 0]));
    return json(200, { all: { summary_metrics: summary, daily_metrics: [{ date: new Date(end).toISOString().slice(0, 10), data_status: 'READY', metrics: summary }], lifetime_metrics: {} } });
  }

  return {
    routes: [
      { method: 'GET', hostKey: 'api', path: '/boards', handle: listBoards },
      { method: 'POST', hostKey: 'api', path: '/boards', handle: createBoard },
      { method: 'GET', hostKey: 'api', path: '/boards/{board_id}/pins', handle: boardPins },
      { method: 'POST', hostKey: 'api', path: '/pins', handle: createPin },
      { method: 'GET', hostKey: 'api', path: '/pins/{pin_id}/analytics', handle: analytics },
      { method: 'GET', hostKey: 'api', path: '/pins/{pin_id}', handle: getPin },
      ...videos.routes,
    ],
    uploadHosts: videos.uploadHosts,
    limits: { ...limits, ...videos.limits },
    reset() {
      videos.reset();
      createdBoards = new Map();
      pins = new Map();
    },
  };
}

/** The /v5/user_account answer for a sandbox account. */
export function userAccount(context: PlatformContext, account: { name: string; displayName: string }) {
  return {
    account_type: 'BUSINESS',
    id: pinterestUserId(account.name),
    username: pinterestUsername(account.name),
    business_name: account.displayName,
    profile_image: context.avatarUrl(pinterestUserId(account.name)),
    website_url: '',
    about: '',
    board_count: null,
    pin_count: null,
    follower_count: 0,
    following_count: 0,
    monthly_views: 0,
  };
}
