import { CannotTell, checkYourAccount, OutcomeUnknown } from '../createOnce';
import { RateLimited, Rejected, truncate } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { PublisherFactory } from '../module';
import type { CommentRequest, MediaSource, PublishProgress, PublishRequest, StepResult } from '../publisher';
import { firstCommentScopeMissing } from '../../../shared/platforms/comments';
import { facebookOptionsSchema, facebookReelSeconds } from '../../../shared/platforms/facebookOptions';
import { alreadyPublished, isOk, listedIn, postMedia, progressList, progressNumber, progressText, publishedResult, readRange } from '../steps';
import { classifyFacebookError } from './errors';
import type { FacebookOptions } from './options';

/**
 * A post on a Facebook Page, as the Page, with the Page's token (Pages API, "Posts" and
 * "Photos"; docs/platforms/facebook.md):
 *
 * - `start` uploads each photo unpublished (POST /{page-id}/photos, url + published=false; a
 *   photo people do not see until a post shows it), keeping each id as it comes so a resumed
 *   step never uploads one twice;
 * - `checkStatus` has nothing to wait for (photos need no processing): ready;
 * - `publish` makes the post people see, once (createOnce): POST /{page-id}/feed with the message
 *   and the photos in attached_media. After a lost answer, the look-up reads the Page's latest
 *   posts for one with this message made since the call was armed (`sentAt`).
 *
 * A video goes through the chunked upload on graph-video.facebook.com (docs/platforms/facebook.md,
 * "Video"): `start` opens the session (upload_phase=start) and sends the chunks Facebook asks for
 * (upload_phase=transfer, each offset saved as it is confirmed, so a resumed step sends on from
 * there); `publish` sends upload_phase=finish with the description — the call that makes the post,
 * under createOnce, looked up after a lost answer by the video's status (finished or not) — then
 * `checkStatus` reads the video's status until it is ready (or failed, in words).
 *
 * A Reel (the user's choice, facebookOptions.ts) goes through the Reels Publishing API: `start`
 * opens it (POST /{page-id}/video_reels upload_phase=start → video_id, upload_url) and sends the
 * bytes to rupload.facebook.com (from the offset Facebook has, after an interruption); `publish`
 * checks the Page's Reels of the last 24 hours against the documented 30 (Meta asks apps to keep
 * the limit themselves) and sends upload_phase=finish&video_state=PUBLISHED under createOnce,
 * looked up by the reel's publishing phase; `checkStatus` reads its status until published.
 *
 * progress: photoIds (in the post's order), sentAt; or videoId, uploadSessionId, startOffset,
 * endOffset, finished; or reelId, uploadUrl, reelUploaded, finished; then platformPostId, postUrl;
 * commentId once the first comment is posted. A photo upload whose answer was lost leaves an unpublished photo
 * nobody sees, and is uploaded again.
 *
 * The first comment is a comment on the post as the Page (POST /{post-id}/comments, with
 * pages_manage_engagement), once; a lost answer is looked up among the post's comments, by the
 * Page and with this text.
 */

/** Where people see a post when its permalink cannot be read: Facebook opens a post by its id. */
const SITE = 'https://www.facebook.com';
/** How many of the Page's latest posts a look-up reads. */
const RECENT_POSTS = 25;
/** Clock skew allowed between us and Facebook when a look-up compares times. */
const SKEW_MS = 5 * 60_000;
const VIDEO_WAIT_SECONDS = 15;
/** The Reels Publishing API's limit: "30 API-published posts within a 24-hour moving period". */
const REELS_PER_DAY = 30;
const DAY_MS = 24 * 3600_000;

interface VideoStatus {
  video_status?: string;
  uploading_phase?: { status?: string; bytes_transferred?: number };
  processing_phase?: { status?: string; error?: { message?: string } };
  publishing_phase?: { status?: string };
}

interface FeedItem {
  id?: string;
  message?: string;
  created_time?: string;
}

