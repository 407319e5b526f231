import { CannotTell, checkYourAccount, OutcomeUnknown } from '../createOnce';
import { Rejected } from '../errors';
import type { PlatformResponse } from '../http';
import type { MediaSource, PublishProgress, PublishRequest, StepResult } from '../publisher';
import type { PublisherFactory } from '../module';
import { alreadyPublished, isOk, postMedia, progressNumber, progressText, readRange } from '../steps';
import { classifyTiktokError } from './adapter';
import { TIKTOK_PRIVATE_LEVEL, tiktokOptionsSchema, tiktokRuleMessages, type TiktokOptions } from '../../../shared/platforms/tiktokOptions';

/**
 * TikTok Direct Post (platform-apis.md §2). The init call is the create call: once the file is
 * transferred (FILE_UPLOAD) or fetched (PULL_FROM_URL), TikTok posts by itself. `start` asks
 * creator_info, inits and transfers; `checkStatus` reads status/fetch until PUBLISH_COMPLETE;
 * `publish` reports the post. The create calls (a photo's init, a video's final chunk) go
 * through createOnce; every other id and confirmed chunk is saved the moment TikTok gives it.
 *
 * progress: postKind, username, publishId, and for a video uploadUrl, chunkSize, chunkCount,
 * nextChunk; idReads (status reads waiting for the public id); then platformPostId, postUrl
 * (and notice, when TikTok never showed the public id).
 */

/**
 * 10,000,000 bytes, TikTok's own example: within 5–64 MB whether MB means 10^6 or 2^20 bytes,
 * and the last chunk (chunk + remainder) stays below 20 MB, far under the 128 MB cap.
 */
export const TIKTOK_CHUNK_BYTES = 10_000_000;
const MAX_CHUNKS = 1000;
/** Where people see posts: the public site, whatever host the API calls go to. */
const SITE = 'https://www.tiktok.com';
const STATUS_WAIT_SECONDS = 10;
/** Status reads after PUBLISH_COMPLETE waiting for the public post id (about five minutes). */
const MAX_ID_READS = 30;

/** The chunk rules: count = floor(size / chunk), the last chunk takes the remainder; a small file is one chunk. */
export function tiktokChunks(videoSize: number): { chunkSize: number; chunkCount: number } {
  if (videoSize < TIKTOK_CHUNK_BYTES) return { chunkSize: videoSize, chunkCount: 1 };
  return { chunkSize: TIKTOK_CHUNK_BYTES, chunkCount: Math.floor(videoSize / TIKTOK_CHUNK_BYTES) };
}

interface Envelope<T> {
  data?: T;
  error?: { code?: string; message?: string };
}

interface CreatorInfo {
  creator_username?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
  max_video_post_duration_sec?: number;
}

interface PublishStatus {
  status?: string;
  fail_reason?: string;
  publicaly_available_post_id?: Array<string | number>;
}

/** Why a photo post whose init answer was lost cannot be looked up. */
const PHOTO_POST_UNFINDABLE = 'the answer carrying its publish_id was lost, and TikTok offers no list of posts to look in';

