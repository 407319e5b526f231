import type { FeedMedia } from '../feed';
import { isRecord, json, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { handle } from '../identity';
import { instagramAppScopedId, instagramUserId } from './identity';
import { graphAccess, graphError, tokenRefused } from './api';
import { advanceContainer, graphFields, graphParameters, type ContainerStatus, type ProcessedContainer } from '../metaGraph';
import type { LimitDefinitions } from '../limits';
import { randomDigits, randomText, type AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';
import { progression, type Progression } from '../processing';
import { fetchMedia, sniffImage } from '../remoteMedia';

/**
 * Instagram content publishing on graph.instagram.com (platform-apis.md §3; paths with or
 * without the /vNN.N prefix, parameters in the query, a form or a JSON body):
 *
 *   POST /{ig}/media                    a container: image_url (JPEG), REELS + video_url (optionally a
 *                                       trial Reel: trial_params), STORIES + image_url or video_url (no
 *                                       caption, not both URLs), carousel items and CAROUSEL; the
 *                                       sandbox fetches the URL
 *   GET  /{container}?fields=status_code,status   IN_PROGRESS → FINISHED (or ERROR / EXPIRED), PUBLISHED once published
 *   POST /{ig}/media_publish?creation_id=…        the IG media id, only for a FINISHED container, once
 *   GET  /{ig}/content_publishing_limit           quota_usage and config (rolling 24 h)
 *   GET  /{media}?fields=permalink,…              the published media
 *   GET  /{ig}/media                              the account's published media, newest first (no stories)
 *   GET  /{ig}/stories                            the account's stories of the last 24 hours, newest first
 *   POST /{media}/comments?message=…              a comment by the token's account on its own media
 *                                                 (instagram_business_manage_comments): { id }
 *   GET  /{media}/comments?fields=…               the media's comments, newest first
 *
 * An image that cannot be fetched is refused at creation (9004/2207052); a video that cannot
 * be fetched makes the container ERROR with 2207052 in `status`. Containers expire 24 h after
 * creation. Each GET of a container is a status read. setProcessing: `fail` → ERROR with the
 * subcode in `reason` (default 2207026); `expire` → EXPIRED after the reads.
 */

const MIB = 1024 * 1024;
const MAX_IMAGE_BYTES = 8 * MIB;
const MAX_VIDEO_BYTES = 1024 * MIB;
/** A story's video: at most 100 MB (IG User Media, "Story Video Specifications"). */
const MAX_STORY_VIDEO_BYTES = 100 * 1000 * 1000;
/** Stories are seen, listed and measured for 24 hours. */
const STORY_MS = 24 * 60 * 60 * 1000;
const graduationStrategies = ['MANUAL', 'SS_PERFORMANCE'];
const CONTAINER_MS = 24 * 60 * 60 * 1000;
const QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 60_000;
const DEFAULT_READS = 1;
const DOWNLOAD_FAILED = 2207052;

const limits: LimitDefinitions = {
  publishesPer24h: { default: 50, description: 'media_publish calls per account per rolling 24 h (quota_total) → 9/2207042' },
};

type ContainerKind = 'IMAGE' | 'REELS' | 'STORIES' | 'CAROUSEL' | 'VIDEO';

interface Failure {
  subcode: number;
  message: string;
}

const isDownloadFailure = (downloaded: FeedMedia | Failure): downloaded is Failure => 'subcode' in downloaded;

/** A planned processing failure: its reason is a subcode (2207026 when none) or a message. */
function processingFailure(reason: string | undefined): Failure {
  const subcode = reason && /^\d+$/.test(reason) ? Number(reason) : 2207026;
  return { subcode, message: reason && !/^\d+$/.test(reason) ? reason : 'The video format is not supported.' };
}

/** A container; its status is the status_code its status read reports. */
interface Container extends ProcessedContainer<FeedMedia, Failure> {
  id: string;
  account: string;
  kind: ContainerKind;
  caption: string;
  isCarouselItem: boolean;
  shareToFeed: boolean;
  /** A trial Reel's graduation_strategy. */
  trialGraduation?: string;
  children: string[];
  processing: Progression;
  mediaId?: string;
}

type ContainerFields = Pick<Container, 'kind' | 'caption' | 'isCarouselItem' | 'shareToFeed' | 'children' | 'media' | 'trialGraduation'>;

interface PublishedMedia {
  id: string;
  account: string;
  shortcode: string;
  caption: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  productType: 'FEED' | 'REELS' | 'STORY';
  timestamp: number;
  shareToFeed: boolean;
  trialGraduation?: string;
}

const statusText: Record<ContainerStatus, string> = {
  IN_PROGRESS: 'In Progress: Media is still being processed.',
  FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
  ERROR: 'Error',
  EXPIRED: 'Expired: Media was not published within 24 hours.',
  PUBLISHED: 'Published: Media has been successfully published.',
};

const containerFields = ['id', 'status_code', 'status', 'copyright_check_status'];
const commentFields = ['id', 'text', 'username', 'from', 'timestamp', 'like_count', 'hidden'];
const mediaFields = ['id', 'caption', 'media_type', 'media_product_type', 'permalink', 'shortcode', 'timestamp', 'username', 'media_url', 'is_shared_to_feed', 'owner'];

/** `#tag` and `@handle` as Instagram counts them in captions. */
function countTags(caption: string): { hashtags: number; mentions: number } {
  return {
    hashtags: caption.match(/(?:^|[^\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu)?.length ?? 0,
    mentions: caption.match(/(?:^|[^\p{L}\p{N}_.])@[\p{L}\p{N}_.]+/gu)?.length ?? 0,
  };
}

export function instagramPublishing(context: PlatformContext): { routes: Route[]; limits: LimitDefinitions; reset(): void } {
  let containers = new Map<string, Container>();
  let published = new Map<string, PublishedMedia>();
  /** Comments as the comments edge answers them, oldest first. */
  let comments: Array<{ mediaId: string; id: string; account: string; text: string; timestamp: number }> = [];

  const noSuchObject = (id: string) =>
    graphError(
      100,
      `Unsupported request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      33,
    );
  const invalidParameter = (message: string, subcode?: number) => graphError(100, `(#100) ${message}`, subcode, { is_transient: false });
  const noPermission = () => graphError(10, '(#10) Application does not have permission for this action');

  type Granted = Extract<AccessCheck, { account: unknown }>;

  /** The token (and scope) check, and that `{ig}` is the token's own account. */
  function owner(request: SandboxRequest, params: URLSearchParams, igId: string | undefined, scope: string): Granted | SandboxResponse {
    const access = graphAccess(context, request, params.get('access_token'));
    if ('failure' in access) return tokenRefused(context, access);
    if (!access.token.scopes.includes(scope)) return noPermission();
    const name = access.account.name;
    if (igId !== undefined && igId !== 'me' && igId !== instagramUserId(name) && igId !== instagramAppScopedId(name)) return noSuchObject(igId);
    return access;
  }

  function newContainer(account: string, fields: ContainerFields): Container {
    const container: Container = {
      ...fields,
      id: `17${randomDigits(15)}`,
      account,
      status: 'IN_PROGRESS',
      processing: progression(context.nextProcessing(DEFAULT_READS, account)),
      expiresAt: context.now() + CONTAINER_MS,
    };
    containers.set(container.id, container);
    return container;
  }

  async function fetchImage(url: string): Promise<FeedMedia | SandboxResponse> {
    const fetched = await fetchMedia(context.media, url, { maxBytes: MAX_IMAGE_BYTES, timeoutMs: FETCH_TIMEOUT_MS });
    if (!fetched.ok) {
      if (fetched.failure === 'too_large') return graphError(36000, 'The image is too large to be processed.', 2207004, { error_user_title: 'Image too large', error_user_msg: 'The image must be at most 8 MB.' });
      if (fetched.failure === 'timeout') return graphError(-2, 'Timeout while downloading the media.', 2207003, { is_transient: true });
      return graphError(9004, "Media download has failed. The media URI doesn't meet our requirements.", DOWNLOAD_FAILED, {
        is_transient: false,
        error_user_title: 'Media download failed',
        error_user_msg: `The media could not be fetched from the URL (${fetched.detail}).`,
      });
    }
    const format = sniffImage(fetched.head);
    const declaredOther = fetched.contentType.startsWith('image/') && fetched.contentType !== 'image/jpeg' && fetched.contentType !== 'image/jpg';
    if ((format && format !== 'jpeg') || declaredOther) {
      await context.media.remove(fetched.blobId);
      return graphError(36001, 'The image format is not supported.', 2207005, { error_user_title: 'Unsupported format', error_user_msg: 'Only JPEG images are supported.' });
    }
    return { contentType: 'image/jpeg', size: fetched.size, blobId: fetched.blobId };
  }

  async function fetchVideo(url: string, maxBytes = MAX_VIDEO_BYTES): Promise<FeedMedia | Failure> {
    try {
      const fetched = await fetchMedia(context.media, url, { maxBytes, timeoutMs: FETCH_TIMEOUT_MS });
      if (!fetched.ok && fetched.failure === 'too_large') return { subcode: 2207026, message: 'The video is too large.' };
      if (!fetched.ok) return { subcode: fetched.failure === 'timeout' ? 2207003 : DOWNLOAD_FAILED, message: "Media download has failed. The media URI doesn't meet our requirements." };
      return { contentType: fetched.contentType.startsWith('video/') ? fetched.contentType : 'video/mp4', size: fetched.size, blobId: fetched.blobId };
    } catch {
      return { subcode: DOWNLOAD_FAILED, message: "Media download has failed. The media URI doesn't meet our requirements." };
    }
  }

  function checkCaption(caption: string): SandboxResponse | undefined {
    const { hashtags, mentions } = countTags(caption);
    const refuse = (detail: string) => graphError(36004, `The caption is invalid: ${detail}`, 2207010, { error_user_title: 'Caption invalid', error_user_msg: detail });
    if ([...caption].length > 2200) return refuse('a caption can have at most 2200 characters.');
    if (hashtags > 30) return refuse('a caption can have at most 30 hashtags.');
    if (mentions > 20) return refuse('a caption can have at most 20 @-mentions.');
    return undefined;
  }

  async function createContainer(request: SandboxRequest): Promise<SandboxResponse> {
    const params = await graphParameters(request);
    const access = owner(request, params, request.params['ig'], 'instagram_business_content_publish');
    if ('status' in access) return access;
    const account = access.account.name;
    const mediaType = params.get('media_type') ?? undefined;
    const isCarouselItem = params.get('is_carousel_item') === 'true';
    const caption = params.get('caption') ?? '';
    const refusedCaption = checkCaption(caption);
    if (refusedCaption) return refusedCaption;
    const imageUrl = params.get('image_url');
    const videoUrl = params.get('video_url');
    const base = { caption, isCarouselItem, shareToFeed: params.get('share_to_feed') !== 'false', children: [] as string[], media: [] as FeedMedia[] };
    // trial_params: "The media_type must be REELS", with a graduation_strategy of MANUAL or SS_PERFORMANCE.
    const trialParams = params.get('trial_params');
    let trialGraduation: string | undefined;
    if (trialParams !== null) {
      if (mediaType !== 'REELS') return invalidParameter('The parameter trial_params is only supported for media_type REELS.');
      let parsed: unknown;
      try {
        parsed = JSON.parse(trialParams);
      } catch {
        parsed = undefined;
      }
      const strategy = isRecord(parsed) ? parsed['graduation_strategy'] : undefined;
      if (typeof strategy !== 'string' || !graduationStrategies.includes(strategy)) {
        return invalidParameter('Param trial_params[graduation_strategy] must be one of {MANUAL, SS_PERFORMANCE}.');
      }
      trialGraduation = strategy;
    }
    if (mediaType === 'STORIES') {
      // Story containers take image_url or video_url and no caption, nor a Reel's settings (IG User Media reference).
      if (imageUrl && videoUrl) return invalidParameter('A story takes either image_url or video_url, not both.');
      if (params.has('caption')) return invalidParameter('The parameter caption is not supported for stories.');
      if (params.has('share_to_feed')) return invalidParameter('The parameter share_to_feed is only supported for media_type REELS.');
      if (isCarouselItem) return invalidParameter('A story cannot be a carousel item.');
      if (imageUrl) return imageContainer(account, { ...base, kind: 'STORIES' }, imageUrl);
      if (!videoUrl) return invalidParameter('The parameter image_url or video_url is required for a story.');
      const container = newContainer(account, { ...base, kind: 'STORIES' });
      container.download = fetchVideo(videoUrl, MAX_STORY_VIDEO_BYTES);
      return json(200, { id: container.id });
    }

    if (mediaType === 'CAROUSEL') {
      const children = (params.get('children') ?? '').split(',').map((id) => id.trim()).filter(Boolean);
      if (children.length < 2 || children.length > 10) return invalidParameter('A carousel must have 2 to 10 children.', 2207028);
      for (const childId of children) {
        const child = containers.get(childId);
        if (!child || child.account !== account || !child.isCarouselItem) return invalidParameter(`The carousel child ${childId} is not a carousel item of this account.`, 2207028);
        if (child.status !== 'FINISHED') return invalidParameter(`The carousel child ${childId} is not FINISHED.`, 2207028);
      }
      const container = newContainer(account, { ...base, kind: 'CAROUSEL', children, media: children.flatMap((id) => containers.get(id)!.media) });
      return json(200, { id: container.id });
    }
    if (mediaType === 'REELS' || (mediaType === 'VIDEO' && isCarouselItem)) {
      const kind: ContainerKind = mediaType === 'VIDEO' ? 'VIDEO' : mediaType;
      if (!videoUrl) return invalidParameter('The parameter video_url is required.');
      const container = newContainer(account, { ...base, kind, ...(trialGraduation ? { trialGraduation } : {}) });
      container.download = fetchVideo(videoUrl);
      return json(200, { id: container.id });
    }
    if (mediaType === 'VIDEO') return invalidParameter('The media_type VIDEO is no longer supported for feed videos; use REELS.', 2207023);
    if (mediaType !== undefined && mediaType !== 'IMAGE') return invalidParameter(`Unknown media_type ${mediaType}.`, 2207023);
    if (!imageUrl) return invalidParameter('The parameter image_url is required.');
    return imageContainer(account, { ...base, kind: 'IMAGE' }, imageUrl);
  }

  async function imageContainer(account: string, fields: ContainerFields, imageUrl: string): Promise<SandboxResponse> {
    const image = await fetchImage(imageUrl);
    if ('status' in image) return image;
    const container = newContainer(account, { ...fields, media: [image] });
    return json(200, { id: container.id });
  }

  function permalink(media: PublishedMedia): string {
    if (media.productType === 'STORY') return `https://www.instagram.com/stories/${handle(media.account, 30)}/${media.id}/`;
    return `https://www.instagram.com/p/${media.shortcode}/`;
  }

  function mediaView(media: PublishedMedia, fields: string[]): Record<string, unknown> {
    const values: Record<string, unknown> = {
      id: media.id,
      caption: media.caption,
      media_type: media.mediaType,
      media_product_type: media.productType,
      permalink: permalink(media),
      shortcode: media.shortcode,
      timestamp: new Date(media.timestamp).toISOString().replace(/\.\d+Z$/, '+0000'),
      username: handle(media.account, 30),
      media_url: `https://scontent.cdninstagram.com/v/${media.shortcode}`,
      is_shared_to_feed: media.shareToFeed,
      owner: { id: instagramUserId(media.account) },
    };
    return Object.fromEntries([...fields.filter((field) => field !== 'id'), 'id'].map((field) => [field, values[field]]));
  }

  async function readNode(request: SandboxRequest): Promise<SandboxResponse> {
    const params = await graphParameters(request);
    const access = owner(request, params, undefined, 'instagram_business_basic');
    if ('status' in access) return access;
    const id = request.params['id']!;
    const container = containers.get(id);
    if (container && container.account === access.account.name) {
      const fields = graphFields(graphError, params, containerFields, 'ShadowIGMediaBuilder');
      if (!Array.isArray(fields)) return fields;
      await advanceContainer(container, context.now(), isDownloadFailure, processingFailure);
      const values: Record<string, unknown> = {
        id: container.id,
        status_code: container.status,
        status: container.failure ? `Error: Media upload has failed with error code ${container.failure.subcode}` : statusText[container.status],
        copyright_check_status: { status: 'completed', matches_found: false },
      };
      return json(200, Object.fromEntries([...fields.filter((field) => field !== 'id'), 'id'].map((field) => [field, values[field]])));
    }
    const media = published.get(id);
    if (media && media.account === access.account.name) {
      const fields = graphFields(graphError, params, mediaFields, 'IGMedia');
      if (!Array.isArray(fields)) return fields;
      return json(200, mediaView(media, fields));
    }
    return noSuchObject(id);
  }

  async function publish(request: SandboxRequest): Promise<SandboxResponse> {
    const params = await graphParameters(request);
    const access = owner(request, params, request.params['ig'], 'instagram_business_content_publish');
    if ('status' in access) return access;
    const account = access.account.name;
    const creationId = params.get('creation_id');
    if (!creationId) return invalidParameter('The parameter creation_id is required.');
    const container = containers.get(creationId);
    if (!container || container.account !== account) return noSuchObject(creationId);
    if (container.isCarouselItem) return invalidParameter('A carousel item cannot be published on its own; publish its CAROUSEL container.');
    if (container.status === 'PUBLISHED') {
      return invalidParameter(`The media container ${creationId} has already been published as ${container.mediaId!}.`);
    }
    if (container.status !== 'ERROR' && container.expiresAt <= context.now()) container.status = 'EXPIRED';
    if (container.status === 'EXPIRED') return graphError(-2, 'The media has expired. Create a new container.', 2207020, { is_transient: false });
    if (container.status !== 'FINISHED') {
      return graphError(9007, 'Media ID is not available', 2207027, {
        is_transient: false,
        error_user_title: 'Media not ready for publishing',
        error_user_msg: 'The media is not ready for publishing, please wait for a moment',
      });
    }
    const now = context.now();
    const quotaKey = `publish/${account}`;
    if (context.events.since(quotaKey, now - QUOTA_WINDOW_MS + 1).length >= context.limit('publishesPer24h')) {
      return graphError(9, 'Application request limit reached', 2207042, {
        is_transient: false,
        error_user_title: 'Cannot publish post',
        error_user_msg: 'The account has reached its limit of posts published through the API in 24 hours.',
      });
    }
    context.events.record(quotaKey, now);

    const media: PublishedMedia = {
      id: `18${randomDigits(15)}`,
      account,
      shortcode: randomText(11),
      caption: container.caption,
      mediaType: container.kind === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : container.kind === 'IMAGE' || container.media[0]?.contentType.startsWith('image/') ? 'IMAGE' : 'VIDEO',
      productType: container.kind === 'REELS' ? 'REELS' : container.kind === 'STORIES' ? 'STORY' : 'FEED',
      timestamp: now,
      shareToFeed: container.shareToFeed,
      ...(container.trialGraduation ? { trialGraduation: container.trialGraduation } : {}),
    };
    published.set(media.id, media);
    container.status = 'PUBLISHED';
    container.mediaId = media.id;
    context.feed.add({
      platform: 'instagram',
      account,
      id: media.id,
      url: permalink(media),
      text: container.caption,
      media: container.media,
      // A Reel: whether it was shared to the feed too (share_to_feed), as the media's is_shared_to_feed reads,
      // and a trial Reel's graduation_strategy; a story: that it is one (it has no caption).
      ...(container.kind === 'REELS'
        ? { settings: { productType: 'REELS', shareToFeed: container.shareToFeed, ...(container.trialGraduation ? { trialGraduation: container.trialGraduation } : {}) } }
        : {}),
      ...(container.kind === 'STORIES' ? { settings: { productType: 'STORY' } } : {}),
      createdAt: now,
    });
    return json(200, { id: media.id });
  }

  async function publishingLimit(request: SandboxRequest): Promise<SandboxResponse> {
    const params = await graphParameters(request);
    const access = owner(request, params, request.params['ig'], 'instagram_business_basic');
    if ('status' in access) return access;
    const fields = (params.get('fields') ?? 'quota_usage').split(',').map((field) => field.trim());
    const unknown = fields.find((field) => field !== 'quota_usage' && field !== 'config');
    if (unknown) return graphError(100, `(#100) Tried accessing nonexisting field (${unknown}) on node type (ContentPublishingLimit)`);
    const now = context.now();
    const since = Number(params.get('since') ?? Number.NaN) * 1000;
    const from = Math.max(now - QUOTA_WINDOW_MS + 1, Number.isFinite(since) ? since : 0);
    const usage = context.events.since(`publish/${access.account.name}`, from).length;
    return json(200, {
      data: [
        {
          ...(fields.includes('quota_usage') ? { quota_usage: usage } : {}),
          ...(fields.includes('config') ? { config: { quota_total: context.limit('publishesPer24h'), quota_duration: QUOTA_WINDOW_MS / 1000 } } : {}),
        },
      ],
    });
  }

  async function listMedia(request: SandboxRequest): Promise<SandboxResponse> {
    const params = await graphParameters(request);
    const access = owner(request, params, request.params['ig'], 'instagram_business_basic');
    if ('status' in access) return access;
    const fields = graphFields(graphError, params, mediaFields, 'IGMedia');
    if (!Array.isArray(fields)) return fields;
    const limit = Math.min(100, Math.max(1, Number(params.get('limit') ?? 25) || 25));
    const items = [...published.values()]
      .filter((media) => media.account === access.account.name && media.productType !== 'STORY')
      .reverse()
      .slice(0, limit)
      .map((media) => mediaView(media, fields));
    return json(200, { data: items, paging: { cursors: { before: 'QVFI', after: 'QVFI' } } });
  }

  /** The account's stories of the last 24 hours, newest first (GET /{ig}/stories; story media are not in /media). */
  async function listStories(request: SandboxRequest): Promise<SandboxResponse> {
    const params = await graphParameters(request);
    const access = owner(request, params, request.params['ig'], 'instagram_business_basic');
    if ('status' in access) return access;
    const fields = graphFields(graphError, params, mediaFields, 'IGMedia');
    if (!Array.isArray(fields)) return fields;
    const limit = Math.min(100, Math.max(1, Number(params.get('limit') ?? 25) || 25));
    const since = context.now() - STORY_MS;
    const items = [...published.values()]
      .filter((media) => media.account === access.account.name && media.productType === 'STORY' && media.timestamp > since)
      .reverse()
      .slice(0, limit)
      .map((media) => mediaView(media, fields));
    return json(200, { data: items, paging: { cursors: { before: 'QVFI', after: 'QVFI' } } });
  }

  /** The published media of the token's own account a comments call names, with the comments permission; or the refusal. */
  async function commentedMedia(request: SandboxRequest) {
    const params = await graphParameters(request);
    const access = owner(request, params, undefined, 'instagram_business_manage_comments');
    if ('status' in access) return access;
    const mediaId = request.params['media']!;
    const media = published.get(mediaId);
    if (!media || media.account !== access.account.name) return noSuchObject(mediaId);
    if (media.productType === 'STORY') return invalidParameter('Comments are not supported for story media.');
    return { params, access, mediaId, media };
  }

  /**
   * A comment on a published media of the token's own account (the Instagram Login API comments
   * only as the app user, on their media). Meta documents no length of its own for a comment's
   * message; the sandbox holds it to the caption's rules (2,200 characters, 30 hashtags, 20
   * @-mentions), as OneClick does.
   */
  async function createComment(request: SandboxRequest): Promise<SandboxResponse> {
    const found = await commentedMedia(request);
    if ('status' in found) return found;
    const { params, access, mediaId, media } = found;
    const message = params.get('message') ?? '';
    if (!message.trim()) return invalidParameter('The parameter message is required.');
    const { hashtags, mentions } = countTags(message);
    if ([...message].length > 2200 || hashtags > 30 || mentions > 20) {
      return invalidParameter('The comment is too long or has too many hashtags or @-mentions (at most 2200 characters, 30 hashtags and 20 @-mentions).');
    }
    const now = context.now();
    const comment = { mediaId, id: `17${randomDigits(15)}`, account: access.account.name, text: message, timestamp: now };
    comments.push(comment);
    context.feed.add({ platform: 'instagram', account: comment.account, id: comment.id, url: permalink(media), text: message, media: [], createdAt: now, replyTo: mediaId });
    return json(200, { id: comment.id });
  }

  async function listComments(request: SandboxRequest): Promise<SandboxResponse> {
    const found = await commentedMedia(request);
    if ('status' in found) return found;
    const { params, mediaId } = found;
    const fields = graphFields(graphError, params, commentFields, 'IGComment');
    if (!Array.isArray(fields)) return fields;
    const data = comments
      .filter((comment) => comment.mediaId === mediaId)
      .reverse()
      .map((comment) => {
        const values: Record<string, unknown> = {
          id: comment.id,
          text: comment.text,
          username: handle(comment.account, 30),
          from: { id: instagramUserId(comment.account), username: handle(comment.account, 30) },
          timestamp: new Date(comment.timestamp).toISOString().replace(/\.\d+Z$/, '+0000'),
          like_count: 0,
          hidden: false,
        };
        return Object.fromEntries([...fields.filter((field) => field !== 'id'), 'id'].map((field) => [field, values[field]]));
      });
    return json(200, { data, paging: { cursors: { before: 'QVFI', after: 'QVFI' } } });
  }

  return {
    limits,
    routes: [
      { method: 'POST', hostKey: 'graph', path: '/{ig}/media', handle: createContainer },
      { method: 'POST', hostKey: 'graph', path: '/{ig}/media_publish', handle: publish },
      { method: 'GET', hostKey: 'graph', path: '/{ig}/content_publishing_limit', handle: publishingLimit },
      { method: 'GET', hostKey: 'graph', path: '/{ig}/media', handle: listMedia },
      { method: 'GET', hostKey: 'graph', path: '/{ig}/stories', handle: listStories },
      { method: 'POST', hostKey: 'graph', path: '/{media}/comments', handle: createComment },
      { method: 'GET', hostKey: 'graph', path: '/{media}/comments', handle: listComments },
      { method: 'GET', hostKey: 'graph', path: '/{id}', handle: readNode },
    ],
    reset() {
      containers = new Map();
      published = new Map();
      comments = [];
    },
  };
}
