import type { FeedMedia } from '../feed';
import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { handle } from '../identity';
import { threadsUserId } from './identity';
import { graphAccess, graphError, tokenRefused } from './api';
import { advanceContainer, graphFields, graphParameters, type ProcessedContainer } from '../metaGraph';
import type { LimitDefinitions } from '../limits';
import { randomDigits, randomText, type AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';
import { progression } from '../processing';
import { fetchMedia, sniffImage } from '../remoteMedia';
import { emojiByteCount } from '../../../../shared/platforms/textCounting';

/**
 * Threads publishing on graph.threads.net (developers.facebook.com/docs/threads/posts; paths with
 * or without the /v1.0 prefix, parameters in the query, a form or a JSON body):
 *
 *   POST /{user}/threads                 a container: TEXT (text), IMAGE (image_url: JPEG or PNG,
 *                                        at most 8 MB, fetched at once), VIDEO (video_url, fetched
 *                                        while processing), carousel items (is_carousel_item) and
 *                                        CAROUSEL (2 to 20 FINISHED children); text ≤ 500 (an emoji
 *                                        counts its UTF-8 bytes), alt_text, reply_control, topic_tag
 *                                        (1–50, no . or &), reply_to_id (a reply, with threads_manage_replies)
 *   GET  /{container}?fields=status,error_message   IN_PROGRESS → FINISHED (or ERROR / EXPIRED), PUBLISHED once published
 *   POST /{user}/threads_publish?creation_id=…      the media id, only for a FINISHED container, once
 *   GET  /{user}/threads_publishing_limit           quota_usage, config, reply_quota_usage, reply_config (moving 24 h)
 *   GET  /{media}?fields=permalink,…                 the published post
 *   GET  /{user}/threads                             the account's posts, newest first (not replies)
 *   GET  /{user}/replies                             the account's replies, newest first (threads_read_replies)
 *
 * A text container is FINISHED at once; a media container after the processing plan's reads.
 * Containers expire 24 hours after creation. setProcessing: `fail` → ERROR with `reason` as the
 * error_message (default FAILED_PROCESSING_VIDEO); `expire` → EXPIRED after the reads.
 */

const MB = 1000 * 1000;
const MAX_IMAGE_BYTES = 8 * MB;
const MAX_VIDEO_BYTES = 1000 * MB;
const MAX_TEXT = 500;
const CONTAINER_MS = 24 * 60 * 60 * 1000;
const QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 60_000;
const DEFAULT_READS = 1;
const replyControls = ['everyone', 'accounts_you_follow', 'mentioned_only', 'parent_post_author_only', 'followers_only'];

const limits: LimitDefinitions = {
  postsPer24h: { default: 250, description: 'threads_publish of posts per profile per moving 24 h (quota_total) → 400 code 4' },
  repliesPer24h: { default: 1000, description: 'threads_publish of replies per profile per moving 24 h (reply_config.quota_total) → 400 code 4' },
};

type MediaType = 'TEXT' | 'IMAGE' | 'VIDEO' | 'CAROUSEL';

/** Why a container failed: the error_message its status read reports. */
interface Failure {
  errorMessage: string;
}

const isDownloadFailure = (downloaded: FeedMedia | Failure): downloaded is Failure => 'errorMessage' in downloaded;
const processingFailure = (reason: string | undefined): Failure => ({ errorMessage: reason ?? 'FAILED_PROCESSING_VIDEO' });

interface Container extends ProcessedContainer<FeedMedia, Failure> {
  id: string;
  account: string;
  mediaType: MediaType;
  text: string;
  isCarouselItem: boolean;
  children: string[];
  replyTo?: string;
  replyControl?: string;
  topicTag?: string;
  /** The alt text of its image or video (alt_text), or of each carousel item in order. */
  alts: string[];
  mediaId?: string;
}

interface PublishedThread {
  id: string;
  account: string;
  shortcode: string;
  text: string;
  mediaType: 'TEXT_POST' | 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  timestamp: number;
  replyTo?: string;
  /** The first post of the conversation (itself, for a post). */
  root: string;
  replyControl: string;
  topicTag?: string;
}

const containerFields = ['id', 'status', 'error_message'];
const mediaFields = ['id', 'media_product_type', 'media_type', 'permalink', 'owner', 'username', 'text', 'timestamp', 'shortcode', 'is_quote_post', 'is_reply', 'replied_to', 'root_post', 'reply_audience', 'topic_tag', 'has_replies'];

export function threadsPublishing(context: PlatformContext): { routes: Route[]; limits: LimitDefinitions; reset(): void } {
  let containers = new Map<string, Container>();
  let published = new Map<string, PublishedThread>();

  const noSuchObject = (id: string) =>
    graphError(100, `Unsupported request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 33);
  const invalidParameter = (message: string) => graphError(100, `(#100) ${message}`, undefined, { is_transient: false, error_user_msg: message });
  const noPermission = (scope: string) => graphError(10, `(#10) Application does not have permission for this action (${scope})`);

  type Granted = Extract<AccessCheck, { account: unknown }>;

  /** The token (and permission) check, and that `{user}` is the token's own account (or `me`). */
  function owner(request: SandboxRequest, params: URLSearchParams, userId: string | undefined, scopes: readonly string[]): Granted | SandboxResponse {
    const access = graphAccess(context, request, params.get('access_token'));
    if ('failure' in access) return tokenRefused(context, access);
    const missing = scopes.find((scope) => !access.token.scopes.includes(scope));
    if (missing) return noPermission(missing);
    if (userId !== undefined && userId !== 'me' && userId !== threadsUserId(access.account.name)) return noSuchObject(userId);
    return access;
  }

  function newContainer(account: string, fields: Omit<Container, 'id' | 'account' | 'status' | 'expiresAt'>, finished: boolean): Container {
    const container: Container = {
      ...fields,
      id: `17${randomDigits(15)}`,
      account,
      status: finished ? 'FINISHED' : 'IN_PROGRESS',
      ...(finished ? {} : { processing: progression(context.nextProcessing(DEFAULT_READS, account)) }),
      expiresAt: context.now() + CONTAINER_MS,
    };
    containers.set(container.id, container);
    return container;
  }

  async function fetchImage(url: string): Promise<FeedMedia | SandboxResponse> {
    const fetched = await fetchMedia(context.media, url, { maxBytes: MAX_IMAGE_BYTES, timeoutMs: FETCH_TIMEOUT_MS });
    if (!fetched.ok) {
      if (fetched.failure === 'too_large') return invalidParameter('The image is too large: it must be at most 8 MB.');
      if (fetched.failure === 'timeout') return graphError(2, 'Timeout while downloading the media.', undefined, { is_transient: true });
      return invalidParameter(`The image could not be downloaded from image_url (${fetched.detail}).`);
    }
    const format = sniffImage(fetched.head);
    if (format !== 'jpeg' && format !== 'png') {
      await context.media.remove(fetched.blobId);
      return invalidParameter('The image format is not supported: use JPEG or PNG.');
    }
    return { contentType: `image/${format}`, size: fetched.size, blobId: fetched.blobId };
  }

  async function fetchVideo(url: string): Promise<FeedMedia | Failure> {
    try {
      const fetched = await fetchMedia(context.media, url, { maxBytes: MAX_VIDEO_BYTES, timeoutMs: FETCH_TIMEOUT_MS });
      if (!fetched.ok) return { errorMessage: 'FAILED_DOWNLOADING_VIDEO' };
      return { contentType: fetched.contentType.startsWith('video/') ? fetched.contentType : 'video/mp4', size: fetched.size, blobId: fetched.blobId };
    } catch {
      return { errorMessage: 'FAILED_DOWNLOADING_VIDEO' };
    }
  }

  /** The post a reply answers, when the account may reply to it: its conversation's root is the account's own post. */
  function repliedTo(account: string, replyToId: string): PublishedThread | SandboxResponse {
    const parent = published.get(replyToId);
    if (!parent) return noSuchObject(replyToId);
    if (published.get(parent.root)?.account !== account) return graphError(10, '(#10) You can reply only in conversations under your own posts.');
    return parent;
  }

  async function createContainer(request: SandboxRequest): Promise<SandboxResponse> {
    const params = await graphParameters(request);
    const replyToId = params.get('reply_to_id') ?? undefined;
    const access = owner(request, params, request.params['user'], replyToId ? ['threads_basic', 'threads_content_publish', 'threads_manage_replies'] : ['threads_basic', 'threads_content_publish']);
    if ('status' in access) return access;
    const account = access.account.name;
    const mediaType = params.get('media_type') ?? '';
    const isCarouselItem = params.get('is_carousel_item') === 'true';
    const text = params.get('text') ?? '';
    if (emojiByteCount(text) > MAX_TEXT) return invalidParameter(`The text is too long: a post can have at most ${MAX_TEXT} characters.`);
    const replyControl = params.get('reply_control') ?? undefined;
    if (replyControl !== undefined && !replyControls.includes(replyControl)) return invalidParameter(`reply_control must be one of ${replyControls.join(', ')}.`);
    const topicTag = params.get('topic_tag') ?? undefined;
    if (topicTag !== undefined && ([...topicTag].length < 1 || [...topicTag].length > 50 || /[.&]/.test(topicTag))) {
      return invalidParameter('topic_tag must be 1 to 50 characters, without a period (.) or an ampersand (&).');
    }
    if ((params.get('alt_text') ?? '').length > 1000) return invalidParameter('alt_text can be at most 1000 characters.');
    if (replyToId) {
      const parent = repliedTo(account, replyToId);
      if ('status' in parent) return parent;
    }
    const altText = params.get('alt_text') ?? '';
    const base = {
      text,
      isCarouselItem,
      children: [] as string[],
      media: [] as FeedMedia[],
      alts: altText ? [altText] : ([] as string[]),
      ...(replyToId ? { replyTo: replyToId } : {}),
      ...(replyControl ? { replyControl } : {}),
      ...(topicTag ? { topicTag } : {}),
    };

    switch (mediaType) {
      case 'TEXT':
        if (isCarouselItem) return invalidParameter('A carousel item must be an IMAGE or a VIDEO.');
        if (!text.trim()) return invalidParameter('The parameter text is required for media_type TEXT.');
        return json(200, { id: newContainer(account, { ...base, mediaType: 'TEXT' }, true).id });
      case 'IMAGE': {
        const imageUrl = params.get('image_url');
        if (!imageUrl) return invalidParameter('The parameter image_url is required for media_type IMAGE.');
        const image = await fetchImage(imageUrl);
        if ('status' in image) return image;
        return json(200, { id: newContainer(account, { ...base, mediaType: 'IMAGE', media: [image] }, false).id });
      }
      case 'VIDEO': {
        const videoUrl = params.get('video_url');
        if (!videoUrl) return invalidParameter('The parameter video_url is required for media_type VIDEO.');
        const container = newContainer(account, { ...base, mediaType: 'VIDEO' }, false);
        container.download = fetchVideo(videoUrl);
        return json(200, { id: container.id });
      }
      case 'CAROUSEL': {
        const children = (params.get('children') ?? '').split(',').map((id) => id.trim()).filter(Boolean);
        if (children.length < 2 || children.length > 20) return invalidParameter('A carousel must have 2 to 20 children.');
        for (const childId of children) {
          const child = containers.get(childId);
          if (!child || child.account !== account || !child.isCarouselItem) return invalidParameter(`The carousel child ${childId} is not a carousel item of this account.`);
          if (child.status !== 'FINISHED') return invalidParameter(`The carousel child ${childId} is not FINISHED.`);
        }
        const media = children.flatMap((id) => containers.get(id)!.media);
        const alts = children.flatMap((id) => containers.get(id)!.alts);
        return json(200, { id: newContainer(account, { ...base, mediaType: 'CAROUSEL', children, media, alts }, false).id });
      }
      default:
        return invalidParameter('media_type must be one of TEXT, IMAGE, VIDEO or CAROUSEL.');
    }
  }

  const timestamp = (epochMs: number) => new Date(epochMs).toISOString().replace(/\.\d+Z$/, '+0000');
  const permalink = (thread: PublishedThread) => `https://www.threads.net/@${handle(thread.account, 30)}/post/${thread.shortcode}`;

  function threadView(thread: PublishedThread, fields: string[]): Record<string, unknown> {
    const values: Record<string, unknown> = {
      id: thread.id,
      media_product_type: 'THREADS',
      media_type: thread.mediaType,
      permalink: permalink(thread),
      owner: { id: threadsUserId(thread.account) },
      username: handle(thread.account, 30),
      text: thread.text,
      timestamp: timestamp(thread.timestamp),
      shortcode: thread.shortcode,
      is_quote_post: false,
      is_reply: thread.replyTo !== undefined,
      ...(thread.replyTo ? { replied_to: { id: thread.replyTo }, root_post: { id: thread.root } } : {}),
      reply_audience: (thread.replyControl || 'everyone').toUpperCase(),
      ...(thread.topicTag ? { topic_tag: thread.topicTag } : {}),
      has_replies: [...published.values()].some((other) => other.replyTo === thread.id),
    };
    return Object.fromEntries([...fields.filter((field) => field !== 'id'), 'id'].filter((field) => field in values).map((field) => [field, values[field]]));
  }

  async function readNode(request: SandboxRequest): Promise<SandboxResponse> {
    const params = await graphParameters(request);
    const access = owner(request, params, undefined, ['threads_basic']);
    if ('status' in access) return access;
    const id = request.params['id']!;
    const container = containers.get(id);
    if (container && container.account === access.account.name) {
      const fields = graphFields(graphError, params, containerFields, 'ThreadsMediaContainer');
      if (!Array.isArray(fields)) return fields;
      await advanceContainer(container, context.now(), isDownloadFailure, processingFailure);
      const values: Record<string, unknown> = { id: container.id, status: container.status, ...(container.failure?.errorMessage ? { error_message: container.failure.errorMessage } : {}) };
      return json(200, Object.fromEntries([...fields.filter((field) => field !== 'id'), 'id'].filter((field) => field in values).map((field) => [field, values[field]])));
    }
    const thread = published.get(id);
    if (thread && thread.account === access.account.name) {
      const fields = graphFields(graphError, params, mediaFields, 'ThreadsMedia');
      if (!Array.isArray(fields)) return fields;
      return json(200, threadView(thread, fields));
    }
    return noSuchObject(id);
  }

  function quota(account: string, kind: 'posts' | 'replies'): { used: number; total: number } {
    const now = context.now();
    return { used: context.events.since(`${kind}/${account}`, now - QUOTA_WINDOW_MS + 1).length, total: context.limit(kind === 'posts' ? 'postsPer24h' : 'repliesPer24h') };
  }

  async function publish(request: SandboxRequest): Promise<SandboxResponse> {
    const params = await graphParameters(request);
    const access = owner(request, params, request.params['user'], ['threads_basic', 'threads_content_publish']);
    if ('status' in access) return access;
    const account = access.account.name;
    const creationId = params.get('creation_id');
    if (!creationId) return invalidParameter('The parameter creation_id is required.');
    const container = containers.get(creationId);
    if (!container || container.account !== account) return noSuchObject(creationId);
    if (container.isCarouselItem) return invalidParameter('A carousel item cannot be published on its own; publish its CAROUSEL container.');
    if (container.status === 'PUBLISHED') return invalidParameter(`The media container ${creationId} has already been published as ${container.mediaId!}.`);
    if (container.status !== 'ERROR' && container.expiresAt <= context.now()) container.status = 'EXPIRED';
    if (container.status === 'EXPIRED') return invalidParameter('The media container has expired: it was not published within 24 hours.');
    if (container.status !== 'FINISHED') return graphError(24, 'The media is not ready to be published. Please wait a moment.', 4279009, { is_transient: true });
    const kind = container.replyTo ? 'replies' : 'posts';
    if (container.replyTo && !access.token.scopes.includes('threads_manage_replies')) return noPermission('threads_manage_replies');
    const { used, total } = quota(account, kind);
    if (used >= total) {
      return graphError(4, 'Application request limit reached', undefined, {
        is_transient: false,
        error_user_title: 'Cannot publish',
        error_user_msg: `The profile has reached its limit of ${total} ${kind} published through the API in 24 hours.`,
      });
    }
    const now = context.now();
    context.events.record(`${kind}/${account}`, now);
    const parent = container.replyTo ? published.get(container.replyTo) : undefined;
    const id = `18${randomDigits(15)}`;
    const thread: PublishedThread = {
      id,
      account,
      shortcode: randomText(11),
      text: container.text,
      mediaType: container.mediaType === 'TEXT' ? 'TEXT_POST' : container.mediaType === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : container.mediaType,
      timestamp: now,
      ...(container.replyTo ? { replyTo: container.replyTo } : {}),
      root: parent?.root ?? id,
      replyControl: container.replyControl ?? 'everyone',
      ...(container.topicTag ? { topicTag: container.topicTag } : {}),
    };
    published.set(id, thread);
    container.status = 'PUBLISHED';
    container.mediaId = id;
    const settings: Record<string, string | string[]> = {
      ...(container.replyControl ? { reply_control: container.replyControl } : {}),
      ...(container.topicTag ? { topic_tag: container.topicTag } : {}),
      ...(container.alts.length ? { alts: container.alts } : {}),
    };
    context.feed.add({
      platform: 'threads',
      account,
      id,
      url: permalink(thread),
      text: container.text,
      media: container.media,
      ...(Object.keys(settings).length ? { settings } : {}),
      ...(container.replyTo ? { replyTo: container.replyTo } : {}),
      createdAt: now,
    });
    return json(200, { id });
  }

  async function publishingLimit(request: SandboxRequest): Promise<SandboxResponse> {
    const params = await graphParameters(request);
    const access = owner(request, params, request.params['user'], ['threads_basic', 'threads_content_publish']);
    if ('status' in access) return access;
    const known = ['quota_usage', 'config', 'reply_quota_usage', 'reply_config'];
    const fields = (params.get('fields') ?? 'quota_usage').split(',').map((field) => field.trim()).filter(Boolean);
    const unknown = fields.find((field) => !known.includes(field));
    if (unknown) return graphError(100, `(#100) Tried accessing nonexisting field (${unknown}) on node type (ThreadsPublishingLimit)`);
    if (fields.some((field) => field.startsWith('reply_')) && !access.token.scopes.includes('threads_manage_replies')) return noPermission('threads_manage_replies');
    const posts = quota(access.account.name, 'posts');
    const replies = quota(access.account.name, 'replies');
    const duration = QUOTA_WINDOW_MS / 1000;
    const values: Record<string, unknown> = {
      quota_usage: posts.used,
      config: { quota_total: posts.total, quota_duration: duration },
      reply_quota_usage: replies.used,
      reply_config: { quota_total: replies.total, quota_duration: duration },
    };
    return json(200, { data: [Object.fromEntries(fields.map((field) => [field, values[field]]))] });
  }

  function listOf(edge: 'threads' | 'replies') {
    return async (request: SandboxRequest): Promise<SandboxResponse> => {
      const params = await graphParameters(request);
      const access = owner(request, params, request.params['user'], edge === 'replies' ? ['threads_basic', 'threads_read_replies'] : ['threads_basic']);
      if ('status' in access) return access;
      const fields = graphFields(graphError, params, mediaFields, 'ThreadsMedia');
      if (!Array.isArray(fields)) return fields;
      const limit = Math.min(100, Math.max(1, Number(params.get('limit') ?? 25) || 25));
      const data = [...published.values()]
        .filter((thread) => thread.account === access.account.name && (edge === 'replies') === (thread.replyTo !== undefined))
        .reverse()
        .slice(0, limit)
        .map((thread) => threadView(thread, fields));
      return json(200, { data, paging: { cursors: { before: 'QVFI', after: 'QVFI' } } });
    };
  }

  return {
    limits,
    routes: [
      { method: 'POST', hostKey: 'graph', path: '/{user}/threads', handle: createContainer },
      { method: 'POST', hostKey: 'graph', path: '/{user}/threads_publish', handle: publish },
      { method: 'GET', hostKey: 'graph', path: '/{user}/threads_publishing_limit', handle: publishingLimit },
      { method: 'GET', hostKey: 'graph', path: '/{user}/threads', handle: listOf('threads') },
      { method: 'GET', hostKey: 'graph', path: '/{user}/replies', handle: listOf('replies') },
      { method: 'GET', hostKey: 'graph', path: '/{id}', handle: readNode },
    ],
    reset() {
      containers = new Map();
      published = new Map();
    },
  };
}
