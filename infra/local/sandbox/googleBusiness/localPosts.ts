import { isRecord, json, readJson, type SandboxRequest, type SandboxResponse } from '../http';
import { overLimit } from '../metrics';
import type { PlatformContext } from '../platform';
import type { FeedEntry } from '../feed';
import { progression, type Progression } from '../processing';
import { fetchMedia, sniffImage } from '../remoteMedia';
import type { AccountRecord } from '../store';
import { invalidArgument, notFound, quotaExceeded } from './api';
import { locationId } from './identity';

/**
 * A location's local posts (My Business API v4, accounts.locations.localPosts):
 *
 *   POST {parent}/localPosts   LocalPost: summary (≤ 1,500), topicType STANDARD | EVENT | OFFER,
 *                              event {title ≤ 58, schedule {startDate, startTime, endDate, endTime}}
 *                              (required for EVENT and OFFER; the end after the start), offer
 *                              {couponCode, redeemOnlineUrl, termsConditions}, callToAction
 *                              {actionType, url} (no url for CALL; ignored on an offer), media
 *                              [{mediaFormat: PHOTO, sourceUrl}] (one photo, fetched from its
 *                              address: JPEG or PNG, at most 5 MB) → the LocalPost with its name,
 *                              createTime, searchUrl and state (PROCESSING for setProcessing's
 *                              `reads` answers, the create's included, then LIVE or REJECTED — its
 *                              `fail`; LIVE at once by default)
 *   GET  {parent}/localPosts   the location's posts, newest first, pageSize ≤ 100, nextPageToken
 *                              (an empty list is left out of the answer)
 *   GET  {name}                one post; each read advances PROCESSING
 *
 * Requests are counted against a per-minute quota (`requestsPerMinute`): 429 RESOURCE_EXHAUSTED.
 */

const SUMMARY_MAX = 1500;
const TITLE_MAX = 58;
const PHOTO_MAX_BYTES = 5 * 1000 * 1000;
const FETCH_TIMEOUT_MS = 30_000;
const MINUTE_MS = 60_000;
const TOPIC_TYPES = ['STANDARD', 'EVENT', 'OFFER'];
const ACTION_TYPES = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL'];
export const SERVICE = 'mybusiness.googleapis.com';

/** The caller's location (its sandbox account) and the path parts naming it. */
export interface LocationAccess {
  location: AccountRecord;
  accountId: string;
}

interface Civil {
  year: number;
  month: number;
  day: number;
}

function civilDate(value: unknown): Civil | undefined {
  if (!isRecord(value)) return undefined;
  const { year, month, day } = value;
  if (![year, month, day].every((part) => Number.isInteger(part))) return undefined;
  const date = new Date(Date.UTC(year as number, (month as number) - 1, day as number));
  return date.getUTCMonth() === (month as number) - 1 && date.getUTCDate() === day ? { year: year as number, month: month as number, day: day as number } : undefined;
}

function minutesOf(value: unknown): number | undefined {
  if (value === undefined) return 0;
  if (!isRecord(value)) return undefined;
  const hours = value['hours'] ?? 0;
  const minutes = value['minutes'] ?? 0;
  if (!Number.isInteger(hours) || !Number.isInteger(minutes) || (hours as number) < 0 || (hours as number) > 23 || (minutes as number) < 0 || (minutes as number) > 59) return undefined;
  return (hours as number) * 60 + (minutes as number);
}

/** The schedule's start and end as sortable numbers, or what is wrong with it. */
function checkSchedule(schedule: unknown): { start: number; end: number } | string {
  if (!isRecord(schedule)) return 'event.schedule is required.';
  const startDate = civilDate(schedule['startDate']);
  const endDate = civilDate(schedule['endDate']);
  const startTime = minutesOf(schedule['startTime']);
  const endTime = minutesOf(schedule['endTime']);
  if (!startDate || !endDate || startTime === undefined || endTime === undefined) return 'event.schedule has an invalid date or time.';
  const at = (date: Civil, minutes: number) => Date.UTC(date.year, date.month - 1, date.day) + minutes * 60_000;
  const start = at(startDate, startTime);
  const end = at(endDate, endTime);
  return end > start ? { start, end } : 'event.schedule: the end must be after the start.';
}