export const createTiktokPublisher: PublisherFactory = ({ hosts, http, clock }) => {
  const open = (path: string) => `${hosts['open']}${path}`;
  const fail = (response: PlatformResponse) => classifyTiktokError(response, clock.now());

  /** A Content Posting API call: JSON in, the `{data, error}` envelope out (error.code "ok" on success). */
  async function call<T>(request: PublishRequest, path: string, json?: unknown): Promise<T> {
    const response = await http({
      method: 'POST',
      url: open(path),
      headers: { authorization: `Bearer ${request.tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
      ...(json !== undefined ? { json } : {}),
    });
    const envelope = (response.body ?? {}) as Envelope<T>;
    if (!isOk(response) || (envelope.error?.code && envelope.error.code !== 'ok')) throw fail(response);
    return (envelope.data ?? {}) as T;
  }

  /**
   * The user's choices checked against the creator's settings as TikTok reports them now
   * (creator_info, asked just before): a privacy level TikTok no longer offers this creator fails
   * the target in words — never another privacy level in its place — and an interaction the
   * creator switched off stays off whatever was chosen.
   */
  function postSettings(request: PublishRequest, creator: CreatorInfo, video?: MediaSource) {
    const options = userChoices(request);
    const offered = creator.privacy_level_options ?? [];
    if (!offered.includes(options.privacyLevel)) {
      throw new Rejected(
        offered.length
          ? `TikTok no longer offers the chosen privacy (${options.privacyLevel}) for this account: it now offers ${offered.join(', ')}. Publish it again with one of those`
          : 'TikTok offers no privacy level this account may post with',
      );
    }
    if (options.commercialContent?.brandedContent && options.privacyLevel === TIKTOK_PRIVATE_LEVEL) throw new Rejected(tiktokRuleMessages.brandedNotPrivate);
    const maxSeconds = creator.max_video_post_duration_sec;
    if (video?.durationSeconds !== undefined && maxSeconds !== undefined && video.durationSeconds > maxSeconds) {
      throw new Rejected(`The video is ${Math.ceil(video.durationSeconds)} seconds long; TikTok allows this account at most ${maxSeconds} seconds`);
    }
    return {
      privacy_level: options.privacyLevel,
      disable_comment: !options.allowComment || creator.comment_disabled === true,
      disable_duet: !options.allowDuet || creator.duet_disabled === true,
      disable_stitch: !options.allowStitch || creator.stitch_disabled === true,
      // Your brand → brand_organic_toggle ("Promotional content"); branded content → brand_content_toggle ("Paid partnership").
      brand_content_toggle: options.commercialContent?.brandedContent === true,
      brand_organic_toggle: options.commercialContent?.yourBrand === true,
    };
  }

  /** The post options the user chose for TikTok; none (a post stored before they existed) is refused in words. */
  function userChoices(request: PublishRequest): TiktokOptions {
    if (!request.options) throw new Rejected(tiktokRuleMessages.choosePrivacy);
    const parsed = tiktokOptionsSchema.safeParse(request.options);
    if (!parsed.success) throw new Rejected(parsed.error.issues.map((issue) => issue.message).join(' '));
    return parsed.data;
  }

  /** Whether TikTok has the whole file (the final chunk arrived): it posts by itself from then on. */
  async function hasWholeFile(request: PublishRequest, progress: PublishProgress): Promise<true | undefined> {
    const data = await call<PublishStatus>(request, '/v2/post/publish/status/fetch/', { publish_id: progressText(progress, 'publishId') });
    if (data.status === 'FAILED') throw new Rejected(`TikTok could not publish the post: ${data.fail_reason || 'no reason given'}`);
    // No status is no answer: read as "not complete", the final chunk would go again.
    if (data.status === undefined) throw new CannotTell('its answer gave no status');
    return data.status === 'PROCESSING_UPLOAD' ? undefined : true;
  }

  /**
   * The chunks from the last one TikTok confirmed, each confirmation saved at once. The final
   * chunk is the create call (TikTok posts by itself when the file is complete): createOnce.
   */
  async function transfer(request: PublishRequest, video: MediaSource, start: PublishProgress): Promise<PublishProgress> {
    let progress = start;
    const uploadUrl = progressText(progress, 'uploadUrl')!;
    const chunkSize = progressNumber(progress, 'chunkSize')!;
    const chunkCount = progressNumber(progress, 'chunkCount')!;
    for (let next = progressNumber(progress, 'nextChunk') ?? 0; next < chunkCount; next += 1) {
      const first = next * chunkSize;
      const last = next === chunkCount - 1 ? video.size - 1 : first + chunkSize - 1;
      const put = async (): Promise<true> => {
        const response = await http({
          method: 'PUT',
          url: uploadUrl,
          headers: { 'content-type': video.contentType, 'content-range': `bytes ${first}-${last}/${video.size}` },
          binary: await readRange(video, first, last),
        });
        // 206 for a chunk, 201 when the file is complete.
        if (!isOk(response)) throw fail(response);
        return true;
      };
      if (next === chunkCount - 1) {
        const at = progress;
        await request.createOnce({ what: 'the TikTok video post', progress: at, send: put, reconcile: () => hasWholeFile(request, at) });
      } else {
        await put();
      }
      progress = { ...progress, nextChunk: next + 1 };
      await request.saveProgress?.(progress);
    }
    return progress;
  }

  async function initVideo(request: PublishRequest, video: MediaSource, creator: CreatorInfo): Promise<PublishProgress> {
    const { chunkSize, chunkCount } = tiktokChunks(video.size);
    if (chunkCount > MAX_CHUNKS) throw new Rejected('The video is too large for TikTok');
    const data = await call<{ publish_id?: string; upload_url?: string }>(request, '/v2/post/publish/video/init/', {
      post_info: { title: request.text, ...postSettings(request, creator, video), is_aigc: false },
      source_info: { source: 'FILE_UPLOAD', video_size: video.size, chunk_size: chunkSize, total_chunk_count: chunkCount },
    });
    if (!data.publish_id || !data.upload_url) throw new Rejected('TikTok returned no publish_id or upload_url');
    return { publishId: data.publish_id, uploadUrl: data.upload_url, chunkSize, chunkCount, nextChunk: 0 };
  }

  async function initPhotos(request: PublishRequest, images: MediaSource[], settings: ReturnType<typeof postSettings>): Promise<string> {
    // Photo posts take no duet or stitch (content/init's post_info).
    const { privacy_level, disable_comment, brand_content_toggle, brand_organic_toggle } = settings;
    const data = await call<{ publish_id?: string }>(request, '/v2/post/publish/content/init/', {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: {
        ...(request.title ? { title: request.title } : {}),
        description: request.text,
        privacy_level,
        disable_comment,
        auto_add_music: true,
        brand_content_toggle,
        brand_organic_toggle,
      },
      source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0, photo_images: await Promise.all(images.map((image) => image.publicUrl())) },
    });
    if (!data.publish_id) throw new CannotTell('TikTok answered the photo post without its publish_id');
    return data.publish_id;
  }

  function postUrl(progress: PublishProgress, request: PublishRequest, postId?: string): string {
    const username = (progressText(progress, 'username') ?? request.account.username ?? '').replace(/^@/, '');
    const profile = username ? `${SITE}/@${username}` : SITE;
    return postId && username ? `${profile}/${progressText(progress, 'postKind') === 'photo' ? 'photo' : 'video'}/${postId}` : profile;
  }

  /** One status/fetch call mapped to a step result. */
  async function status(request: PublishRequest): Promise<StepResult> {
    const publishId = progressText(request.progress, 'publishId');
    if (!publishId) throw new Rejected('Nothing has been sent to TikTok yet');
    const data = await call<PublishStatus>(request, '/v2/post/publish/status/fetch/', { publish_id: publishId });
    switch (data.status) {
      case 'PUBLISH_COMPLETE': {
        // Public posts are moderated first; until then the id list is empty. Keep reading
        // (bounded) until the public id appears; if it never does, say so.
        const postId = data.publicaly_available_post_id?.[0];
        if (postId !== undefined && postId !== '') {
          return { state: 'ready', progress: { ...request.progress, platformPostId: String(postId), postUrl: postUrl(request.progress, request, String(postId)) } };
        }
        const idReads = (progressNumber(request.progress, 'idReads') ?? 0) + 1;
        if (idReads < MAX_ID_READS) return { state: 'processing', progress: { ...request.progress, idReads }, waitSeconds: STATUS_WAIT_SECONDS };
        return {
          state: 'ready',
          progress: {
            ...request.progress,
            idReads,
            platformPostId: publishId,
            postUrl: postUrl(request.progress, request),
            notice: 'TikTok published the post but has not shown its public id (it may still be in review): the link opens your TikTok profile.',
          },
        };
      }
      case 'FAILED':
        throw new Rejected(`TikTok could not publish the post: ${data.fail_reason || 'no reason given'}`);
      case 'SEND_TO_USER_INBOX':
        throw new Rejected('TikTok sent the post to your TikTok inbox instead of publishing it: finish it in the TikTok app');
      default:
        return { state: 'processing', progress: request.progress, waitSeconds: STATUS_WAIT_SECONDS };
    }
  }

  return {
    platform: 'tiktok',

    async start(request) {
      const media = postMedia('tiktok', request.media);
      let progress: PublishProgress = { ...request.progress };
      if (!progressText(progress, 'publishId')) {
        // A photo post's init was sent and its answer lost: no call may come before the look-up, and there is none to make.
        if (media.kind === 'image' && request.createArmed) throw new OutcomeUnknown(checkYourAccount('TikTok', 'the TikTok photo post', PHOTO_POST_UNFINDABLE));
        const creator = await call<CreatorInfo>(request, '/v2/post/publish/creator_info/query/');
        const username = creator.creator_username ?? request.account.username;
        progress = { ...progress, postKind: media.kind === 'video' ? 'video' : 'photo', ...(username ? { username } : {}) };
        if (media.kind === 'video') {
          // Not yet a post: TikTok posts when the last chunk arrives (transfer).
          progress = { ...progress, ...(await initVideo(request, media.video, creator)) };
        } else {
          // TikTok pulls the photos and posts by itself: init is the create call.
          const at = progress;
          // Checked before the intent is recorded: a refused choice is a plain failure, never "check your account".
          const settings = postSettings(request, creator);
          const publishId = await request.createOnce({
            what: 'the TikTok photo post',
            progress: at,
            send: () => initPhotos(request, media.images, settings),
            reconcile: () => {
              throw new CannotTell(PHOTO_POST_UNFINDABLE);
            },
          });
          progress = { ...progress, publishId };
        }
        await request.saveProgress?.(progress);
      }
      if (media.kind === 'video') progress = await transfer(request, media.video, progress);
      return { state: 'processing', progress, waitSeconds: STATUS_WAIT_SECONDS };
    },

    checkStatus: status,

    /** The post was created by the upload (or init, for photos); this reports it (one status call if it is not recorded yet). */
    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const result = await status(request);
      return result.state === 'ready' ? (alreadyPublished(result.progress) ?? result) : result;
    },
  };
};
