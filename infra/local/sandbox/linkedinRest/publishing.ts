import type { FeedMedia } from '../feed';
import { bearerToken, header, isRecord, json, readJson, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { utcDayStart, type LimitDefinitions } from '../limits';
import { accessTokenError, serviceError } from './api';
import { checkAccessToken, randomDigits, randomText, type AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';
import { progression, type Progression } from '../processing';
import { contentLength, receiveBody } from '../uploads';

/**
 * LinkedIn's Images, Videos, Documents and Posts APIs on api.linkedin.com/rest (platform-apis.md §5),
 * shared by LinkedIn's two sandboxes (the member's and the organizations'): each says who a token
 * may act as (`LinkedinAuthorship`), and the assets, posts and comments are that author's.
 * Every /rest/* call needs `LinkedIn-Version: YYYYMM` (active: the current month of the sandbox
 * clock and the 12 before it; anything else → 426 NONEXISTENT_VERSION) and
 * `X-Restli-Protocol-Version: 2.0.0`.
 *
 *   POST /rest/images?action=initializeUpload     → {value:{uploadUrl, image, uploadUrlExpiresAt}}; PUT the whole file there
 *   POST /rest/videos?action=initializeUpload     → uploadInstructions, one uploadUrl per 4 MiB part; each PUT answers an ETag
 *   POST /rest/videos?action=finalizeUpload       uploadedPartIds = the ETags in part order
 *   POST /rest/documents?action=initializeUpload  → {value:{uploadUrl, document, uploadUrlExpiresAt}}; PUT the whole PDF there
 *                                                 (a PDF of at most 100 MB: its bytes start with %PDF-)
 *   GET  /rest/videos/{urn}, /rest/images/{urn}, /rest/documents/{urn}
 *                                                 WAITING_UPLOAD → PROCESSING → AVAILABLE (or PROCESSING_FAILED)
 *   POST /rest/posts                              201, empty body, x-restli-id: urn:li:share:…; a document goes as
 *                                                 content.media {id, title} (the title is required)
 *   GET  /rest/posts/{urn}                        the post, to reconcile
 *
 * Upload URLs live on www.linkedin.com/dms-uploads (signed, no Authorization needed; one that
 * is sent must be valid) and expire after 24 h. Images are AVAILABLE once uploaded; a document is
 * PROCESSING once uploaded and advances with status reads. setProcessing applies to the next video
 * or document: `fail` → PROCESSING_FAILED (a video's processingFailureReason = reason); `expire` →
 * its upload URLs are expired at once. Daily
 * limits reset at 00:00 UTC and answer 429 without rate-limit headers.
 */

const MIB = 1024 * 1024;
const PART_BYTES = 4 * MIB;
const MAX_VIDEO_BYTES = 500 * MIB;
const MAX_IMAGE_BYTES = 36 * MIB;
/** Documents API: "The file size cannot exceed 100MB and 300 pages." */
const MAX_DOCUMENT_BYTES = 100 * 1000 * 1000;
const UPLOAD_URL_MS = 24 * 60 * 60 * 1000;
const ACTIVE_VERSION_MONTHS = 12;
const DEFAULT_READS = 1;

const limits: LimitDefinitions = {
  postsPerDay: { default: 150, description: 'POST /rest/posts per member per UTC day → 429 without headers' },
  requestsPerDay: { default: 100_000, description: '/rest/* calls per application per UTC day → 429 without headers' },
};

type AssetKind = 'image' | 'video' | 'document';
type AssetStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';

interface Asset {
  urn: string;
  assetId: string;
  kind: AssetKind;
  owner: string;
  account: string;
  signature: string;
  size: number | undefined;
  blobId: string;
  contentType: string;
  /** Per part (videos): the ETag of its last upload. */
  parts: Array<{ firstByte: number; lastByte: number; etag?: string }>;
  uploadToken: string;
  uploadExpiresAt: number;
  status: AssetStatus;
  finalizedWith?: string[];
  /** In a post: its bytes are what the feed shows, so they no longer change. */
  used?: boolean;
  processing?: Progression;
  failureReason?: string;
}

interface Post {
  urn: string;
  account: string;
  body: Record<string, unknown>;
  createdAt: number;
}

const monthIndex = (year: number, month: number) => year * 12 + (month - 1);

export type LinkedinGrant = Extract<AccessCheck, { account: unknown }>;

/** Who a token may post, upload and comment as, in one LinkedIn sandbox. */
export interface LinkedinAuthorship {
  /** The permission every /rest/* call of this app needs (w_member_social, w_organization_social). */
  writeScope: string;
  /** The permission reading the author's posts and a post's comments needs (r_member_social, r_organization_social). */
  readScope: string;
  /** The authors this token may act as: each one's URN and the sandbox account whose feed holds its posts. */
  actsAs(granted: LinkedinGrant): Array<{ urn: string; account: string }>;
}

export function linkedinPublishing(context: PlatformContext, authorship: LinkedinAuthorship): { routes: Route[]; limits: LimitDefinitions; reset(): void } {
  let assets = new Map<string, Asset>();
  let posts = new Map<string, Post>();
  /** Comments as the Comments API answers them, oldest first. */
  let comments: Array<{ postUrn: string; account: string; view: Record<string, unknown> }> = [];

  const badRequest = (message: string) => json(400, { status: 400, code: 'BAD_REQUEST', message });
  const unprocessable = (message: string) => json(422, { status: 422, code: 'UNPROCESSABLE_ENTITY', message });
  const throttled = (message: string): SandboxResponse => ({ status: 429, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 429, message }) });
  const notFound = (message: string) => json(404, { status: 404, code: 'NOT_FOUND', message });

  type Granted = LinkedinGrant & { version: string };

  /** The checks every /rest/* call passes: version headers, token, scope, the application's daily limit. */
  function gate(request: SandboxRequest): Granted | SandboxResponse {
    const version = header(request, 'linkedin-version');
    if (!version) return serviceError(400, 0, 'VERSION_MISSING', 'A version must be present. Please specify a version by adding the LinkedIn-Version header.');
    const match = /^(\d{4})(\d{2})(?:\.\d{2})?$/.exec(version);
    const now = new Date(context.now());
    const age = match ? monthIndex(now.getUTCFullYear(), now.getUTCMonth() + 1) - monthIndex(Number(match[1]), Number(match[2])) : -1;
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 12 || age < 0 || age > ACTIVE_VERSION_MONTHS) {
      return json(426, { status: 426, code: 'NONEXISTENT_VERSION', message: `Requested version ${match ? `${match[1]}${match[2]}01` : version} is not active` });
    }
    if (header(request, 'x-restli-protocol-version') !== '2.0.0') {
      return serviceError(400, 0, 'ILLEGAL_ARGUMENT', 'X-Restli-Protocol-Version must be 2.0.0 for this resource.');
    }
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return accessTokenError(access.failure);
    if (!access.token.scopes.includes(authorship.writeScope)) {
      return serviceError(403, 100, 'ACCESS_DENIED', `Not enough permissions to access: ${request.path.split('/')[2] ?? 'rest'}.${request.method}.${version}`);
    }
    const at = context.now();
    if (context.events.since('requests', utcDayStart(at)).length >= context.limit('requestsPerDay')) {
      return throttled('Resource level throttle APPLICATION DAY limit for calls to this resource is reached.');
    }
    context.events.record('requests', at);
    return { ...access, version };
  }

  /** The sandbox account of the author this URN names, when the token may act as it. */
  const authorAccount = (granted: LinkedinGrant, urn: unknown) => authorship.actsAs(granted).find((author) => author.urn === urn)?.account;
  /** Whether the token may act as the author whose account this is. */
  const mayActFor = (granted: LinkedinGrant, account: string) => authorship.actsAs(granted).some((author) => author.account === account);

  async function body(request: SandboxRequest): Promise<Record<string, unknown> | undefined> {
    const parsed = await readJson(request);
    return isRecord(parsed) ? parsed : undefined;
  }

  function uploadUrl(asset: Asset, part: number): string {
    const url = new URL(`${context.hostUrl('www')}/dms-uploads/sp/${asset.assetId}/${part}`);
    url.searchParams.set('ca', asset.kind === 'video' ? 'vector_ads' : 'vector_feedshare');
    url.searchParams.set('cn', 'uploads');
    url.searchParams.set('m', asset.signature);
    return url.toString();
  }

  async function newAsset(kind: AssetKind, owner: { urn: string; account: string }, size: number | undefined): Promise<Asset> {
    const account = owner.account;
    const assetId = `${{ image: 'D4E10AQ', video: 'D5605AQ', document: 'D4D10AQ' }[kind]}${randomText(12)}`;
    const plan = kind === 'image' ? undefined : context.nextProcessing(DEFAULT_READS, account);
    const parts = size === undefined ? [] : Array.from({ length: Math.max(1, Math.ceil(size / PART_BYTES)) }, (_unused, index) => ({ firstByte: index * PART_BYTES, lastByte: Math.min(size, (index + 1) * PART_BYTES) - 1 }));
    const asset: Asset = {
      urn: `urn:li:${kind}:${assetId}`,
      assetId,
      kind,
      owner: owner.urn,
      account,
      signature: randomText(40),
      size,
      blobId: await context.media.create(),
      contentType: { image: 'image/jpeg', video: 'video/mp4', document: 'application/pdf' }[kind],
      parts,
      uploadToken: kind === 'video' ? randomText(24) : '',
      uploadExpiresAt: plan?.outcome === 'expire' ? context.now() : context.now() + UPLOAD_URL_MS,
      status: 'WAITING_UPLOAD',
      ...(plan ? { processing: progression(plan) } : {}),
    };
    assets.set(asset.urn, asset);
    return asset;
  }

  /** The initializeUploadRequest's owner must be an author the token may act as. */
  function ownerOf(request: Record<string, unknown> | undefined, granted: Granted): { urn: string; account: string } | SandboxResponse {
    const init = request?.['initializeUploadRequest'];
    if (!isRecord(init)) return badRequest('initializeUploadRequest is required.');
    if (typeof init['owner'] !== 'string') return unprocessable('/initializeUploadRequest/owner :: field is required');
    const account = authorAccount(granted, init['owner']);
    if (account === undefined) {
      return serviceError(403, 100, 'ACCESS_DENIED', `Not enough permissions to upload on behalf of ${init['owner']}.`);
    }
    return { urn: init['owner'], account };
  }

  async function images(request: SandboxRequest): Promise<SandboxResponse> {
    const granted = gate(request);
    if ('status' in granted) return granted;
    if (request.query.get('action') !== 'initializeUpload') return badRequest(`Unknown action ${request.query.get('action') ?? ''}.`);
    const owner = ownerOf(await body(request), granted);
    if ('status' in owner) return owner;
    const asset = await newAsset('image', owner, undefined);
    return json(200, { value: { uploadUrlExpiresAt: asset.uploadExpiresAt, uploadUrl: uploadUrl(asset, 0), image: asset.urn } });
  }

  /** Documents API: initializeUpload for the member; the whole file is PUT to the upload URL. */
  async function documents(request: SandboxRequest): Promise<SandboxResponse> {
    const granted = gate(request);
    if ('status' in granted) return granted;
    if (request.query.get('action') !== 'initializeUpload') return badRequest(`Unknown action ${request.query.get('action') ?? ''}.`);
    const owner = ownerOf(await body(request), granted);
    if ('status' in owner) return owner;
    const asset = await newAsset('document', owner, undefined);
    return json(200, { value: { uploadUrlExpiresAt: asset.uploadExpiresAt, uploadUrl: uploadUrl(asset, 0), document: asset.urn } });
  }

  async function videos(request: SandboxRequest): Promise<SandboxResponse> {
    const granted = gate(request);
    if ('status' in granted) return granted;
    const action = request.query.get('action');
    const parsed = await body(request);
    if (action === 'finalizeUpload') return finalize(parsed, granted);
    if (action !== 'initializeUpload') return badRequest(`Unknown action ${action ?? ''}.`);
    const owner = ownerOf(parsed, granted);
    if ('status' in owner) return owner;
    const init = parsed!['initializeUploadRequest'] as Record<string, unknown>;
    const size = init['fileSizeBytes'];
    if (!Number.isInteger(size) || (size as number) < 1 || (size as number) > MAX_VIDEO_BYTES) {
      return unprocessable(`/initializeUploadRequest/fileSizeBytes :: must be an integer from 1 to ${MAX_VIDEO_BYTES}`);
    }
    const asset = await newAsset('video', owner, size as number);
    return json(200, {
      value: {
        uploadUrlsExpireAt: asset.uploadExpiresAt,
        video: asset.urn,
        uploadInstructions: asset.parts.map((part, index) => ({ uploadUrl: uploadUrl(asset, index), firstByte: part.firstByte, lastByte: part.lastByte })),
        uploadToken: asset.uploadToken,
        ...(init['uploadThumbnail'] === true ? { thumbnailUploadUrl: `${uploadUrl(asset, 0)}&thumbnail=1` } : {}),
        ...(init['uploadCaptions'] === true ? { captionsUploadUrl: `${uploadUrl(asset, 0)}&captions=1` } : {}),
      },
    });
  }

  function finalize(parsed: Record<string, unknown> | undefined, granted: Granted): SandboxResponse {
    const request = parsed?.['finalizeUploadRequest'];
    if (!isRecord(request)) return badRequest('finalizeUploadRequest is required.');
    const asset = typeof request['video'] === 'string' ? assets.get(request['video']) : undefined;
    if (!asset || asset.kind !== 'video' || !mayActFor(granted, asset.account)) return notFound(`Video ${String(request['video'])} not found.`);
    if ((request['uploadToken'] ?? '') !== asset.uploadToken) return badRequest('uploadToken does not match the one from initializeUpload.');
    const ids = request['uploadedPartIds'];
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return badRequest('uploadedPartIds must be a list of ETags.');
    const missing = asset.parts.findIndex((part) => part.etag === undefined);
    if (missing >= 0) return badRequest(`Part ${missing} (bytes ${asset.parts[missing]!.firstByte}-${asset.parts[missing]!.lastByte}) has not been uploaded.`);
    const expected = asset.parts.map((part) => part.etag!);
    if (ids.length !== expected.length || ids.some((id, index) => id !== expected[index])) {
      return badRequest('uploadedPartIds must be the ETags of every part, in the order of the upload instructions.');
    }
    if (asset.finalizedWith) return json(200, {});
    asset.finalizedWith = ids as string[];
    asset.status = 'PROCESSING';
    return { status: 200 };
  }

  /** The blob's first `count` bytes, as text (a PDF starts with %PDF-). */
  async function firstBytes(blobId: string, count: number): Promise<string> {
    const pieces: Buffer[] = [];
    for await (const piece of context.media.read(blobId, 0, count - 1)) pieces.push(Buffer.from(piece as Uint8Array));
    return Buffer.concat(pieces).toString('latin1');
  }

  async function upload(request: SandboxRequest): Promise<SandboxResponse> {
    const asset = [...assets.values()].find((candidate) => candidate.assetId === request.params['asset']);
    const forbidden = () => json(403, { status: 403, message: 'The upload URL is not valid or has expired.' });
    if (!asset || asset.signature !== request.query.get('m') || asset.uploadExpiresAt <= context.now()) return forbidden();
    if (request.headers.authorization !== undefined) {
      const access = checkAccessToken(context, bearerToken(request));
      if ('failure' in access) return accessTokenError(access.failure);
    }
    if (asset.finalizedWith || asset.used) return badRequest('The upload is finished: the asset can no longer change.');
    const index = Number(request.params['part']);
    if (asset.kind === 'document') {
      if (index !== 0) return forbidden();
      if (asset.status !== 'WAITING_UPLOAD') return badRequest('The document has been uploaded: it can no longer change.');
      await context.media.truncate(asset.blobId, 0);
      const written = await context.media.write(asset.blobId, 0, request.raw, MAX_DOCUMENT_BYTES);
      const head = written.complete && written.written >= 5 ? await firstBytes(asset.blobId, 5) : '';
      if (!written.complete || head !== '%PDF-') {
        await context.media.truncate(asset.blobId, 0);
        return badRequest(written.overflow ? `The file size cannot exceed ${MAX_DOCUMENT_BYTES} bytes.` : 'The document is not a supported file (PPT, PPTX, DOC, DOCX or PDF), or its body broke off.');
      }
      asset.size = written.written;
      asset.status = 'PROCESSING';
      return { status: 201 };
    }
    if (asset.kind === 'image') {
      if (index !== 0) return forbidden();
      await context.media.truncate(asset.blobId, 0);
      const written = await context.media.write(asset.blobId, 0, request.raw, MAX_IMAGE_BYTES);
      if (!written.complete || written.written === 0) {
        await context.media.truncate(asset.blobId, 0);
        return badRequest(written.overflow ? `An image can have at most ${MAX_IMAGE_BYTES} bytes.` : 'The image body is empty or broke off.');
      }
      asset.size = written.written;
      const declared = (header(request, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      asset.contentType = declared.startsWith('image/') ? declared : 'image/jpeg';
      asset.status = 'AVAILABLE';
      return { status: 201 };
    }
    const part = Number.isInteger(index) ? asset.parts[index] : undefined;
    if (!part) return forbidden();
    const size = part.lastByte - part.firstByte + 1;
    const length = contentLength(request);
    if (length !== undefined && length !== size) return badRequest(`This part takes bytes ${part.firstByte}-${part.lastByte} (${size} bytes), not ${length}.`);
    const received = await receiveBody(context.media, request, asset.blobId, part.firstByte, size);
    if (received.result !== 'ok') {
      part.etag = undefined;
      return badRequest(`This part takes exactly ${size} bytes.`);
    }
    part.etag = `/ambry-video/signedId/${asset.assetId}-${index}-${randomText(16)}`;
    return { status: 200, headers: { etag: part.etag } };
  }

  /** One status read of a video or a document: processing advances. */
  function advance(asset: Asset): void {
    if (asset.status !== 'PROCESSING' || !asset.processing?.read()) return;
    const { outcome, reason } = asset.processing.plan;
    if (outcome === 'fail') {
      asset.status = 'PROCESSING_FAILED';
      asset.failureReason = reason ?? 'Video could not be processed';
    } else {
      asset.status = 'AVAILABLE';
    }
  }

  function readAsset(kind: AssetKind) {
    return (request: SandboxRequest): SandboxResponse => {
      const granted = gate(request);
      if ('status' in granted) return granted;
      const asset = assets.get(request.params['urn'] ?? '');
      if (!asset || asset.kind !== kind || !mayActFor(granted, asset.account)) return notFound(`${{ image: 'Image', video: 'Video', document: 'Document' }[kind]} ${request.params['urn'] ?? ''} not found.`);
      advance(asset);
      return json(200, {
        owner: asset.owner,
        id: asset.urn,
        status: asset.status,
        // A document's answer has no failure reason (Documents API); a video's does.
        ...(asset.failureReason && kind === 'video' ? { processingFailureReason: asset.failureReason } : {}),
        ...(asset.status === 'AVAILABLE' ? { downloadUrl: `https://media.licdn.com/dms/${kind}/${asset.assetId}`, downloadUrlExpiresAt: context.now() + UPLOAD_URL_MS } : {}),
        ...(kind === 'video' && asset.status === 'AVAILABLE' ? { duration: 10_000, aspectRatioWidth: 16, aspectRatioHeight: 9 } : {}),
      });
    };
  }

  /** The post's media: its assets, or the 422 saying why they cannot be attached. */
  function attachments(content: unknown, account: string): Asset[] | SandboxResponse {
    if (content === undefined) return [];
    if (!isRecord(content)) return unprocessable('/content :: must be an object');
    const ids: string[] = [];
    if (isRecord(content['media'])) {
      if (typeof content['media']['id'] !== 'string') return unprocessable('/content/media/id :: field is required');
      const title = content['media']['title'];
      if (content['media']['id'].startsWith('urn:li:document:') && (typeof title !== 'string' || !title.trim())) return unprocessable('/content/media/title :: field is required for a document');
      ids.push(content['media']['id']);
    } else if (isRecord(content['multiImage'])) {
      const images = content['multiImage']['images'];
      if (!Array.isArray(images) || images.length < 2 || images.length > 20 || !images.every((image) => isRecord(image) && typeof image['id'] === 'string')) {
        return unprocessable('/content/multiImage/images :: must be 2 to 20 images with an id');
      }
      ids.push(...images.map((image) => (image as { id: string }).id));
      if (ids.some((id) => !id.startsWith('urn:li:image:'))) return unprocessable('/content/multiImage/images :: only images can be in a multi-image post');
    } else {
      return unprocessable('/content :: the sandbox supports media and multiImage content');
    }
    const found: Asset[] = [];
    for (const id of ids) {
      const asset = assets.get(id);
      if (!asset || asset.account !== account) return unprocessable(`/content :: ${id} does not exist or is not the author's`);
      if (asset.status !== 'AVAILABLE') return unprocessable(`/content :: ${id} is not AVAILABLE (status ${asset.status})`);
      found.push(asset);
    }
    return found;
  }

  async function createPost(request: SandboxRequest): Promise<SandboxResponse> {
    const granted = gate(request);
    if ('status' in granted) return granted;
    const post = await body(request);
    if (!post) return badRequest('The request body must be a JSON object.');
    const account = authorAccount(granted, post['author']);
    if (account === undefined) {
      return serviceError(403, 100, 'ACCESS_DENIED', `Member is not allowed to create a post as ${String(post['author'])}.`);
    }
    const commentary = post['commentary'] ?? '';
    if (typeof commentary !== 'string' || [...commentary].length > 3000) return unprocessable('/commentary :: must be a string of at most 3000 characters');
    if (!['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'].includes(post['visibility'] as string)) return unprocessable('/visibility :: must be PUBLIC, CONNECTIONS, LOGGED_IN or CONTAINER');
    const distribution = post['distribution'];
    if (!isRecord(distribution) || !['MAIN_FEED', 'NONE'].includes(distribution['feedDistribution'] as string)) {
      return unprocessable('/distribution/feedDistribution :: must be MAIN_FEED or NONE');
    }
    if (post['lifecycleState'] !== 'PUBLISHED') return unprocessable('/lifecycleState :: the sandbox publishes PUBLISHED posts only');
    const media = attachments(post['content'], account);
    if (!Array.isArray(media)) return media;
    if (!commentary && media.length === 0) return unprocessable('/commentary :: a post needs commentary or content');
    const at = context.now();
    const key = `posts/${account}`;
    if (context.events.since(key, utcDayStart(at)).length >= context.limit('postsPerDay')) {
      return throttled('Resource level throttle MEMBER DAY limit for calls to this resource is reached.');
    }
    context.events.record(key, at);

    const urn = `urn:li:share:7${randomDigits(18)}`;
    posts.set(urn, { urn, account, body: post, createdAt: at });
    for (const asset of media) asset.used = true;
    const feedMedia: FeedMedia[] = media.map((asset) => ({ contentType: asset.contentType, size: asset.size ?? 0, blobId: asset.blobId }));
    const documentTitle = media.some((asset) => asset.kind === 'document') ? ((post['content'] as { media: { title: string } }).media.title) : undefined;
    context.feed.add({
      platform: context.platform,
      account,
      id: urn,
      url: `https://www.linkedin.com/feed/update/${urn}/`,
      text: commentary,
      media: feedMedia,
      createdAt: at,
      settings: { visibility: post['visibility'] as string, ...(documentTitle ? { documentTitle } : {}) },
    });
    return { status: 201, headers: { 'x-restli-id': urn, 'x-linkedin-id': urn } };
  }

  /**
   * Posts API "find posts by author" (GET /rest/posts?q=author&author=<urn>): newest first. The
   * real LinkedIn serves it only with the author's read permission (r_member_social, restricted, for
   * a member; r_organization_social for an organization); so does this one.
   */
  function findByAuthor(request: SandboxRequest): SandboxResponse {
    const granted = gate(request);
    if ('status' in granted) return granted;
    if (request.query.get('q') !== 'author') return badRequest('The sandbox serves GET /rest/posts with q=author only.');
    if (!granted.token.scopes.includes(authorship.readScope)) {
      return serviceError(403, 100, 'ACCESS_DENIED', `Not enough permissions to access: partnerApiPostsExternal.FINDER-author.${granted.version}`);
    }
    const author = request.query.get('author');
    const account = authorAccount(granted, author);
    if (account === undefined) return serviceError(403, 100, 'ACCESS_DENIED', `Member may not read the posts of ${author ?? 'nobody'}.`);
    const count = Math.min(100, Math.max(1, Number(request.query.get('count') ?? 10) || 10));
    const elements = [...posts.values()]
      .filter((post) => post.account === account)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, count)
      .map((post) => ({ ...post.body, id: post.urn, createdAt: post.createdAt, publishedAt: post.createdAt, lastModifiedAt: post.createdAt }));
    return json(200, { elements, paging: { start: 0, count, links: [] } });
  }

  /**
   * Comments API (POST /rest/socialActions/{urn}/comments): an author comments on a post with the
   * write permission; `actor` must be an author the token may act as, `object` the post,
   * `message.text` at most 1,250 characters. 201 with the comment's URN in x-restli-id and the
   * comment in the body. Reading the comments (GET) needs the read permission, as the real API's does.
   */
  async function createComment(request: SandboxRequest): Promise<SandboxResponse> {
    const granted = gate(request);
    if ('status' in granted) return granted;
    const postUrn = request.params['urn'] ?? '';
    const comment = await body(request);
    if (!comment) return badRequest('The request body must be a JSON object.');
    const account = authorAccount(granted, comment['actor']);
    if (account === undefined) return serviceError(403, 100, 'ACCESS_DENIED', `Member is not allowed to comment as ${String(comment['actor'])}.`);
    if (comment['object'] !== postUrn) return unprocessable('/object :: must be the post the comment is on (the path\'s URN)');
    if (!posts.has(postUrn)) return notFound(`Post ${postUrn} not found.`);
    const message = comment['message'];
    const text = isRecord(message) ? message['text'] : undefined;
    if (typeof text !== 'string' || !text.trim() || [...text].length > 1250) return unprocessable('/message/text :: must be a string of 1 to 1250 characters');
    const at = context.now();
    const urn = `urn:li:comment:(${postUrn},7${randomDigits(18)})`;
    const view = { $URN: urn, id: urn.slice(urn.lastIndexOf(',') + 1, -1), actor: comment['actor'], object: postUrn, message: { text }, created: { actor: comment['actor'], time: at } };
    comments.push({ postUrn, account, view });
    context.feed.add({ platform: context.platform, account, id: urn, url: `https://www.linkedin.com/feed/update/${postUrn}?commentUrn=${encodeURIComponent(urn)}`, text, media: [], createdAt: at, replyTo: postUrn });
    return json(201, view, { 'x-restli-id': urn });
  }

  function listComments(request: SandboxRequest): SandboxResponse {
    const granted = gate(request);
    if ('status' in granted) return granted;
    if (!granted.token.scopes.includes(authorship.readScope)) {
      return serviceError(403, 100, 'ACCESS_DENIED', `Not enough permissions to access: socialActions.comments.GET_ALL.${granted.version}`);
    }
    const postUrn = request.params['urn'] ?? '';
    const elements = comments.filter((entry) => entry.postUrn === postUrn).map((entry) => entry.view).reverse();
    return json(200, { elements, paging: { start: 0, count: elements.length, links: [] } });
  }

  function readPost(request: SandboxRequest): SandboxResponse {
    const granted = gate(request);
    if ('status' in granted) return granted;
    const post = posts.get(request.params['urn'] ?? '');
    if (!post || !mayActFor(granted, post.account)) return notFound(`Post ${request.params['urn'] ?? ''} not found.`);
    return json(200, { ...post.body, id: post.urn, createdAt: post.createdAt, publishedAt: post.createdAt, lastModifiedAt: post.createdAt });
  }

  return {
    limits,
    routes: [
      { method: 'POST', hostKey: 'api', path: '/rest/images', handle: images },
      { method: 'POST', hostKey: 'api', path: '/rest/videos', handle: videos },
      { method: 'GET', hostKey: 'api', path: '/rest/images/{urn}', handle: readAsset('image') },
      { method: 'GET', hostKey: 'api', path: '/rest/videos/{urn}', handle: readAsset('video') },
      { method: 'POST', hostKey: 'api', path: '/rest/documents', handle: documents },
      { method: 'GET', hostKey: 'api', path: '/rest/documents/{urn}', handle: readAsset('document') },
      { method: 'POST', hostKey: 'api', path: '/rest/posts', handle: createPost },
      { method: 'GET', hostKey: 'api', path: '/rest/posts', handle: findByAuthor },
      { method: 'GET', hostKey: 'api', path: '/rest/posts/{urn}', handle: readPost },
      { method: 'POST', hostKey: 'api', path: '/rest/socialActions/{urn}/comments', handle: createComment },
      { method: 'GET', hostKey: 'api', path: '/rest/socialActions/{urn}/comments', handle: listComments },
      { method: 'PUT', hostKey: 'www', path: '/dms-uploads/sp/{asset}/{part}', handle: upload },
    ],
    reset() {
      assets = new Map();
      posts = new Map();
      comments = [];
    },
  };
}