export function googleBusinessLocalPosts(context: PlatformContext) {
  const states = new Map<string, Progression>();
  const bodies = new Map<string, Record<string, unknown>>();
  let sequence = 0;

  const postName = (access: LocationAccess, id: string) => `accounts/${access.accountId}/locations/${locationId(access.location.name)}/localPosts/${id}`;

  /** The post's state: each read of a post Google is processing advances it. */
  function stateOf(id: string, advance: boolean): string {
    const processing = states.get(id);
    if (!processing) return 'LIVE';
    if (!processing.finished && !(advance && processing.read())) return 'PROCESSING';
    return processing.plan.outcome === 'fail' ? 'REJECTED' : 'LIVE';
  }

  function localPost(access: LocationAccess, entry: FeedEntry, advance: boolean): Record<string, unknown> {
    const body = bodies.get(entry.id) ?? {};
    return {
      name: postName(access, entry.id),
      languageCode: 'en',
      summary: entry.text,
      ...body,
      topicType: entry.settings?.['topicType'] ?? 'STANDARD',
      createTime: new Date(entry.createdAt).toISOString(),
      updateTime: new Date(entry.createdAt).toISOString(),
      state: stateOf(entry.id, advance),
      searchUrl: entry.url,
    };
  }

  const limited = () => overLimit(context, 'googleBusiness:requests', MINUTE_MS, 'requestsPerMinute').over;

  async function create(request: SandboxRequest, access: LocationAccess): Promise<SandboxResponse> {
    if (limited()) return quotaExceeded(SERVICE);
    const body = await readJson(request);
    if (!isRecord(body)) return invalidArgument('Invalid JSON payload received.');
    const topicType = body['topicType'];
    if (typeof topicType !== 'string' || !TOPIC_TYPES.includes(topicType)) return invalidArgument(`Invalid value at 'local_post.topic_type' (${String(topicType)}).`);
    const summary = typeof body['summary'] === 'string' ? body['summary'] : '';
    if ([...summary].length > SUMMARY_MAX) return invalidArgument(`local_post.summary is longer than ${SUMMARY_MAX} characters.`);
    const kept: Record<string, unknown> = {};
    const settings: Record<string, string> = { topicType };

    if (topicType === 'EVENT' || topicType === 'OFFER') {
      const event = body['event'];
      if (!isRecord(event) || typeof event['title'] !== 'string' || event['title'].trim() === '') return invalidArgument('local_post.event.title is required for this topic type.');
      if ([...event['title']].length > TITLE_MAX) return invalidArgument(`local_post.event.title is longer than ${TITLE_MAX} characters.`);
      const schedule = checkSchedule(event['schedule']);
      if (typeof schedule === 'string') return invalidArgument(`local_post.${schedule}`);
      kept['event'] = { title: event['title'], schedule: event['schedule'] };
      settings['eventTitle'] = event['title'];
    } else if (body['event'] !== undefined) {
      return invalidArgument('local_post.event is only for EVENT and OFFER posts.');
    }
    if (topicType === 'OFFER' && isRecord(body['offer'])) {
      const offer = body['offer'];
      for (const field of ['couponCode', 'redeemOnlineUrl', 'termsConditions']) {
        if (offer[field] !== undefined && typeof offer[field] !== 'string') return invalidArgument(`local_post.offer.${field} must be a string.`);
        if (typeof offer[field] === 'string') settings[field] = offer[field];
      }
      kept['offer'] = offer;
    }
    // On an offer, Google ignores the button.
    if (body['callToAction'] !== undefined && topicType !== 'OFFER') {
      const action = body['callToAction'];
      if (!isRecord(action) || typeof action['actionType'] !== 'string' || !ACTION_TYPES.includes(action['actionType'])) return invalidArgument("Invalid value at 'local_post.call_to_action.action_type'.");
      if (action['actionType'] === 'CALL' && action['url'] !== undefined) return invalidArgument('local_post.call_to_action.url must be unset for a CALL action.');
      if (action['actionType'] !== 'CALL' && (typeof action['url'] !== 'string' || !/^https?:\/\//.test(action['url']))) return invalidArgument('local_post.call_to_action.url is required and must be a valid URL.');
      kept['callToAction'] = action;
      settings['actionType'] = action['actionType'];
      if (typeof action['url'] === 'string') settings['actionUrl'] = action['url'];
    }

    const media: FeedEntry['media'] = [];
    if (body['media'] !== undefined) {
      if (!Array.isArray(body['media']) || body['media'].length > 1) return invalidArgument('local_post.media takes one photo.');
      const item = body['media'][0];
      if (!isRecord(item) || item['mediaFormat'] !== 'PHOTO' || typeof item['sourceUrl'] !== 'string') return invalidArgument('local_post.media[0] must be a PHOTO with a sourceUrl.');
      const fetched = await fetchMedia(context.media, item['sourceUrl'], { maxBytes: PHOTO_MAX_BYTES, timeoutMs: FETCH_TIMEOUT_MS });
      if (!fetched.ok) return invalidArgument(`Unable to fetch the photo from local_post.media[0].source_url (${fetched.failure}).`);
      const format = sniffImage(fetched.head);
      if (format !== 'jpeg' && format !== 'png') {
        await context.media.remove(fetched.blobId);
        return invalidArgument('local_post.media[0]: the photo must be a JPEG or PNG.');
      }
      media.push({ contentType: format === 'png' ? 'image/png' : 'image/jpeg', size: fetched.size, blobId: fetched.blobId });
      kept['media'] = [{ name: `${postName(access, 'media')}`, mediaFormat: 'PHOTO', googleUrl: item['sourceUrl'] }];
    }
    if (summary === '' && media.length === 0 && topicType === 'STANDARD') return invalidArgument('local_post.summary is required.');

    const id = `${context.now()}${String(++sequence).padStart(4, '0')}`;
    const placeId = `ChIJ${locationId(access.location.name).slice(0, 12)}`;
    const entry: FeedEntry = {
      platform: 'googleBusiness',
      account: access.location.name,
      id,
      url: `https://local.google.com/place?id=${placeId}&use=posts&lpsid=${id}`,
      text: summary,
      media,
      createdAt: context.now(),
      settings,
    };
    context.feed.add(entry);
    bodies.set(id, kept);
    const plan = context.nextProcessing(0, access.location.name);
    if (plan.reads > 0 || plan.outcome === 'fail') states.set(id, progression(plan));
    // The create's answer is the post's first read: `reads` answers, this one included, show PROCESSING.
    return json(200, localPost(access, entry, true));
  }

  function list(request: SandboxRequest, access: LocationAccess): SandboxResponse {
    if (limited()) return quotaExceeded(SERVICE);
    const pageSize = Number(request.query.get('pageSize') ?? '20');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) return invalidArgument('page_size must be between 1 and 100.');
    const offset = Number(request.query.get('pageToken') ?? '0');
    if (!Number.isInteger(offset) || offset < 0) return invalidArgument('Invalid page_token.');
    const entries = context.feed.list('googleBusiness', access.location.name).filter((entry) => !entry.replyTo);
    const page = entries.slice(offset, offset + pageSize).map((entry) => localPost(access, entry, false));
    const next = offset + pageSize < entries.length ? String(offset + pageSize) : undefined;
    return json(200, { ...(page.length ? { localPosts: page } : {}), ...(next ? { nextPageToken: next } : {}) });
  }

  function get(request: SandboxRequest, access: LocationAccess): SandboxResponse {
    if (limited()) return quotaExceeded(SERVICE);
    const id = request.params['post']!;
    const entry = context.feed.list('googleBusiness', access.location.name).find((candidate) => candidate.id === id);
    if (!entry) return notFound(postName(access, id));
    return json(200, localPost(access, entry, true));
  }

  return {
    create,
    list,
    get,
    reset() {
      states.clear();
      bodies.clear();
    },
  };
}
