import { Rejected } from '../errors';
import type { PlatformResponse } from '../http';
import type { MediaSource, PublisherFactory, PublishProgress, PublishRequest, StepResult } from '../publisher';
import { alreadyPublished, isOk, postMedia, progressNumber, progressText, readRange } from '../steps';
import { classifyTiktokError } from './adapter';

/**
 * TikTok Direct Post (platform-apis.md §2). The init call is the create call: once the file is
 * transferred (FILE_UPLOAD) or fetched (PULL_FROM_URL), TikTok posts by itself. `start` asks
 * creator_info, inits and transfers; `checkStatus` reads status/fetch until PUBLISH_COMPLETE;
 * `publish` reports the post.
 *
 * progress: postKind, username, publishId, and for a video uploadUrl, chunkSize, chunkCount,
 * nextChunk; then platformPostId, postUrl.
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

  function chooseSettings(creator: CreatorInfo, video?: MediaSource) {
    const options = creator.privacy_level_options ?? [];
    const privacyLevel = options.includes('PUBLIC_TO_EVERYONE') ? 'PUBLIC_TO_EVERYONE' : options[0];
    if (!privacyLevel) throw new Rejected('TikTok offers no privacy level this account may post with');
    const maxSeconds = creator.max_video_post_duration_sec;
    if (video?.durationSeconds !== undefined && maxSeconds !== undefined && video.durationSeconds > maxSeconds) {
      throw new Rejected(`The video is ${Math.ceil(video.durationSeconds)} seconds long; TikTok allows this account at most ${maxSeconds} seconds`);
    }
    return {
      privacy_level: privacyLevel,
      // What the creator switched off in TikTok stays off (TikTok's UX guidelines).
      disable_comment: creator.comment_disabled === true,
      disable_duet: creator.duet_disabled === true,
      disable_stitch: creator.stitch_disabled === true,
    };
  }

  async function transfer(video: MediaSource, progress: PublishProgress): Promise<PublishProgress> {
    const uploadUrl = progressText(progress, 'uploadUrl')!;
    const chunkSize = progressNumber(progress, 'chunkSize')!;
    const chunkCount = progressNumber(progress, 'chunkCount')!;
    let next = progressNumber(progress, 'nextChunk') ?? 0;
    for (; next < chunkCount; next += 1) {
      const first = next * chunkSize;
      const last = next === chunkCount - 1 ? video.size - 1 : first + chunkSize - 1;
      const response = await http({
        method: 'PUT',
        url: uploadUrl,
        headers: { 'content-type': video.contentType, 'content-range': `bytes ${first}-${last}/${video.size}` },
        binary: await readRange(video, first, last),
      });
      // 206 for a chunk, 201 when the file is complete.
      if (!isOk(response)) throw fail(response);
    }
    return { ...progress, nextChunk: next };
  }

  async function initVideo(request: PublishRequest, video: MediaSource, creator: CreatorInfo): Promise<PublishProgress> {
    const { chunkSize, chunkCount } = tiktokChunks(video.size);
    if (chunkCount > MAX_CHUNKS) throw new Rejected('The video is too large for TikTok');
    const data = await call<{ publish_id?: string; upload_url?: string }>(request, '/v2/post/publish/video/init/', {
      post_info: {
        title: request.text,
        ...chooseSettings(creator, video),
        brand_content_toggle: false,
        brand_organic_toggle: false,
        is_aigc: false,
      },
      source_info: { source: 'FILE_UPLOAD', video_size: video.size, chunk_size: chunkSize, total_chunk_count: chunkCount },
    });
    if (!data.publish_id || !data.upload_url) throw new Rejected('TikTok returned no publish_id or upload_url');
    return { publishId: data.publish_id, uploadUrl: data.upload_url, chunkSize, chunkCount, nextChunk: 0 };
  }

  async function initPhotos(request: PublishRequest, images: MediaSource[], creator: CreatorInfo): Promise<PublishProgress> {
    const { privacy_level, disable_comment } = chooseSettings(creator);
    const data = await call<{ publish_id?: string }>(request, '/v2/post/publish/content/init/', {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: {
        ...(request.title ? { title: request.title } : {}),
        description: request.text,
        privacy_level,
        disable_comment,
        auto_add_music: true,
        brand_content_toggle: false,
        brand_organic_toggle: false,
      },
      source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0, photo_images: await Promise.all(images.map((image) => image.publicUrl())) },
    });
    if (!data.publish_id) throw new Rejected('TikTok returned no publish_id');
    return { publishId: data.publish_id };
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
        // Public posts are moderated first; until then the id list is empty and the publish_id stands in.
        const postId = data.publicaly_available_post_id?.[0];
        const platformPostId = postId !== undefined && postId !== '' ? String(postId) : publishId;
        const url = postUrl(request.progress, request, postId !== undefined && postId !== '' ? String(postId) : undefined);
        return { state: 'ready', progress: { ...request.progress, platformPostId, postUrl: url } };
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
        const creator = await call<CreatorInfo>(request, '/v2/post/publish/creator_info/query/');
        const username = creator.creator_username ?? request.account.username;
        const sent = media.kind === 'video' ? await initVideo(request, media.video, creator) : await initPhotos(request, media.images, creator);
        progress = { ...progress, postKind: media.kind === 'video' ? 'video' : 'photo', ...(username ? { username } : {}), ...sent };
      }
      if (media.kind === 'video') progress = await transfer(media.video, progress);
      return { state: 'processing', progress, waitSeconds: STATUS_WAIT_SECONDS };
    },

    checkStatus: status,

    /** The post was created by init; this reports it (one status call if it is not recorded yet). */
    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const result = await status(request);
      return result.state === 'ready' ? (alreadyPublished(result.progress) ?? result) : result;
    },

    /**
     * With a publish_id, status/fetch tells: complete (published), still processing (TikTok will
     * post it by itself: the processing result), or failed (Rejected). Without one, a video was
     * never transferred, so it does not exist; photos are pulled by TikTok, so a lost init may
     * still have posted them.
     */
    async reconcile(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      if (progressText(request.progress, 'publishId')) {
        const result = await status(request);
        return result.state === 'ready' ? (alreadyPublished(result.progress) ?? result) : result;
      }
      if (postMedia('tiktok', request.media).kind === 'video') return undefined;
      throw new Rejected('TikTok cannot tell whether the photo post was created: check your TikTok account before publishing again');
    },
  };
};
