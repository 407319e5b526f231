import { bearerToken, header, isRecord, json, readJson, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { youtubeChannelId } from './identity';
import { videoStatistics } from './metrics';
import { pacificDayStart, type LimitDefinitions } from '../limits';
import { checkAccessToken, hasAnyScope, randomText } from '../oauth';
import type { PlatformContext } from '../platform';
import { progression, type ProcessingPlan, type Progression } from '../processing';
import { contentLength, parseContentRange, receiveBody } from '../uploads';
import { apiError, channelReadScopes, etag, insufficientScopes, parseParts, unauthenticated, uploadScopes } from './api';

/**
 * YouTube's resumable upload (videos.insert) and videos.list for the processing status
 * (platform-apis.md §1):
 *
 *   POST /upload/youtube/v3/videos?uploadType=resumable&part=…   metadata → 200 + Location (the session URI)
 *   PUT  <session URI>  Content-Range: bytes a-b/total            308 + Range while incomplete, 201 + video at the end
 *   PUT  <session URI>  Content-Range: bytes *\/total, no body    the probe: 308 (Range if anything is stored) or 200 + video
 *   GET  /youtube/v3/videos?part=status,processingDetails&id=…    uploadStatus uploaded → processed (or failed/rejected)
 *   POST /youtube/v3/commentThreads?part=snippet   a top-level comment by the token's channel (youtube.force-ssl)
 *   GET  /youtube/v3/commentThreads?part=snippet&videoId=…        the video's threads, newest first
 *
 * The session URI is a capability: a PUT needs no Authorization header, but one that is sent
 * must be valid (Google answers 401 for an expired token). Sessions expire after 7 days
 * (404). Quotas: videos.insert calls per client per Pacific day (403 quotaExceeded), uploads
 * per channel per rolling 24 h (400 uploadLimitExceeded); both count accepted inserts.
 * The video enters the account's feed when its last byte arrives. setProcessing: `fail`
 * ends in uploadStatus failed with failureReason = reason (default conversion), or rejected
 * when the reason is a rejectionReason; `expire` gives a session that is already expired.
 */

const CHUNK_UNIT = 262_144;
const SESSION_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_FILE_BYTES = 256 * 1024 ** 3;
const DEFAULT_READS = 1;
const knownParts = [
  'contentDetails',
  'fileDetails',
  'id',
  'liveStreamingDetails',
  'localizations',
  'player',
  'processingDetails',
  'recordingDetails',
  'snippet',
  'statistics',
  'status',
  'suggestions',
  'topicDetails',
];
/** Categories a video may be uploaded to (videoCategories.list, assignable=true, region US). */
const assignableCategories = ['1', '2', '10', '15', '17', '19', '20', '22', '23', '24', '25', '26', '27', '28', '29'];
const rejectionReasons = ['claim', 'copyright', 'duplicate', 'inappropriate', 'legal', 'length', 'termsOfUse', 'trademark', 'uploaderAccountClosed', 'uploaderAccountSuspended'];

const limits: LimitDefinitions = {
  videosInsertPerDay: { default: 100, description: 'videos.insert calls per client per day (midnight Pacific) → 403 quotaExceeded' },
  channelUploadsPerDay: { default: 50, description: 'uploads per channel per rolling 24 h → 400 uploadLimitExceeded' },
  dataApiUnitsPerDay: { default: 10_000, description: 'videos.list calls (1 unit each) per client per day (midnight Pacific) → 403 quotaExceeded' },
};

interface VideoMetadata {
  title: string;
  description: string;
  tags: string[] | undefined;
  categoryId: string;
  privacyStatus: 'private' | 'unlisted' | 'public';
  publishAt: string | undefined;
  selfDeclaredMadeForKids: boolean | undefined;
}

interface Video {
  id: string;
  account: string;
  channelId: string;
  channelTitle: string;
  metadata: VideoMetadata;
  publishedAt: number;
  processing: Progression;
  uploadStatus: 'uploaded' | 'processed' | 'failed' | 'rejected';
  failureReason?: string;
  rejectionReason?: string;
}

/** Longest textOriginal the sandbox takes (commentTextTooLong beyond it). */
const COMMENT_MAX_CHARACTERS = 10_000;
const forceSsl = 'https://www.googleapis.com/auth/youtube.force-ssl';

interface CommentThread {
  id: string;
  videoId: string;
  channelId: string;
  account: string;
  text: string;
  publishedAt: number;
}

interface UploadSession {
  id: string;
  account: string;
  parts: string[];
  metadata: VideoMetadata;
  /** X-Upload-Content-Length, or the total of the first Content-Range that names one. */
  total: number | undefined;
  contentType: string | undefined;
  blobId: string;
  received: number;
  expiresAt: number;
  plan: ProcessingPlan;
  /** A chunk is being written. */
  busy: boolean;
  video?: Video;
}

function invalidMetadata(reason: string, message: string): SandboxResponse {
  return json(400, { error: { code: 400, message, errors: [{ message, domain: 'youtube.video', reason, location: 'body', locationType: 'other' }] } });
}

const badRequest = (message: string) => apiError(400, 'INVALID_ARGUMENT', message, 'badRequest');

/** The video resource's metadata as insert accepts it, or its 400. */
function parseMetadata(body: unknown): { metadata: VideoMetadata } | { refusal: SandboxResponse } {
  const refuse = (reason: string, message: string) => ({ refusal: invalidMetadata(reason, message) });
  if (body === undefined) return refuse('invalidTitle', 'The request metadata specifies an invalid or empty video title.');
  if (!isRecord(body)) return { refusal: apiError(400, 'INVALID_ARGUMENT', 'Parse Error', 'parseError') };
  const snippet = isRecord(body['snippet']) ? body['snippet'] : {};
  const status = isRecord(body['status']) ? body['status'] : {};

  const title = snippet['title'];
  if (typeof title !== 'string' || !title.trim() || [...title].length > 100 || /[<>]/.test(title)) {
    return refuse('invalidTitle', 'The request metadata specifies an invalid or empty video title.');
  }
  const description = snippet['description'] ?? '';
  if (typeof description !== 'string' || Buffer.byteLength(description, 'utf8') > 5000 || /[<>]/.test(description)) {
    return refuse('invalidDescription', 'The request metadata specifies an invalid video description.');
  }
  const tags = snippet['tags'];
  if (tags !== undefined) {
    const tagLength = Array.isArray(tags) ? tags.reduce<number>((sum, tag) => sum + (typeof tag === 'string' ? [...tag].length + (tag.includes(' ') ? 2 : 0) : 501), Math.max(0, tags.length - 1)) : 501;
    if (tagLength > 500) return refuse('invalidTags', 'The request metadata specifies invalid video keywords.');
  }
  const categoryId = snippet['categoryId'] ?? '22';
  if (typeof categoryId !== 'string' || !assignableCategories.includes(categoryId)) {
    return refuse('invalidCategoryId', 'The snippet.categoryId property specifies an invalid category ID.');
  }
  const privacyStatus = status['privacyStatus'] ?? 'public';
  if (privacyStatus !== 'private' && privacyStatus !== 'unlisted' && privacyStatus !== 'public') {
    return refuse('invalidVideoMetadata', `The request metadata specifies an invalid privacy status: ${String(privacyStatus)}`);
  }
  const publishAt = status['publishAt'];
  if (publishAt !== undefined) {
    // Scheduling needs a private video and an ISO 8601 time.
    if (typeof publishAt !== 'string' || Number.isNaN(Date.parse(publishAt)) || !/^\d{4}-\d{2}-\d{2}T/.test(publishAt) || privacyStatus !== 'private') {
      return refuse('invalidPublishAt', 'The request metadata specifies an invalid scheduled publishing time.');
    }
  }
  const madeForKids = status['selfDeclaredMadeForKids'];
  if (madeForKids !== undefined && typeof madeForKids !== 'boolean') {
    return refuse('invalidVideoMetadata', 'The request metadata specifies an invalid value for status.selfDeclaredMadeForKids.');
  }
  return {
    metadata: {
      title,
      description,
      tags: Array.isArray(tags) ? (tags as string[]) : undefined,
      categoryId,
      privacyStatus,
      publishAt: typeof publishAt === 'string' ? publishAt : undefined,
      selfDeclaredMadeForKids: madeForKids,
    },
  };
}

export function youtubePublishing(context: PlatformContext): { routes: Route[]; limits: LimitDefinitions; reset(): void } {
  let sessions = new Map<string, UploadSession>();
  let videos = new Map<string, Video>();
  /** Top-level comments, oldest first. */
  let threads: CommentThread[] = [];

  function resource(video: Video, parts: string[]): Record<string, unknown> {
    const { metadata } = video;
    const thumbnail = (name: string, width: number, height: number) => ({ url: `https://i.ytimg.com/vi/${video.id}/${name}.jpg`, width, height });
    const processed = video.uploadStatus !== 'uploaded';
    const body: Record<string, unknown> = { kind: 'youtube#video', etag: etag([video.id, video.uploadStatus, parts]), id: video.id };
    if (parts.includes('snippet')) {
      body['snippet'] = {
        publishedAt: new Date(video.publishedAt).toISOString(),
        channelId: video.channelId,
        title: metadata.title,
        description: metadata.description,
        thumbnails: { default: thumbnail('default', 120, 90), medium: thumbnail('mqdefault', 320, 180), high: thumbnail('hqdefault', 480, 360) },
        channelTitle: video.channelTitle,
        ...(metadata.tags ? { tags: metadata.tags } : {}),
        categoryId: metadata.categoryId,
        liveBroadcastContent: 'none',
        localized: { title: metadata.title, description: metadata.description },
      };
    }
    if (parts.includes('status')) {
      body['status'] = {
        uploadStatus: video.uploadStatus,
        ...(video.failureReason ? { failureReason: video.failureReason } : {}),
        ...(video.rejectionReason ? { rejectionReason: video.rejectionReason } : {}),
        privacyStatus: metadata.privacyStatus,
        ...(metadata.publishAt ? { publishAt: metadata.publishAt } : {}),
        license: 'youtube',
        embeddable: true,
        publicStatsViewable: true,
        ...(metadata.selfDeclaredMadeForKids === undefined ? {} : { selfDeclaredMadeForKids: metadata.selfDeclaredMadeForKids, madeForKids: metadata.selfDeclaredMadeForKids }),
      };
    }
    if (parts.includes('processingDetails')) {
      const failed = video.uploadStatus === 'failed' || video.uploadStatus === 'rejected';
      body['processingDetails'] = processed
        ? { processingStatus: failed ? 'failed' : 'succeeded', ...(failed ? { processingFailureReason: video.uploadStatus === 'rejected' ? 'other' : 'transcodeFailed' } : {}) }
        : { processingStatus: 'processing', processingProgress: { partsTotal: '100', partsProcessed: '50', timeLeftMs: '1000' } };
    }
    if (parts.includes('statistics')) {
      body['statistics'] = videoStatistics(video, context.now());
    }
    return body;
  }

  async function insert(request: SandboxRequest): Promise<SandboxResponse> {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return unauthenticated(access.failure);
    if (!hasAnyScope(access.token, uploadScopes)) return insufficientScopes();
    const uploadType = request.query.get('uploadType');
    if (uploadType !== 'resumable') {
      return apiError(400, 'INVALID_ARGUMENT', `The sandbox serves uploadType=resumable only, got ${uploadType ?? 'none'}`, 'invalidParameter', { location: 'uploadType', locationType: 'parameter' });
    }
    const parts = parseParts(request.query.get('part'), knownParts);
    if (!Array.isArray(parts)) return parts;

    const now = context.now();
    const quotaKey = `insert/${access.token.clientId}`;
    if (context.events.since(quotaKey, pacificDayStart(now)).length >= context.limit('videosInsertPerDay')) {
      return json(403, {
        error: {
          code: 403,
          message: 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
          errors: [{ message: 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.', domain: 'youtube.quota', reason: 'quotaExceeded' }],
        },
      });
    }

    const declared = header(request, 'x-upload-content-length');
    if (declared !== undefined && (!/^\d+$/.test(declared) || Number(declared) > MAX_FILE_BYTES)) {
      return badRequest('Invalid X-Upload-Content-Length header');
    }
    const declaredType = header(request, 'x-upload-content-type');
    if (declaredType !== undefined && !/^video\//i.test(declaredType) && declaredType.toLowerCase() !== 'application/octet-stream') {
      return apiError(400, 'INVALID_ARGUMENT', `Media type '${declaredType}' is not supported. Valid media types: [video/*, application/octet-stream]`, 'badContent');
    }
    const parsed = parseMetadata(await readJson(request));
    if ('refusal' in parsed) return parsed.refusal;

    const channelKey = `uploads/${access.account.name}`;
    if (context.events.since(channelKey, now - DAY_MS).length >= context.limit('channelUploadsPerDay')) {
      return json(400, {
        error: { code: 400, message: 'The user has exceeded the number of videos they may upload.', errors: [{ message: 'The user has exceeded the number of videos they may upload.', domain: 'youtube.video', reason: 'uploadLimitExceeded' }] },
      });
    }
    context.events.record(quotaKey, now);
    context.events.record(channelKey, now);

    const plan = context.nextProcessing(DEFAULT_READS, access.account.name);
    const session: UploadSession = {
      id: `AUn${randomText(60)}`,
      account: access.account.name,
      parts,
      metadata: parsed.metadata,
      total: declared === undefined ? undefined : Number(declared),
      contentType: declaredType && /^video\//i.test(declaredType) ? declaredType.toLowerCase() : undefined,
      blobId: await context.media.create(),
      received: 0,
      expiresAt: plan.outcome === 'expire' ? now : now + SESSION_MS,
      plan,
      busy: false,
    };
    sessions.set(session.id, session);
    const location = new URL(`${context.hostUrl('googleapis')}/upload/youtube/v3/videos`);
    location.searchParams.set('uploadType', 'resumable');
    location.searchParams.set('part', parts.join(','));
    location.searchParams.set('upload_id', session.id);
    return { status: 200, headers: { location: location.toString(), 'x-guploader-uploadid': session.id, 'content-length': '0' } };
  }

  function incomplete(session: UploadSession): SandboxResponse {
    return { status: 308, headers: { 'content-length': '0', ...(session.received > 0 ? { range: `bytes=0-${session.received - 1}` } : {}) } };
  }

  function complete(session: UploadSession): Video {
    const account = context.store.account('youtube', session.account);
    const video: Video = {
      id: randomText(11),
      account: session.account,
      channelId: youtubeChannelId(session.account),
      channelTitle: account?.displayName ?? session.account,
      metadata: session.metadata,
      publishedAt: context.now(),
      processing: progression(session.plan),
      uploadStatus: 'uploaded',
    };
    session.video = video;
    videos.set(video.id, video);
    context.feed.add({
      platform: 'youtube',
      account: session.account,
      id: video.id,
      url: `https://www.youtube.com/watch?v=${video.id}`,
      text: session.metadata.description,
      title: session.metadata.title,
      media: [{ contentType: session.contentType ?? 'video/mp4', size: session.received, blobId: session.blobId }],
      createdAt: video.publishedAt,
      settings: {
        privacyStatus: session.metadata.privacyStatus,
        categoryId: session.metadata.categoryId,
        ...(session.metadata.selfDeclaredMadeForKids !== undefined ? { selfDeclaredMadeForKids: session.metadata.selfDeclaredMadeForKids } : {}),
        ...(session.metadata.tags?.length ? { tags: session.metadata.tags } : {}),
        ...(session.metadata.publishAt ? { publishAt: session.metadata.publishAt } : {}),
      },
    });
    return video;
  }

  async function upload(request: SandboxRequest): Promise<SandboxResponse> {
    const session = sessions.get(request.query.get('upload_id') ?? '');
    if (!session || session.expiresAt <= context.now()) return apiError(404, 'NOT_FOUND', 'The upload session was not found or has expired.', 'notFound');
    if (request.headers.authorization !== undefined) {
      const access = checkAccessToken(context, bearerToken(request));
      if ('failure' in access) return unauthenticated(access.failure);
      if (access.account.name !== session.account) return apiError(403, 'PERMISSION_DENIED', 'The upload session belongs to another user.', 'forbidden');
    }
    const length = contentLength(request);
    const rawRange = request.headers['content-range'];
    const range = rawRange === undefined ? undefined : parseContentRange(rawRange);
    if (rawRange !== undefined && !range) return badRequest('Failed to parse Content-Range header.');

    if (range?.kind === 'probe') {
      if (length) return badRequest('A status request (Content-Range: bytes */total) must have an empty body.');
      if (range.total !== undefined && session.total !== undefined && range.total !== session.total) return badRequest('The Content-Range total does not match the upload size.');
      if (session.video) return json(200, resource(session.video, session.parts));
      return incomplete(session);
    }
    // A chunk after the last byte: the upload is done, the answer is the video.
    if (session.video) return json(200, resource(session.video, session.parts));
    if (session.busy) return apiError(409, 'ABORTED', 'Another request is writing to this upload session.', 'conflict');

    // No Content-Range: the body is the whole file.
    const chunk = range ?? (length === undefined ? undefined : { kind: 'bytes' as const, first: 0, last: length - 1, total: length });
    if (!chunk) return badRequest('Content-Range or Content-Length is required.');
    const total = chunk.total ?? session.total;
    if (chunk.total !== undefined && session.total !== undefined && chunk.total !== session.total) return badRequest('The Content-Range total does not match the upload size.');
    if (chunk.last < chunk.first || (total !== undefined && chunk.last >= total)) return badRequest('Invalid Content-Range header.');
    if (chunk.first !== session.received) {
      return badRequest(`The chunk must start at byte ${session.received}, where the stored bytes end; it starts at ${chunk.first}.`);
    }
    const size = chunk.last - chunk.first + 1;
    const final = total !== undefined && chunk.last === total - 1;
    if (!final && size % CHUNK_UNIT !== 0) return badRequest(`Every chunk but the last must be a multiple of ${CHUNK_UNIT} bytes; this one is ${size}.`);
    if (length !== undefined && length !== size) return badRequest('Content-Length does not match Content-Range.');

    session.busy = true;
    try {
      // A broken-off chunk keeps whole 256 KiB units, as Google's upload servers do.
      const received = await receiveBody(context.media, request, session.blobId, chunk.first, size, (written) => written - (written % CHUNK_UNIT));
      if (received.result !== 'ok') {
        if (received.result === 'aborted') session.received = chunk.first + received.written - (received.written % CHUNK_UNIT);
        return badRequest('The request body does not match Content-Range.');
      }
    } finally {
      session.busy = false;
    }
    session.received = chunk.last + 1;
    if (!final) return incomplete(session);
    session.total = total;
    const contentType = request.headers['content-type'];
    if (!session.contentType && contentType && /^video\//i.test(contentType)) session.contentType = contentType.split(';')[0]!.trim().toLowerCase();
    return json(201, resource(complete(session), session.parts));
  }

  /** One status read of the owner's video: processing advances. */
  function readStatus(video: Video): void {
    if (video.uploadStatus !== 'uploaded' || !video.processing.read()) return;
    const { outcome, reason } = video.processing.plan;
    if (outcome === 'fail' && reason && rejectionReasons.includes(reason)) {
      video.uploadStatus = 'rejected';
      video.rejectionReason = reason;
    } else if (outcome === 'fail') {
      video.uploadStatus = 'failed';
      video.failureReason = reason ?? 'conversion';
    } else {
      video.uploadStatus = 'processed';
    }
    if (video.uploadStatus !== 'processed') context.feed.annotate('youtube', video.id, `Processing ${video.uploadStatus}: ${video.failureReason ?? video.rejectionReason}`);
  }

  function fromFeed(account: string, id: string): Video | undefined {
    const entry = context.feed.list('youtube', account).find((candidate) => candidate.id === id);
    if (!entry) return undefined;
    const video: Video = {
      id,
      account,
      channelId: youtubeChannelId(account),
      channelTitle: context.store.account('youtube', account)?.displayName ?? account,
      metadata: { title: entry.title ?? '', description: entry.text, tags: undefined, categoryId: '22', privacyStatus: 'public', publishAt: undefined, selfDeclaredMadeForKids: undefined },
      publishedAt: entry.createdAt,
      processing: progression({ outcome: 'succeed', reads: 0, reason: undefined }),
      uploadStatus: entry.note ? 'failed' : 'processed',
    };
    videos.set(id, video);
    return video;
  }

  function list(request: SandboxRequest): SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return unauthenticated(access.failure);
    const parts = parseParts(request.query.get('part'), knownParts);
    if (!Array.isArray(parts)) return parts;
    const ids = (request.query.get('id') ?? '').split(',').map((id) => id.trim()).filter(Boolean);
    if (ids.length === 0) {
      return apiError(400, 'INVALID_ARGUMENT', 'No filter selected. Expected one of: myRating, id, chart, idParam.', 'missingRequiredParameter', { location: 'parameters.', locationType: 'other' });
    }
    if (!hasAnyScope(access.token, channelReadScopes)) return insufficientScopes();
    const now = context.now();
    const quotaKey = `units/${access.token.clientId}`;
    if (context.events.since(quotaKey, pacificDayStart(now)).length >= context.limit('dataApiUnitsPerDay')) {
      const message = 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';
      return json(403, { error: { code: 403, message, errors: [{ message, domain: 'youtube.quota', reason: 'quotaExceeded' }] } });
    }
    context.events.record(quotaKey, now);
    // Another channel's videos are private in the sandbox: they are not listed. A video published
    // before a restart is known from the feed only (processed by then).
    const found = ids
      .map((id) => videos.get(id) ?? fromFeed(access.account.name, id))
      .filter((video): video is Video => video?.account === access.account.name);
    for (const video of found) readStatus(video);
    const items = found.map((video) => resource(video, parts));
    return json(200, { kind: 'youtube#videoListResponse', etag: etag(items), items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } });
  }

  const commentError = (code: number, reason: string, message: string) =>
    json(code, { error: { code, message, errors: [{ message, domain: 'youtube.commentThread', reason, location: 'body', locationType: 'other' }] } });
  const videoNotFound = () =>
    json(404, { error: { code: 404, message: 'The video identified by the <code><a href="/youtube/v3/docs/commentThreads/insert#videoId">videoId</a></code> parameter could not be found.', errors: [{ message: 'Video not found.', domain: 'youtube.commentThread', reason: 'videoNotFound' }] } });
  /** commentsDisabled: YouTube's answer for a video whose comments are off (made for kids, here). */
  const commentsDisabled = () =>
    commentError(403, 'commentsDisabled', 'The video identified by the <code><a href="/youtube/v3/docs/commentThreads/list#videoId">videoId</a></code> parameter has disabled comments.');

  function threadResource(thread: CommentThread): Record<string, unknown> {
    const account = context.store.account('youtube', thread.account);
    const comment = {
      kind: 'youtube#comment',
      etag: etag(['comment', thread.id]),
      id: thread.id,
      snippet: {
        channelId: thread.channelId,
        videoId: thread.videoId,
        textDisplay: thread.text,
        textOriginal: thread.text,
        authorDisplayName: account?.displayName ?? thread.account,
        authorChannelId: { value: youtubeChannelId(thread.account) },
        canRate: true,
        viewerRating: 'none',
        likeCount: 0,
        publishedAt: new Date(thread.publishedAt).toISOString(),
        updatedAt: new Date(thread.publishedAt).toISOString(),
      },
    };
    return {
      kind: 'youtube#commentThread',
      etag: etag(['thread', thread.id]),
      id: thread.id,
      snippet: { channelId: thread.channelId, videoId: thread.videoId, topLevelComment: comment, canReply: true, totalReplyCount: 0, isPublic: true },
    };
  }

  /**
   * commentThreads.insert: a top-level comment by the token's channel, with youtube.force-ssl (the
   * only scope the reference lists). The sandbox knows only its own channels' videos (another
   * channel's is not found). Comments are refused on a video made for kids (commentsDisabled) and
   * on a private one, its owner's too (YouTube Help: a private video "can be commented on": no).
   */
  async function insertComment(request: SandboxRequest): Promise<SandboxResponse> {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return unauthenticated(access.failure);
    if (!access.token.scopes.includes(forceSsl)) return insufficientScopes();
    const parts = parseParts(request.query.get('part'), ['id', 'replies', 'snippet']);
    if (!Array.isArray(parts)) return parts;
    const body = await readJson(request);
    const snippet = isRecord(body) && isRecord(body['snippet']) ? body['snippet'] : undefined;
    const videoId = snippet?.['videoId'];
    if (typeof videoId !== 'string' || !videoId) {
      return commentError(400, 'channelOrVideoIdMissing', 'The comment thread must be linked to a video: snippet.videoId is required.');
    }
    const top = isRecord(snippet?.['topLevelComment']) ? snippet['topLevelComment'] : undefined;
    const text = isRecord(top?.['snippet']) ? top['snippet']['textOriginal'] : undefined;
    if (typeof text !== 'string' || !text.trim()) return commentError(400, 'commentTextRequired', 'The comment resource must contain a value for snippet.topLevelComment.snippet.textOriginal.');
    if ([...text].length > COMMENT_MAX_CHARACTERS) return commentError(400, 'commentTextTooLong', 'The comment resource contains too many characters in the snippet.textOriginal property.');
    const video = videos.get(videoId) ?? fromFeed(access.account.name, videoId);
    if (!video || video.account !== access.account.name) return videoNotFound();
    const channelId = snippet?.['channelId'];
    if (channelId !== undefined && channelId !== video.channelId) {
      return commentError(400, 'invalidCommentThreadMetadata', 'snippet.channelId must be the channel of the video.');
    }
    if (video.metadata.selfDeclaredMadeForKids) return commentsDisabled();
    if (video.metadata.privacyStatus === 'private') {
      return commentError(403, 'forbidden', 'Comments are not available on a private video.');
    }
    const thread: CommentThread = { id: `Ugx${randomText(23)}`, videoId, channelId: video.channelId, account: access.account.name, text, publishedAt: context.now() };
    threads.push(thread);
    context.feed.add({
      platform: 'youtube',
      account: thread.account,
      id: thread.id,
      url: `https://www.youtube.com/watch?v=${videoId}&lc=${thread.id}`,
      text,
      media: [],
      createdAt: thread.publishedAt,
      replyTo: videoId,
    });
    return json(200, threadResource(thread));
  }

  /** commentThreads.list by videoId (newest first, order=time), as its owner reads it. */
  function listComments(request: SandboxRequest): SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return unauthenticated(access.failure);
    if (!hasAnyScope(access.token, channelReadScopes)) return insufficientScopes();
    const parts = parseParts(request.query.get('part'), ['id', 'replies', 'snippet']);
    if (!Array.isArray(parts)) return parts;
    const videoId = request.query.get('videoId') ?? '';
    const video = videos.get(videoId) ?? fromFeed(access.account.name, videoId);
    if (!video || video.account !== access.account.name) return videoNotFound();
    if (video.metadata.selfDeclaredMadeForKids) return commentsDisabled();
    const maxResults = Math.min(100, Math.max(1, Number(request.query.get('maxResults') ?? 20) || 20));
    const items = threads
      .filter((thread) => thread.videoId === videoId)
      .reverse()
      .slice(0, maxResults)
      .map(threadResource);
    return json(200, { kind: 'youtube#commentThreadListResponse', etag: etag(items), pageInfo: { totalResults: items.length, resultsPerPage: maxResults }, items });
  }

  return {
    limits,
    routes: [
      { method: 'POST', hostKey: 'googleapis', path: '/upload/youtube/v3/videos', handle: insert },
      { method: 'PUT', hostKey: 'googleapis', path: '/upload/youtube/v3/videos', handle: upload },
      { method: 'GET', hostKey: 'googleapis', path: '/youtube/v3/videos', handle: list },
      { method: 'POST', hostKey: 'googleapis', path: '/youtube/v3/commentThreads', handle: insertComment },
      { method: 'GET', hostKey: 'googleapis', path: '/youtube/v3/commentThreads', handle: listComments },
    ],
    reset() {
      sessions = new Map();
      videos = new Map();
      threads = [];
    },
  };
}
