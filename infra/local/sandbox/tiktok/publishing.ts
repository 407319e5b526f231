import type { FeedMedia } from '../feed';
import { bearerToken, header, isRecord, readJson, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import { handle } from '../identity';
import { tiktokOpenId } from './identity';
import type { LimitDefinitions } from '../limits';
import { checkAccessToken, randomDigits, randomText, type AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';
import { progression, type Progression } from '../processing';
import { fetchMedia, sniffImage } from '../remoteMedia';
import { tiktokError, tiktokOk } from './api';
import { contentLength, parseContentRange, receiveBody } from '../uploads';

/**
 * TikTok's Content Posting API (platform-apis.md §2), every answer in the `{data, error}` envelope:
 *
 *   POST /v2/post/publish/creator_info/query/       the creator's privacy options and limits
 *   POST /v2/post/publish/video/init/               direct post: FILE_UPLOAD (→ upload_url) or PULL_FROM_URL
 *   POST /v2/post/publish/inbox/video/init/         upload to the creator's inbox (terminal SEND_TO_USER_INBOX)
 *   POST /v2/post/publish/content/init/             photos, PULL_FROM_URL only (DIRECT_POST or MEDIA_UPLOAD)
 *   PUT  <upload_url> (open-upload host)             sequential chunks: 206, then 201 when complete
 *   POST /v2/post/publish/status/fetch/             PROCESSING_UPLOAD/DOWNLOAD → PUBLISH_COMPLETE (post id on a later fetch) or FAILED
 *
 * The sandbox fetches PULL_FROM_URL files itself (no domain verification). A direct post
 * goes live (enters the feed) when the upload completes or the pull finishes, whether or not
 * its status is read, as TikTok posts by itself; the status reads PUBLISH_COMPLETE after the
 * processing reads. Sandbox conventions: an
 * account whose name starts with "private" is a private TikTok account (no
 * PUBLIC_TO_EVERYONE), and one whose name starts with "quiet" has switched comments, duets and
 * stitches off in TikTok (creator_info says so); the limit unauditedCreatorsPer24h > 0 makes the app an unaudited client
 * (only SELF_ONLY, only private accounts, at most that many posting creators per 24 h).
 * setProcessing: `fail` → FAILED with fail_reason = reason (default file_format_check_failed);
 * `expire` → the upload_url is expired at once (status FAILED, upload_url_expired), or for
 * PULL_FROM_URL the URL has expired when TikTok fetches it (video_pull_failed/photo_pull_failed).
 */

const MIB = 1024 * 1024;
/** "MB" in the chunk rules is read as MiB, as TikTok's own Rust and JS SDKs do. */
const MIN_CHUNK = 5 * MIB;
const MAX_CHUNK = 64 * MIB;
/** What the sandbox fetches at most for a PULL_FROM_URL video (TikTok's own maximum is unclear: 1–4 GB). */
const MAX_PULLED_VIDEO_BYTES = 4 * 1024 * MIB;
const MAX_PHOTO_BYTES = 20 * MIB;
const UPLOAD_URL_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const FETCH_TIMEOUT_MS = 60_000;
const DEFAULT_READS = 1;
const privacyLevels = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
const videoTypes = ['video/mp4', 'video/quicktime', 'video/webm'];

const limits: LimitDefinitions = {
  creatorInfoPerMinute: { default: 20, description: 'creator_info/query calls per access token per minute → 429 rate_limit_exceeded' },
  videoInitPerMinute: { default: 6, description: 'video/init (and inbox/video/init) calls per access token per minute → 429 rate_limit_exceeded' },
  contentInitPerMinute: { default: 6, description: 'content/init calls per access token per minute → 429 rate_limit_exceeded' },
  statusFetchPerMinute: { default: 30, description: 'status/fetch calls per access token per minute → 429 rate_limit_exceeded' },
  postsPerCreatorPerDay: { default: 15, description: 'direct posts per creator per rolling 24 h → 403 spam_risk_too_many_posts' },
  unauditedCreatorsPer24h: { default: 0, description: '0: the app is audited; n > 0: unaudited (SELF_ONLY, private accounts, n posting creators per 24 h → 403 reached_active_user_cap)' },
};

type PublishStatus = 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'PUBLISH_COMPLETE' | 'SEND_TO_USER_INBOX' | 'FAILED';

interface FileUpload {
  uploadId: string;
  uploadToken: string;
  videoSize: number;
  chunkSize: number;
  chunkCount: number;
  blobId: string;
  /** Contiguous bytes stored from the start. */
  received: number;
  contentType: string | undefined;
  expiresAt: number;
  busy: boolean;
}

interface Publish {
  id: string;
  account: string;
  kind: 'video' | 'photo';
  mode: 'DIRECT_POST' | 'MEDIA_UPLOAD';
  title: string;
  description: string;
  /** post_info's settings as the init request carried them (shown in the feed). */
  settings?: Record<string, string | boolean>;
  upload?: FileUpload;
  /** PULL_FROM_URL: the sandbox's download; resolves with the media, or the fail_reason. */
  download?: Promise<FeedMedia[] | string>;
  downloadedBytes: number;
  status: PublishStatus;
  failReason?: string;
  processing: Progression;
  postId?: string;
  /** The post id shows from the fetch after the one that first read PUBLISH_COMPLETE. */
  postIdShown: boolean;
}

type Fields = Record<string, unknown>;

export function tiktokPublishing(context: PlatformContext): { routes: Route[]; uploadHosts: string[]; limits: LimitDefinitions; reset(): void } {
  let publishes = new Map<string, Publish>();
  /** Unaudited clients: when each creator last started a post. */
  let posters = new Map<string, number>();
  const error = (status: number, code: string, message: string) => tiktokError(context.now(), status, code, message);
  const invalid = (message: string) => error(400, 'invalid_params', message);

  const isPrivateAccount = (account: string) => account.toLowerCase().startsWith('private');
  const interactionsOff = (account: string) => account.toLowerCase().startsWith('quiet');
  const unaudited = () => context.limit('unauditedCreatorsPer24h') > 0;

  function privacyOptions(account: string): string[] {
    if (unaudited()) return ['SELF_ONLY'];
    return isPrivateAccount(account) ? ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'] : [...privacyLevels];
  }

  /** Token, scope and per-token rate limit: the caller's account, or the error answer. */
  function authenticate(request: SandboxRequest, scopes: string[], limitName: string): Extract<AccessCheck, { account: unknown }> | SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return error(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    if (!scopes.some((scope) => access.token.scopes.includes(scope))) {
      return error(401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request.');
    }
    const now = context.now();
    const key = `${limitName}/${access.token.hash}`;
    if (context.events.since(key, now - MINUTE_MS + 1).length >= context.limit(limitName)) {
      return error(429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.');
    }
    context.events.record(key, now);
    return access;
  }

  async function jsonBody(request: SandboxRequest): Promise<Fields | undefined> {
    const body = await readJson(request);
    return isRecord(body) ? body : undefined;
  }

  function creatorInfo(request: SandboxRequest): SandboxResponse {
    const access = authenticate(request, ['video.publish'], 'creatorInfoPerMinute');
    if ('status' in access) return access;
    const { account } = access;
    return tiktokOk(context.now(), {
      creator_avatar_url: context.avatarUrl(tiktokOpenId(account.name)),
      creator_username: handle(account.name, 24),
      creator_nickname: account.displayName,
      privacy_level_options: privacyOptions(account.name),
      comment_disabled: interactionsOff(account.name),
      duet_disabled: interactionsOff(account.name),
      stitch_disabled: interactionsOff(account.name),
      max_video_post_duration_sec: 600,
    });
  }

  /** The post_info checks a direct post shares (video and photo); undefined when fine. */
  function checkPostInfo(account: string, postInfo: Fields, limitsOf: { title: number; description?: number }): SandboxResponse | undefined {
    const { title = '', description = '', privacy_level: privacy } = postInfo;
    if (typeof title !== 'string' || title.length > limitsOf.title) return invalid(`post_info.title must be a string of at most ${limitsOf.title} characters.`);
    if (limitsOf.description !== undefined && (typeof description !== 'string' || description.length > limitsOf.description)) {
      return invalid(`post_info.description must be a string of at most ${limitsOf.description} characters.`);
    }
    for (const flag of ['disable_duet', 'disable_comment', 'disable_stitch', 'brand_content_toggle', 'brand_organic_toggle', 'is_aigc', 'auto_add_music']) {
      if (postInfo[flag] !== undefined && typeof postInfo[flag] !== 'boolean') return invalid(`post_info.${flag} must be a boolean.`);
    }
    if (typeof privacy !== 'string' || !privacyLevels.includes(privacy)) return invalid(`post_info.privacy_level must be one of ${privacyLevels.join(', ')}.`);
    if (unaudited() && !isPrivateAccount(account)) {
      return error(403, 'unaudited_client_can_only_post_to_private_accounts', 'Unaudited clients can only post to a private account.');
    }
    if (!privacyOptions(account).includes(privacy)) {
      return error(400, 'privacy_level_option_mismatch', 'privacy_level is not one of the privacy_level_options of the creator.');
    }
    // Content Sharing Guidelines: branded content visibility cannot be set to private.
    if (postInfo['brand_content_toggle'] === true && privacy === 'SELF_ONLY') {
      return invalid('Branded content visibility cannot be set to private: brand_content_toggle cannot be true with privacy_level SELF_ONLY.');
    }
    return undefined;
  }

  /** The settings of a direct post's post_info, recorded with the post (the feed shows them). */
  function settingsOf(postInfo: Fields | undefined, kind: 'video' | 'photo'): Record<string, string | boolean> | undefined {
    if (!postInfo) return undefined;
    const names = ['privacy_level', 'disable_comment', ...(kind === 'video' ? ['disable_duet', 'disable_stitch'] : ['auto_add_music']), 'brand_content_toggle', 'brand_organic_toggle'];
    const settings: Record<string, string | boolean> = {};
    for (const name of names) {
      const value = postInfo[name];
      if (typeof value === 'string' || typeof value === 'boolean') settings[name] = value;
    }
    return settings;
  }

  function settingsFor(mode: 'DIRECT_POST' | 'MEDIA_UPLOAD', postInfo: Fields | undefined, kind: 'video' | 'photo'): { settings?: Record<string, string | boolean> } {
    const settings = mode === 'DIRECT_POST' ? settingsOf(postInfo, kind) : undefined;
    return settings ? { settings } : {};
  }

  /** The per-creator caps a direct post counts against; undefined when it may post. */
  function checkCaps(account: string): SandboxResponse | undefined {
    const now = context.now();
    if (context.events.since(`posts/${account}`, now - DAY_MS + 1).length >= context.limit('postsPerCreatorPerDay')) {
      return error(403, 'spam_risk_too_many_posts', 'The daily post cap of the creator has been reached.');
    }
    if (unaudited()) {
      const active = [...posters].filter(([, at]) => at > now - DAY_MS).map(([name]) => name);
      if (!active.includes(account) && active.length >= context.limit('unauditedCreatorsPer24h')) {
        return error(403, 'reached_active_user_cap', 'The daily quota of active publishing users of this unaudited client has been reached.');
      }
    }
    return undefined;
  }

  function countPost(account: string): void {
    context.events.record(`posts/${account}`, context.now());
    posters.set(account, context.now());
  }

  /** FILE_UPLOAD's chunk rules (platform-apis.md §2); the refusal, or undefined. */
  function checkChunks(videoSize: unknown, chunkSize: unknown, chunkCount: unknown): string | undefined {
    if (![videoSize, chunkSize, chunkCount].every((value) => Number.isInteger(value) && (value as number) > 0)) {
      return 'source_info.video_size, chunk_size and total_chunk_count must be positive integers.';
    }
    const [size, chunk, count] = [videoSize, chunkSize, chunkCount] as number[];
    if (size! < MIN_CHUNK) {
      return chunk === size && count === 1 ? undefined : 'A video smaller than 5 MB must be uploaded as one chunk with chunk_size equal to video_size.';
    }
    if (chunk! < MIN_CHUNK || chunk! > MAX_CHUNK) return 'chunk_size must be between 5 MB and 64 MB.';
    if (chunk! > size!) return 'chunk_size must not exceed video_size.';
    if (count !== Math.floor(size! / chunk!)) return 'total_chunk_count must be video_size divided by chunk_size, rounded down.';
    // The final chunk (size - chunk × (count - 1)) is then under 2 × 64 MB: the 128 MB rule holds.
    if (count! > 1000) return 'There must be at most 1000 chunks.';
    return undefined;
  }

  function newPublish(account: string, fields: Omit<Publish, 'id' | 'account' | 'downloadedBytes' | 'status' | 'processing' | 'postIdShown'> & { id: string }): Publish {
    const publish: Publish = {
      ...fields,
      account,
      downloadedBytes: 0,
      status: fields.upload ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD',
      processing: progression(context.nextProcessing(DEFAULT_READS, account)),
      postIdShown: false,
    };
    publishes.set(publish.id, publish);
    return publish;
  }

  /** Fetches PULL_FROM_URL files into the media store: the media, or the fail_reason. */
  async function pull(publish: Publish, urls: string[], kind: 'video' | 'photo'): Promise<FeedMedia[] | string> {
    const pullFailed = kind === 'video' ? 'video_pull_failed' : 'photo_pull_failed';
    if (publish.processing.plan.outcome === 'expire') return pullFailed;
    try {
      return await pullEach(publish, urls, kind, pullFailed);
    } catch {
      return pullFailed;
    }
  }

  async function pullEach(publish: Publish, urls: string[], kind: 'video' | 'photo', pullFailed: string): Promise<FeedMedia[] | string> {
    const media: FeedMedia[] = [];
    for (const url of urls) {
      const fetched = await fetchMedia(context.media, url, { maxBytes: kind === 'video' ? MAX_PULLED_VIDEO_BYTES : MAX_PHOTO_BYTES, timeoutMs: FETCH_TIMEOUT_MS });
      if (!fetched.ok) return fetched.failure === 'too_large' ? (kind === 'video' ? 'file_format_check_failed' : 'picture_size_check_failed') : pullFailed;
      publish.downloadedBytes += fetched.size;
      if (kind === 'photo') {
        const format = sniffImage(fetched.head);
        const declared = fetched.contentType;
        if (format === 'png' || format === 'gif' || declared === 'image/png' || declared === 'image/gif') return 'file_format_check_failed';
        media.push({ contentType: format === 'webp' || declared === 'image/webp' ? 'image/webp' : 'image/jpeg', size: fetched.size, blobId: fetched.blobId });
      } else {
        media.push({ contentType: videoTypes.includes(fetched.contentType) ? fetched.contentType : 'video/mp4', size: fetched.size, blobId: fetched.blobId });
      }
    }
    return media;
  }

  async function videoInit(request: SandboxRequest, mode: 'DIRECT_POST' | 'MEDIA_UPLOAD'): Promise<SandboxResponse> {
    const access = authenticate(request, [mode === 'DIRECT_POST' ? 'video.publish' : 'video.upload'], 'videoInitPerMinute');
    if ('status' in access) return access;
    const account = access.account.name;
    const body = await jsonBody(request);
    if (!body) return invalid('The request body must be a JSON object.');
    const postInfo = isRecord(body['post_info']) ? body['post_info'] : undefined;
    if (mode === 'DIRECT_POST') {
      if (!postInfo) return invalid('post_info is required.');
      const refused = checkPostInfo(account, postInfo, { title: 2200 });
      if (refused) return refused;
      if (postInfo['video_cover_timestamp_ms'] !== undefined && !Number.isInteger(postInfo['video_cover_timestamp_ms'])) {
        return invalid('post_info.video_cover_timestamp_ms must be an integer.');
      }
    }
    const source = isRecord(body['source_info']) ? body['source_info'] : undefined;
    if (!source) return invalid('source_info is required.');
    if (source['source'] !== 'FILE_UPLOAD' && source['source'] !== 'PULL_FROM_URL') return invalid('source_info.source must be FILE_UPLOAD or PULL_FROM_URL.');
    if (source['source'] === 'FILE_UPLOAD') {
      const refused = checkChunks(source['video_size'], source['chunk_size'], source['total_chunk_count']);
      if (refused) return invalid(refused);
    } else if (typeof source['video_url'] !== 'string' || !/^https?:\/\//i.test(source['video_url'])) {
      return invalid('source_info.video_url must be an http(s) URL.');
    }
    if (mode === 'DIRECT_POST') {
      const capped = checkCaps(account);
      if (capped) return capped;
      countPost(account);
    }

    const title = typeof postInfo?.['title'] === 'string' ? postInfo['title'] : '';
    const fileUpload = source['source'] === 'FILE_UPLOAD';
    const id = `v_${fileUpload ? (mode === 'DIRECT_POST' ? 'pub_file' : 'inbox_file') : mode === 'DIRECT_POST' ? 'pub_url' : 'inbox_url'}~v2-1.7${randomDigits(18)}`;
    if (!fileUpload) {
      const publish = newPublish(account, { id, kind: 'video', mode, title, description: '', ...settingsFor(mode, postInfo, 'video') });
      publish.download = pull(publish, [source['video_url'] as string], 'video');
      void publish.download.then((pulled) => typeof pulled !== 'string' && goLive(publish, pulled));
      return tiktokOk(context.now(), { publish_id: publish.id });
    }
    const upload: FileUpload = {
      uploadId: `7${randomDigits(18)}`,
      uploadToken: randomText(32),
      videoSize: source['video_size'] as number,
      chunkSize: source['chunk_size'] as number,
      chunkCount: source['total_chunk_count'] as number,
      blobId: await context.media.create(),
      received: 0,
      contentType: undefined,
      expiresAt: context.now() + UPLOAD_URL_MS,
      busy: false,
    };
    const publish = newPublish(account, { id, kind: 'video', mode, title, description: '', upload, ...settingsFor(mode, postInfo, 'video') });
    if (publish.processing.plan.outcome === 'expire') upload.expiresAt = context.now();
    const uploadUrl = new URL(`${context.hostUrl('open-upload')}/video/`);
    uploadUrl.searchParams.set('upload_id', upload.uploadId);
    uploadUrl.searchParams.set('upload_token', upload.uploadToken);
    return tiktokOk(context.now(), { publish_id: publish.id, upload_url: uploadUrl.toString() });
  }

  async function contentInit(request: SandboxRequest): Promise<SandboxResponse> {
    const body = await jsonBody(request);
    const mode = body?.['post_mode'] === 'MEDIA_UPLOAD' ? 'MEDIA_UPLOAD' : 'DIRECT_POST';
    const access = authenticate(request, [mode === 'DIRECT_POST' ? 'video.publish' : 'video.upload'], 'contentInitPerMinute');
    if ('status' in access) return access;
    const account = access.account.name;
    if (!body) return invalid('The request body must be a JSON object.');
    if (body['media_type'] !== 'PHOTO') return invalid('media_type must be PHOTO.');
    if (body['post_mode'] !== 'DIRECT_POST' && body['post_mode'] !== 'MEDIA_UPLOAD') return invalid('post_mode must be DIRECT_POST or MEDIA_UPLOAD.');
    const postInfo = isRecord(body['post_info']) ? body['post_info'] : {};
    if (mode === 'DIRECT_POST') {
      const refused = checkPostInfo(account, postInfo, { title: 90, description: 4000 });
      if (refused) return refused;
    } else if ((typeof postInfo['title'] === 'string' && postInfo['title'].length > 90) || (typeof postInfo['description'] === 'string' && postInfo['description'].length > 4000)) {
      return invalid('post_info.title must be at most 90 characters and description at most 4000.');
    }
    const source = isRecord(body['source_info']) ? body['source_info'] : undefined;
    if (!source) return invalid('source_info is required.');
    if (source['source'] !== 'PULL_FROM_URL') return invalid('Photo posts support source PULL_FROM_URL only.');
    const images = source['photo_images'];
    if (!Array.isArray(images) || images.length < 1 || images.length > 35 || !images.every((url) => typeof url === 'string' && /^https?:\/\//i.test(url))) {
      return invalid('source_info.photo_images must be 1 to 35 http(s) URLs.');
    }
    const cover = source['photo_cover_index'] ?? 0;
    if (!Number.isInteger(cover) || (cover as number) < 0 || (cover as number) >= images.length) return invalid('source_info.photo_cover_index must index photo_images.');
    if (mode === 'DIRECT_POST') {
      const capped = checkCaps(account);
      if (capped) return capped;
      countPost(account);
    }
    const publish = newPublish(account, {
      id: `p_${mode === 'DIRECT_POST' ? 'pub' : 'inbox'}_url~v2.7${randomDigits(18)}`,
      kind: 'photo',
      mode,
      title: typeof postInfo['title'] === 'string' ? postInfo['title'] : '',
      description: typeof postInfo['description'] === 'string' ? postInfo['description'] : '',
      ...settingsFor(mode, postInfo, 'photo'),
    });
    publish.download = pull(publish, images as string[], 'photo');
    void publish.download.then((pulled) => typeof pulled !== 'string' && goLive(publish, pulled));
    return tiktokOk(context.now(), { publish_id: publish.id });
  }

  /** A stored chunk: 206 while chunks are missing, 201 once the video is complete (in the envelope too). */
  function uploaded(status: 201 | 206): SandboxResponse {
    return { ...tiktokOk(context.now(), {}), status };
  }

  function uploadError(status: number, message: string): SandboxResponse {
    return error(status, 'invalid_file_upload', message);
  }

  async function uploadChunk(request: SandboxRequest): Promise<SandboxResponse> {
    const uploadId = request.query.get('upload_id');
    const publish = [...publishes.values()].find((candidate) => candidate.upload?.uploadId === uploadId);
    const upload = publish?.upload;
    if (!publish || !upload || upload.uploadToken !== request.query.get('upload_token') || upload.expiresAt <= context.now()) {
      return error(404, 'invalid_params', 'The upload_url is invalid or has expired.');
    }
    if (upload.received === upload.videoSize) return uploaded(201);
    const contentType = (header(request, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!videoTypes.includes(contentType)) return uploadError(400, `Content-Type must be one of ${videoTypes.join(', ')}.`);
    const range = parseContentRange(header(request, 'content-range'));
    if (range?.kind !== 'bytes') return uploadError(400, 'Content-Range must be bytes {first}-{last}/{total}.');
    if (range.total !== upload.videoSize) return uploadError(400, 'The Content-Range total must be the video_size given at init.');
    const index = range.first / upload.chunkSize;
    const final = index === upload.chunkCount - 1;
    const expectedLast = final ? upload.videoSize - 1 : range.first + upload.chunkSize - 1;
    if (!Number.isInteger(index) || index >= upload.chunkCount || range.last !== expectedLast) {
      return uploadError(400, `The Content-Range does not match a chunk of ${upload.chunkSize} bytes (the final chunk takes the rest).`);
    }
    const next = Math.floor(upload.received / upload.chunkSize);
    // Sequential only; sending the last stored chunk again (a retry) replaces it.
    if (index > next || index < next - 1) return uploadError(400, `Chunks must be uploaded sequentially: chunk ${next} is next, got chunk ${index}.`);
    const size = range.last - range.first + 1;
    const length = contentLength(request);
    if (length !== undefined && length !== size) return uploadError(400, 'Content-Length does not match Content-Range.');
    if (upload.busy) return uploadError(409, 'Another chunk is being uploaded.');

    upload.busy = true;
    try {
      const received = await receiveBody(context.media, request, upload.blobId, range.first, size);
      if (received.result !== 'ok') {
        upload.received = Math.min(upload.received, range.first);
        return uploadError(400, 'The chunk body does not match its Content-Range.');
      }
    } finally {
      upload.busy = false;
    }
    upload.received = Math.max(upload.received, range.last + 1);
    upload.contentType = contentType;
    if (upload.received === upload.videoSize) goLive(publish, [{ contentType, size: upload.videoSize, blobId: upload.blobId }]);
    return uploaded(upload.received === upload.videoSize ? 201 : 206);
  }

  /**
   * A direct post goes live the moment TikTok has the whole file (the last chunk arrived, or the
   * pull finished), whether or not anyone reads its status, as the real TikTok posts by itself.
   * Processing that will fail (setProcessing `fail`) never goes live.
   */
  function goLive(publish: Publish, media: FeedMedia[]): void {
    if (publish.mode !== 'DIRECT_POST' || publish.postId || publish.processing.plan.outcome === 'fail') return;
    publish.postId = `7${randomDigits(18)}`;
    context.feed.add({
      platform: 'tiktok',
      account: publish.account,
      id: publish.postId,
      url: `https://www.tiktok.com/@${handle(publish.account, 24)}/${publish.kind}/${publish.postId}`,
      text: publish.kind === 'photo' ? publish.description : publish.title,
      ...(publish.kind === 'photo' && publish.title ? { title: publish.title } : {}),
      media,
      createdAt: context.now(),
      ...(publish.settings ? { settings: publish.settings } : {}),
    });
  }

  /** Processing is over: the status reads PUBLISH_COMPLETE (its id shows on a later fetch). */
  function complete(publish: Publish, media: FeedMedia[]): void {
    if (publish.mode === 'MEDIA_UPLOAD') {
      publish.status = 'SEND_TO_USER_INBOX';
      return;
    }
    goLive(publish, media);
    publish.status = 'PUBLISH_COMPLETE';
  }

  /** One status read: processing advances. */
  async function advance(publish: Publish): Promise<void> {
    if (publish.status === 'FAILED' || publish.status === 'SEND_TO_USER_INBOX') return;
    if (publish.status === 'PUBLISH_COMPLETE') {
      publish.postIdShown = true;
      return;
    }
    let media: FeedMedia[];
    const { upload } = publish;
    if (upload) {
      if (upload.received < upload.videoSize) {
        if (upload.expiresAt <= context.now()) {
          publish.status = 'FAILED';
          publish.failReason = publish.processing.plan.reason ?? 'upload_url_expired';
        }
        return;
      }
      media = [{ contentType: upload.contentType ?? 'video/mp4', size: upload.videoSize, blobId: upload.blobId }];
    } else {
      const pulled = await publish.download!;
      if (typeof pulled === 'string') {
        publish.status = 'FAILED';
        publish.failReason = pulled;
        return;
      }
      media = pulled;
    }
    if (!publish.processing.read()) return;
    const { outcome, reason } = publish.processing.plan;
    if (outcome === 'fail') {
      publish.status = 'FAILED';
      publish.failReason = reason ?? 'file_format_check_failed';
      return;
    }
    complete(publish, media);
  }

  async function statusFetch(request: SandboxRequest): Promise<SandboxResponse> {
    const access = authenticate(request, ['video.publish', 'video.upload'], 'statusFetchPerMinute');
    if ('status' in access) return access;
    const body = await jsonBody(request);
    const publishId = body?.['publish_id'];
    if (typeof publishId !== 'string' || !publishId) return invalid('publish_id is required.');
    const publish = publishes.get(publishId);
    if (!publish || publish.account !== access.account.name) return invalid('publish_id is invalid.');
    await advance(publish);
    return tiktokOk(context.now(), {
      status: publish.status,
      ...(publish.status === 'FAILED' ? { fail_reason: publish.failReason } : {}),
      publicaly_available_post_id: publish.postId && publish.postIdShown ? [publish.postId] : [],
      ...(publish.upload ? { uploaded_bytes: publish.upload.received } : { downloaded_bytes: publish.downloadedBytes }),
    });
  }

  return {
    limits,
    uploadHosts: ['open-upload'],
    routes: [
      { method: 'POST', hostKey: 'open', path: '/v2/post/publish/creator_info/query/', handle: creatorInfo },
      { method: 'POST', hostKey: 'open', path: '/v2/post/publish/video/init/', handle: (request) => videoInit(request, 'DIRECT_POST') },
      { method: 'POST', hostKey: 'open', path: '/v2/post/publish/inbox/video/init/', handle: (request) => videoInit(request, 'MEDIA_UPLOAD') },
      { method: 'POST', hostKey: 'open', path: '/v2/post/publish/content/init/', handle: contentInit },
      { method: 'POST', hostKey: 'open', path: '/v2/post/publish/status/fetch/', handle: statusFetch },
      { method: 'PUT', hostKey: 'open-upload', path: '/video/', handle: uploadChunk },
    ],
    reset() {
      publishes = new Map();
      posters = new Map();
    },
  };
}
