import type { FeedMedia } from '../feed';
import { simulatedMetrics } from '../engagement';
import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import type { LimitDefinitions } from '../limits';
import { HOUR_MS, overLimit } from '../metrics';
import { randomDigits, type AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';
import { fetchMedia, sniffImage } from '../remoteMedia';
import { graphAccess, graphError, parameters } from './api';
import { lifetimeInsights, requestedMetrics } from '../metaGraph';
import { facebookPageId } from './identity';
import { facebookVideos } from './videos';
import { facebookReels, reelLimits } from './reels';

/**
 * Posting on a Page as the Page, with its Page token (Pages API; docs/platforms/facebook.md):
 *
 *   POST /{page-id}/photos        url (fetched), published=false → {id}: an unpublished photo for a
 *                                 post (published=true, or absent: a photo post at once → {id, post_id})
 *   POST /{page-id}/feed          message, link, attached_media[n]={"media_fbid":…} → {id: <page>_<post>}
 *   GET  /{page-id}/feed          the Page's posts, newest first (id, message, created_time, permalink_url)
 *   GET  /{post-id}?fields=…      id, message, created_time, permalink_url, shares, comments.summary(true)
 *   POST /{post-id}/comments      message (pages_manage_engagement) → {id}: a comment as the Page
 *   GET  /{post-id}/comments      the post's comments, newest first with order=reverse_chronological
 *   GET  /{post-id}/insights      metric=post_media_view,post_reactions_by_type_total,… (read_insights)
 *   videos on graph-video: videos.ts; Reels (video_reels, rupload): reels.ts (GET /{video-id} answers here for both)
 *
 * Only the token's own Page can be posted to (code 200 otherwise). Unpublished photos can be
 * attached once. Photos: JPEG, PNG or GIF of at most 4 MB (error 324 otherwise).
 */

const MIB = 1024 * 1024;
const MAX_PHOTO_BYTES = 4 * MIB;
const FETCH_TIMEOUT_MS = 60_000;
const SITE = 'https://www.facebook.com';
/** A Facebook Page post's typical views: the ceiling of its simulated engagement. */
const typicalViews = 1500;

const limits: LimitDefinitions = {
  pageCallsPerHour: { default: 4800, description: "Graph calls per Page per rolling hour (the Pages business-use-case limit) → 400 code 32 with X-Business-Use-Case-Usage" },
};

const knownMetrics = ['post_media_view', 'post_total_media_view_unique', 'post_reactions_by_type_total', 'post_clicks', 'post_video_views'];
const reactionShares = { like: 0.72, love: 0.16, wow: 0.04, haha: 0.05, sorry: 0.02, anger: 0.01 };

interface Photo {
  id: string;
  page: string;
  media: FeedMedia;
  attachedTo?: string;
}

interface Comment {
  id: string;
  postId: string;
  page: string;
  message: string;
  createdAt: number;
}

type Granted = Extract<AccessCheck, { token: unknown }>;

const time = (epochMs: number) => new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, '+0000');