export const createFacebookPublisher: PublisherFactory<FacebookOptions> = ({ hosts, http, clock, options }) => {
  const graph = (path: string) => `${hosts['graph']}/${options.graphVersion}${path}`;
  const fail = (response: PlatformResponse) => classifyFacebookError(response, clock.now());
  const bearer = (request: Pick<PublishRequest, 'tokens'>) => ({ authorization: `Bearer ${request.tokens.accessToken}` });
  const pageId = (request: Pick<PublishRequest, 'account'>) => encodeURIComponent(request.account.platformUserId);
  const videoHost = (path: string) => `${hosts['video']}/${options.graphVersion}${path}`;

  /** Opens the upload session (once) and sends every chunk Facebook asks for, from the last confirmed offset. */
  async function uploadVideo(request: PublishRequest, video: MediaSource): Promise<PublishProgress> {
    let progress: PublishProgress = { ...request.progress };
    if (!progressText(progress, 'videoId')) {
      const response = await http({ method: 'POST', url: videoHost(`/${pageId(request)}/videos`), headers: bearer(request), form: { upload_phase: 'start', file_size: String(video.size) } });
      if (!isOk(response)) throw fail(response);
      const body = (response.body ?? {}) as { video_id?: string; upload_session_id?: string; start_offset?: string; end_offset?: string };
      if (!body.video_id || !body.upload_session_id) throw new Rejected('Facebook opened no upload session for the video.');
      progress = { ...progress, videoId: String(body.video_id), uploadSessionId: String(body.upload_session_id), startOffset: Number(body.start_offset ?? 0), endOffset: Number(body.end_offset ?? 0) };
      await request.saveProgress?.(progress);
    }
    for (;;) {
      const start = progressNumber(progress, 'startOffset') ?? 0;
      const end = progressNumber(progress, 'endOffset') ?? 0;
      if (end <= start) break;
      const chunk = await readRange(video, start, end - 1);
      const response = await http({
        method: 'POST',
        url: videoHost(`/${pageId(request)}/videos`),
        headers: bearer(request),
        multipart: {
          upload_phase: 'transfer',
          upload_session_id: progressText(progress, 'uploadSessionId')!,
          start_offset: String(start),
          video_file_chunk: { data: chunk, contentType: 'application/octet-stream', filename: `chunk-${start}` },
        },
      });
      if (!isOk(response)) throw fail(response);
      const next = (response.body ?? {}) as { start_offset?: string; end_offset?: string };
      const nextStart = Number(next.start_offset);
      const nextEnd = Number(next.end_offset);
      if (!Number.isFinite(nextStart) || !Number.isFinite(nextEnd) || nextStart <= start) throw new Rejected('Facebook did not confirm the video chunk it received.');
      // Saved per chunk: an interrupted step sends on from here.
      progress = { ...progress, startOffset: nextStart, endOffset: nextEnd };
      await request.saveProgress?.(progress);
    }
    if ((progressNumber(progress, 'startOffset') ?? 0) !== video.size) throw new Rejected(`Facebook stopped the upload at byte ${String(progress['startOffset'])} of ${video.size}.`);
    return progress;
  }

  /** Opens the Reel (once) and sends its bytes to the upload URL Facebook gave, from the offset it has. */
  async function uploadReel(request: PublishRequest, video: MediaSource): Promise<PublishProgress> {
    const seconds = video.durationSeconds;
    if (seconds !== undefined && (seconds < facebookReelSeconds.min || seconds > facebookReelSeconds.max)) {
      throw new Rejected(`A Facebook Reel is ${facebookReelSeconds.min} to ${facebookReelSeconds.max} seconds long: this video is ${Math.round(seconds)} seconds. Publish it as a Page video instead.`);
    }
    let progress: PublishProgress = { ...request.progress };
    if (!progressText(progress, 'reelId')) {
      const response = await http({ method: 'POST', url: graph(`/${pageId(request)}/video_reels`), headers: bearer(request), form: { upload_phase: 'start' } });
      if (!isOk(response)) throw fail(response);
      const body = (response.body ?? {}) as { video_id?: string; upload_url?: string };
      if (!body.video_id || !body.upload_url || !/^https?:\/\//.test(body.upload_url)) throw new Rejected('Facebook opened no upload for the Reel.');
      progress = { ...progress, reelId: String(body.video_id), uploadUrl: body.upload_url };
      await request.saveProgress?.(progress);
    }
    if (progress['reelUploaded'] !== true) {
      // After an interruption Facebook says how much it has; a fresh upload starts at 0.
      const offset = progress['reelUploadBegun'] === true ? Number((await readVideoStatus(request, progressText(progress, 'reelId')!)).uploading_phase?.bytes_transferred ?? 0) : 0;
      progress = { ...progress, reelUploadBegun: true };
      await request.saveProgress?.(progress);
      const response = await http({
        method: 'POST',
        url: progressText(progress, 'uploadUrl')!,
        headers: { authorization: `OAuth ${request.tokens.accessToken}`, offset: String(offset), file_size: String(video.size), 'content-type': 'application/octet-stream' },
        binary: await readRange(video, offset, video.size - 1),
      });
      if (!isOk(response)) throw fail(response);
      progress = { ...progress, reelUploaded: true };
      await request.saveProgress?.(progress);
    }
    return progress;
  }

  /** The documented 30 Reels per Page in a moving 24 hours, from the Page's own list: waits for the oldest to leave the window. */
  async function checkReelQuota(request: PublishRequest): Promise<void> {
    const since = clock.now().getTime() - DAY_MS;
    const response = await http({
      method: 'GET',
      url: withQuery(graph(`/${pageId(request)}/video_reels`), { fields: 'id,created_time', limit: String(REELS_PER_DAY + 1) }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    const times = listedIn<{ created_time?: string }>(response, 'data', 'reels')
      .map((reel) => Date.parse(reel.created_time ?? ''))
      .filter((at) => Number.isFinite(at) && at > since)
      .sort((a, b) => a - b);
    if (times.length >= REELS_PER_DAY) {
      throw new RateLimited(`Facebook takes at most ${REELS_PER_DAY} Reels from apps per Page in 24 hours; OneClick publishes this one when the oldest leaves the window.`, new Date(times[times.length - REELS_PER_DAY]! + DAY_MS));
    }
  }

  /** upload_phase=finish, once: the Reel exists from here; then its status. */
  async function finishReel(request: PublishRequest): Promise<StepResult> {
    const reelId = progressText(request.progress, 'reelId')!;
    let progress = request.progress;
    if (progress['finished'] !== true) {
      await request.createOnce({
        what: 'the Facebook Reel',
        progress,
        // The limit is read in `send`: after a lost answer the look-up comes first (the lost Reel may count).
        send: async () => {
          await checkReelQuota(request);
          const response = await http({
            method: 'POST',
            url: graph(`/${pageId(request)}/video_reels`),
            headers: bearer(request),
            form: { upload_phase: 'finish', video_id: reelId, video_state: 'PUBLISHED', description: request.text },
          });
          if (!isOk(response)) throw fail(response);
          if ((response.body as { success?: unknown } | undefined)?.success !== true) throw new CannotTell('Facebook answered the Reel\'s finish without success');
          return reelId;
        },
        reconcile: () => finishedVideo(request, reelId),
      });
      progress = { ...progress, finished: true };
      await request.saveProgress?.(progress);
    }
    return videoResult(request, progress, reelId);
  }

  /** One status read of the video (GET /{video-id}?fields=status). */
  async function readVideoStatus(request: PublishRequest, videoId: string): Promise<VideoStatus> {
    const response = await http({ method: 'GET', url: withQuery(graph(`/${encodeURIComponent(videoId)}`), { fields: 'status' }), headers: bearer(request) });
    if (!isOk(response)) throw fail(response);
    const status = (response.body as { status?: VideoStatus } | undefined)?.status;
    if (!status?.video_status) throw new CannotTell('Facebook answered without the video\'s status');
    return status;
  }

  /** After finish: ready → published (with its link), processing → wait, error → refused in words. */
  async function videoResult(request: PublishRequest, progress: PublishProgress, videoId = progressText(progress, 'videoId')!): Promise<StepResult> {
    const status = await readVideoStatus(request, videoId);
    if (status.video_status === 'ready') return publishedResult(progress, videoId, await permalink(request, videoId));
    if (status.video_status === 'error') {
      throw new Rejected(truncate(`Facebook could not process the video: ${status.processing_phase?.error?.message ?? 'no reason given'}`));
    }
    return { state: 'processing', progress, waitSeconds: VIDEO_WAIT_SECONDS };
  }

  /** After a lost finish answer: whether the upload was finished (the post exists) or is still waiting for it. */
  async function finishedVideo(request: PublishRequest, videoId: string): Promise<string | undefined> {
    const { video_status: state } = await readVideoStatus(request, videoId);
    if (state === 'upload_complete') return undefined;
    if (state === 'processing' || state === 'ready' || state === 'error') return videoId;
    throw new CannotTell(`the video's status was ${String(state)}`);
  }

  /** upload_phase=finish, once: the post exists from here; then its status. */
  async function finishVideo(request: PublishRequest): Promise<StepResult> {
    const videoId = progressText(request.progress, 'videoId')!;
    let progress = request.progress;
    if (progress['finished'] !== true) {
      await request.createOnce({
        what: 'the Facebook video',
        progress,
        send: async () => {
          const response = await http({
            method: 'POST',
            url: videoHost(`/${pageId(request)}/videos`),
            headers: bearer(request),
            form: { upload_phase: 'finish', upload_session_id: progressText(progress, 'uploadSessionId'), description: request.text, ...(request.title ? { title: request.title } : {}) },
          });
          if (!isOk(response)) throw fail(response);
          if ((response.body as { success?: unknown } | undefined)?.success !== true) throw new CannotTell('Facebook answered the finish without success');
          return videoId;
        },
        reconcile: () => finishedVideo(request, videoId),
      });
      progress = { ...progress, finished: true };
      await request.saveProgress?.(progress);
    }
    return videoResult(request, progress);
  }

  /** The photos uploaded unpublished, one per image in the post's order, resuming after those already uploaded. */
  async function uploadPhotos(request: PublishRequest): Promise<PublishProgress> {
    const media = postMedia('facebook', request.media);
    if (media.kind !== 'image') throw new Rejected('Facebook takes one video or photos in a post.');
    const photoIds = [...progressList(request.progress, 'photoIds')];
    let progress: PublishProgress = { ...request.progress, photoIds: [...photoIds] };
    for (const image of media.images.slice(photoIds.length)) {
      const response = await http({
        method: 'POST',
        url: graph(`/${pageId(request)}/photos`),
        headers: bearer(request),
        form: { url: await image.publicUrl(), published: 'false' },
      });
      if (!isOk(response)) throw fail(response);
      const id = (response.body as { id?: string | number } | undefined)?.id;
      if (id === undefined || id === '') throw new Rejected('Facebook answered the photo upload without the photo\'s id.');
      photoIds.push(String(id));
      // Saved per photo: an interrupted step resumes with the next one.
      progress = { ...progress, photoIds: [...photoIds] };
      await request.saveProgress?.(progress);
    }
    return progress;
  }

  /** After a lost answer: the Page's post with this message made since the call was armed, if any. */
  async function postedPost(request: PublishRequest, sentAt: number): Promise<string | undefined> {
    const response = await http({
      method: 'GET',
      url: withQuery(graph(`/${pageId(request)}/feed`), { fields: 'id,message,created_time', limit: String(RECENT_POSTS) }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    const posts = listedIn<FeedItem>(response, 'data', 'posts');
    const match = posts.find(
      (post) => post.id && (post.message ?? '') === request.text && post.created_time !== undefined && Date.parse(post.created_time) >= sentAt - SKEW_MS,
    );
    return match?.id;
  }

  /** The post's permalink; after the post exists nothing may throw, so a failed read gives the post's address by id. */
  async function permalink(request: PublishRequest, postId: string): Promise<string> {
    const fallback = `${SITE}/${postId}`;
    try {
      const response = await http({ method: 'GET', url: withQuery(graph(`/${encodeURIComponent(postId)}`), { fields: 'permalink_url' }), headers: bearer(request) });
      const link = isOk(response) ? (response.body as { permalink_url?: string } | undefined)?.permalink_url : undefined;
      // A video's permalink_url is a path on the site (/{page-id}/videos/{id}/).
      const absolute = link?.startsWith('/') ? `${SITE}${link}` : link;
      return absolute && /^https:\/\//.test(absolute) ? absolute : fallback;
    } catch {
      return fallback;
    }
  }

  /** After a lost comment answer: the post's comment by this Page with this text. */
  async function postedComment(request: CommentRequest): Promise<string | undefined> {
    const response = await http({
      method: 'GET',
      url: withQuery(graph(`/${encodeURIComponent(request.post.platformPostId)}/comments`), { fields: 'id,message,from', filter: 'stream', order: 'reverse_chronological', limit: '100' }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    const comments = listedIn<{ id?: string; message?: string; from?: { id?: string } }>(response, 'data', 'comments');
    return comments.find((comment) => comment.id && comment.from?.id === request.account.platformUserId && comment.message === request.text)?.id;
  }

  return {
    platform: 'facebook',

    async start(request): Promise<StepResult> {
      const media = postMedia('facebook', request.media);
      if (media.kind === 'video' && facebookOptionsSchema.parse(request.options ?? {}).videoAs === 'reel') return { state: 'ready', progress: await uploadReel(request, media.video) };
      if (media.kind === 'video') return { state: 'ready', progress: await uploadVideo(request, media.video) };
      return { state: 'ready', progress: await uploadPhotos(request) };
    },

    async checkStatus(request): Promise<StepResult> {
      // A finished video is processing until it is ready; photos and an unfinished upload have nothing to wait for.
      if (progressText(request.progress, 'reelId') && request.progress['finished'] === true) return videoResult(request, request.progress, progressText(request.progress, 'reelId'));
      if (progressText(request.progress, 'videoId') && request.progress['finished'] === true) return videoResult(request, request.progress);
      return { state: 'ready', progress: request.progress };
    },

    async publish(request): Promise<StepResult> {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      if (progressText(request.progress, 'reelId')) return finishReel(request);
      if (progressText(request.progress, 'videoId')) return finishVideo(request);
      const photoIds = progressList(request.progress, 'photoIds');
      if (photoIds.length === 0 || photoIds.length !== request.media.length) throw new Rejected('The Facebook photos are not uploaded yet.');
      // Kept with the intent: a look-up after a lost answer looks only at posts made since.
      const sentAt = Number(request.progress['sentAt']) || clock.now().getTime();
      const progress: PublishProgress = { ...request.progress, sentAt };
      const postId = await request.createOnce({
        what: 'the Facebook post',
        progress,
        send: async () => {
          const attached = Object.fromEntries(photoIds.map((id, index) => [`attached_media[${index}]`, JSON.stringify({ media_fbid: id })]));
          const response = await http({ method: 'POST', url: graph(`/${pageId(request)}/feed`), headers: bearer(request), form: { message: request.text, ...attached } });
          if (!isOk(response)) throw fail(response);
          const id = (response.body as { id?: string } | undefined)?.id;
          if (!id) throw new CannotTell('Facebook answered the post without its id');
          return id;
        },
        reconcile: () => postedPost(request, sentAt),
      });
      return publishedResult(progress, postId, await permalink(request, postId));
    },

    /**
     * A comment on the post as the Page, once (createOnce). Not tried without
     * pages_manage_engagement (a connection that did not grant it): the comment ends in words,
     * the post standing. Its link is the post's.
     */
    async firstComment(request) {
      const recorded = progressText(request.progress, 'commentId');
      if (recorded) return { commentId: recorded, url: request.post.postUrl, progress: request.progress };
      if (firstCommentScopeMissing('facebook', request.tokens.scopes)) {
        throw new Rejected('reconnect your Facebook Page and allow OneClick to comment as it (this connection did not grant pages_manage_engagement).');
      }
      const commentId = await request.createOnce({
        what: 'the first comment',
        progress: request.progress,
        send: async () => {
          const response = await http({
            method: 'POST',
            url: graph(`/${encodeURIComponent(request.post.platformPostId)}/comments`),
            headers: bearer(request),
            form: { message: request.text },
          });
          if (!isOk(response)) throw fail(response);
          const id = (response.body as { id?: string } | undefined)?.id;
          if (!id) throw new OutcomeUnknown(checkYourAccount('Facebook', 'the first comment', "it answered without the comment's id"));
          return id;
        },
        reconcile: () => postedComment(request),
      });
      return { commentId, url: request.post.postUrl, progress: { ...request.progress, commentId } };
    },
  };
};