export function facebookPublishing(context: PlatformContext): { routes: Route[]; limits: LimitDefinitions; reset(): void } {
  let photos = new Map<string, Photo>();
  let comments: Comment[] = [];

  const noSuchObject = (id: string) =>
    graphError(100, `Unsupported request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`, 33);
  const needs = (permission: string) => graphError(200, `(#200) The permission(s) ${permission} are not available or have not been granted.`);

  /** The caller's Page token, for this Page (the path's id) when one is named; counted against the Page's hourly calls. */
  async function pageAccess(request: SandboxRequest, pageId?: string): Promise<Granted | SandboxResponse> {
    const granted = await graphAccess(context, request);
    if ('status' in granted) return granted;
    if (!granted.page) return graphError(210, '(#210) A page access token is required to request this resource.');
    if (pageId !== undefined && facebookPageId(granted.account.name) !== pageId) return graphError(200, '(#200) The user does not have permission to post on this Page.');
    const limit = overLimit(context, `page/${granted.account.name}`, HOUR_MS, 'pageCallsPerHour');
    if (limit.over) {
      const minutes = Math.max(1, Math.ceil((limit.resetAt - context.now()) / 60_000));
      const usage = { [facebookPageId(granted.account.name)]: [{ type: 'pages', call_count: 100, total_cputime: 10, total_time: 10, estimated_time_to_regain_access: minutes }] };
      const refused = graphError(32, 'Page request limit reached');
      return { ...refused, headers: { ...refused.headers, 'x-business-use-case-usage': JSON.stringify(usage) } };
    }
    return granted;
  }

  /** The Page's own post with this id (`<page-id>_<n>`), or its comment. */
  const postOf = (page: string, id: string) => context.feed.list('facebook', page).find((entry) => entry.id === id && entry.replyTo === undefined);

  async function uploadPhoto(request: SandboxRequest): Promise<SandboxResponse> {
    const pageId = request.params['page']!;
    const access = await pageAccess(request, pageId);
    if ('status' in access) return access;
    if (!access.token.scopes.includes('pages_manage_posts')) return needs('pages_manage_posts');
    const params = await parameters(request);
    const url = params.get('url');
    if (!url) return graphError(324, '(#324) Requires upload file', 2069019);
    const fetched = await fetchMedia(context.media, url, { maxBytes: MAX_PHOTO_BYTES, timeoutMs: FETCH_TIMEOUT_MS });
    if (!fetched.ok) {
      if (fetched.failure === 'too_large') return graphError(324, '(#324) Photo file is too large: at most 4 MB', 2069019);
      return graphError(324, `(#324) Missing or invalid image file (${fetched.detail})`, 2069019);
    }
    const format = sniffImage(fetched.head);
    if (format !== 'jpeg' && format !== 'png' && format !== 'gif') {
      await context.media.remove(fetched.blobId);
      return graphError(324, '(#324) Missing or invalid image file: only JPEG, PNG and GIF photos are accepted', 2069019);
    }
    const photo: Photo = { id: randomDigits(16), page: access.account.name, media: { contentType: `image/${format}`, size: fetched.size, blobId: fetched.blobId } };
    photos.set(photo.id, photo);
    if (params.get('published') === 'false') return json(200, { id: photo.id });
    const postId = createPost(access.account.name, params.get('message') ?? params.get('caption') ?? '', [photo]);
    return json(200, { id: photo.id, post_id: postId });
  }

  function createPost(page: string, message: string, attached: Photo[], link?: string): string {
    const pageId = facebookPageId(page);
    const number = randomDigits(16);
    const id = `${pageId}_${number}`;
    for (const photo of attached) photo.attachedTo = id;
    context.feed.add({
      platform: 'facebook',
      account: page,
      id,
      url: `${SITE}/${pageId}/posts/${number}`,
      text: message,
      media: attached.map((photo) => photo.media),
      createdAt: context.now(),
      ...(link ? { settings: { link } } : {}),
    });
    return id;
  }

  async function publishPost(request: SandboxRequest): Promise<SandboxResponse> {
    const pageId = request.params['page']!;
    const access = await pageAccess(request, pageId);
    if ('status' in access) return access;
    if (!access.token.scopes.includes('pages_manage_posts')) return needs('pages_manage_posts');
    const params = await parameters(request);
    const message = params.get('message') ?? '';
    const link = params.get('link') ?? undefined;
    const attached: Photo[] = [];
    for (let index = 0; params.has(`attached_media[${index}]`); index++) {
      let fbid: unknown;
      try {
        fbid = (JSON.parse(params.get(`attached_media[${index}]`)!) as { media_fbid?: unknown }).media_fbid;
      } catch {
        return graphError(100, `(#100) param attached_media[${index}] must be a JSON object with media_fbid`);
      }
      const photo = photos.get(String(fbid));
      if (!photo || photo.page !== access.account.name) return graphError(100, `(#100) Invalid media_fbid ${String(fbid)}`);
      if (photo.attachedTo) return graphError(100, `(#100) The photo ${photo.id} is already attached to a post`);
      attached.push(photo);
    }
    if (!message && !link && attached.length === 0) return graphError(100, '(#100) A post needs a message, a link or attached media');
    if ([...message].length > 63_206) return graphError(100, '(#100) The message is too long');
    if (attached.length > 0 && link) return graphError(100, '(#100) A post cannot carry both a link and attached media');
    if (attached.length > 10) return graphError(100, '(#100) At most 10 photos can be attached to a post');
    const latest = context.feed.list('facebook', access.account.name).find((entry) => entry.replyTo === undefined);
    if (latest && latest.text === message && message && context.now() - latest.createdAt < 60_000) return graphError(506, '(#506) Duplicate status message');
    return json(200, { id: createPost(access.account.name, message, attached, link) });
  }

  function postFields(id: string, page: string, fields: string[]): Record<string, unknown> {
    const entry = postOf(page, id)!;
    const metrics = simulatedMetrics(entry, context.now(), typicalViews);
    const ours = comments.filter((comment) => comment.postId === id).length;
    const values: Record<string, unknown> = {
      id,
      message: entry.text,
      created_time: time(entry.createdAt),
      permalink_url: entry.url,
      ...(metrics.shares > 0 ? { shares: { count: metrics.shares } } : {}),
      comments: { data: [], summary: { order: 'ranked', total_count: metrics.comments + ours, can_comment: true } },
    };
    return Object.fromEntries(['id', ...fields].filter((field) => field in values).map((field) => [field, values[field]]));
  }

  /** Fields as asked (`comments.summary(true).limit(0)` answers the comments' summary). */
  const fieldNames = (request: SandboxRequest) =>
    (request.query.get('fields') ?? 'id,message,created_time').split(',').map((field) => field.trim().replace(/[.{].*$/, '')).filter(Boolean);

  async function pageFeed(request: SandboxRequest): Promise<SandboxResponse> {
    const access = await pageAccess(request, request.params['page']);
    if ('status' in access) return access;
    const limit = Math.min(Number(request.query.get('limit')) || 25, 100);
    const posts = context.feed.list('facebook', access.account.name).filter((entry) => entry.replyTo === undefined).slice(0, limit);
    const fields = fieldNames(request);
    return json(200, { data: posts.map((entry) => postFields(entry.id, access.account.name, fields)), paging: { cursors: { before: 'QVFI', after: 'QVFI' } } });
  }

  async function readPost(request: SandboxRequest): Promise<SandboxResponse> {
    const id = request.params['id']!;
    const access = await pageAccess(request);
    if ('status' in access) return access;
    const fields = fieldNames(request);
    // A video or reel is also a post once published: its status and the post's fields alike.
    const video = videos.read(id, access.account.name, fields) ?? reels.read(id, access.account.name, fields);
    const post = postOf(access.account.name, id) ? postFields(id, access.account.name, fields) : undefined;
    if (!video && !post) return noSuchObject(id);
    return json(200, { ...post, ...video });
  }

  async function comment(request: SandboxRequest): Promise<SandboxResponse> {
    const postId = request.params['id']!;
    const access = await pageAccess(request);
    if ('status' in access) return access;
    if (!postOf(access.account.name, postId)) return noSuchObject(postId);
    if (!access.token.scopes.includes('pages_manage_engagement')) return needs('pages_manage_engagement');
    const message = (await parameters(request)).get('message') ?? '';
    if (!message.trim()) return graphError(100, '(#100) Missing message');
    const created: Comment = { id: `${postId.split('_')[1]}_${randomDigits(16)}`, postId, page: access.account.name, message, createdAt: context.now() };
    comments.push(created);
    context.feed.add({ platform: 'facebook', account: access.account.name, id: created.id, url: `${SITE}/${postId.replace('_', '/posts/')}?comment_id=${created.id}`, text: message, media: [], createdAt: created.createdAt, replyTo: postId });
    return json(200, { id: created.id });
  }

  async function listComments(request: SandboxRequest): Promise<SandboxResponse> {
    const postId = request.params['id']!;
    const access = await pageAccess(request);
    if ('status' in access) return access;
    if (!postOf(access.account.name, postId)) return noSuchObject(postId);
    const ours = comments.filter((entry) => entry.postId === postId);
    const ordered = request.query.get('order') === 'reverse_chronological' ? [...ours].reverse() : ours;
    const pageId = facebookPageId(access.account.name);
    return json(200, {
      data: ordered.map((entry) => ({ id: entry.id, message: entry.message, created_time: time(entry.createdAt), from: { id: pageId, name: access.account.displayName } })),
      paging: { cursors: { before: 'QVFI', after: 'QVFI' } },
    });
  }

  async function insights(request: SandboxRequest): Promise<SandboxResponse> {
    const postId = request.params['id']!;
    const access = await pageAccess(request);
    if ('status' in access) return access;
    if (!access.token.scopes.includes('read_insights')) return needs('read_insights');
    const names = requestedMetrics(request);
    const unknown = names.find((name) => !knownMetrics.includes(name));
    if (names.length === 0 || unknown) return graphError(100, `(#100) The value must be a valid insights metric${unknown ? `: ${unknown}` : ''}`, 1504028);
    const entry = postOf(access.account.name, postId);
    if (!entry) return noSuchObject(postId);
    const metrics = simulatedMetrics(entry, context.now(), typicalViews);
    const reactions = Object.fromEntries(Object.entries(reactionShares).map(([name, share]) => [name, Math.floor(metrics.likes * share)]).filter(([, value]) => Number(value) > 0));
    const values: Record<string, unknown> = {
      post_media_view: metrics.views,
      post_total_media_view_unique: metrics.reach,
      post_reactions_by_type_total: reactions,
      post_clicks: Math.floor(metrics.views / 25),
      post_video_views: 0,
    };
    return lifetimeInsights(postId, names, values);
  }

  const videos = facebookVideos(context, pageAccess);
  const reels = facebookReels(context, pageAccess);
  return {
    routes: [
      ...videos.routes,
      ...reels.routes,
      { method: 'POST', hostKey: 'graph', path: '/{page}/photos', handle: uploadPhoto },
      { method: 'POST', hostKey: 'graph', path: '/{page}/feed', handle: publishPost },
      { method: 'GET', hostKey: 'graph', path: '/{page}/feed', handle: pageFeed },
      { method: 'POST', hostKey: 'graph', path: '/{id}/comments', handle: comment },
      { method: 'GET', hostKey: 'graph', path: '/{id}/comments', handle: listComments },
      { method: 'GET', hostKey: 'graph', path: '/{id}/insights', handle: insights },
      { method: 'GET', hostKey: 'graph', path: '/{id}', handle: readPost },
    ],
    limits: { ...limits, ...reelLimits },
    reset() {
      videos.reset();
      reels.reset();
      photos = new Map();
      comments = [];
    },
  };
}
