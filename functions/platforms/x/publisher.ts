import { CannotTell } from '../createOnce';
import { Rejected, truncate } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { CommentRequest, CommentResult, MediaSource, PublishProgress, PublishRequest, StepResult } from '../publisher';
import type { PublisherFactory } from '../module';
import { alreadyPublished, isOk, postMedia, progressList, progressNumber, progressText, publishedResult, readRange } from '../steps';
import { xOptionsSchema } from '../../../shared/platforms/xOptions';
import { classifyXError } from './adapter';

/**
 * X API v2 (platform-apis.md §4): a video goes through initialize → append (multipart segments)
 * → finalize → STATUS; images are one-shot uploads; `publish` is POST /2/tweets.
 *
 * progress: mediaId, nextSegment, finalized (video); mediaIds (images, as uploaded);
 * then platformPostId, postUrl.
 */

/** Segments of 4 MiB: under the 5 MB that v1.1 allowed (the v2 maximum is not documented). */
export const X_SEGMENT_BYTES = 4 * 1024 * 1024;
const DEFAULT_CHECK_AFTER_SECONDS = 5;
/** How many of the user's latest posts reconcile looks through. */
const RECENT_POSTS = 20;
/** Where people see posts: the public site, whatever host the API calls go to. */
const SITE = 'https://x.com';

const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

interface MediaUpload {
  id?: string;
  processing_info?: { state?: string; check_after_secs?: number; error?: { message?: string } };
}

/** Text as X shows it back: entities decoded, links (t.co, and the media link) left out, spaces folded. */
export function comparableText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export const createXPublisher: PublisherFactory = ({ hosts, http, clock }) => {
  const api = (path: string) => `${hosts['api']}${path}`;
  const fail = (response: PlatformResponse) => classifyXError(response, clock.now());
  const bearer = (request: Pick<PublishRequest, 'tokens'>) => ({ authorization: `Bearer ${request.tokens.accessToken}` });
  const statusUrl = (request: Pick<PublishRequest, 'account'>, postId: string) => {
    const username = request.account.username?.replace(/^@/, '');
    return `${SITE}/${username || 'i'}/status/${postId}`;
  };

  /** Reads a media answer; a 2xx with errors[] and no data is a refusal too. */
  function mediaUpload(response: PlatformResponse): MediaUpload {
    if (!isOk(response)) throw fail(response);
    const body = (response.body ?? {}) as { data?: MediaUpload; errors?: Array<{ message?: string; detail?: string }> };
    if (!body.data) throw new Rejected(truncate(`Twitter API error: ${body.errors?.[0]?.message ?? body.errors?.[0]?.detail ?? response.text}`));
    return body.data;
  }

  /** processing_info mapped to a step: none or succeeded is ready; failed is a refusal. */
  function processingResult(progress: PublishProgress, media: MediaUpload): StepResult {
    const info = media.processing_info;
    if (!info || info.state === 'succeeded') return { state: 'ready', progress };
    if (info.state === 'failed') throw new Rejected(truncate(`Twitter video processing failed: ${info.error?.message ?? 'Unknown error'}`));
    return { state: 'processing', progress, waitSeconds: info.check_after_secs ?? DEFAULT_CHECK_AFTER_SECONDS };
  }

  async function uploadVideo(request: PublishRequest, video: MediaSource): Promise<StepResult> {
    let progress: PublishProgress = { ...request.progress };
    let mediaId = progressText(progress, 'mediaId');
    if (!mediaId) {
      const initialized = mediaUpload(
        await http({
          method: 'POST',
          url: api('/2/media/upload/initialize'),
          headers: bearer(request),
          json: { media_type: video.contentType, total_bytes: video.size, media_category: 'tweet_video' },
        }),
      );
      if (!initialized.id) throw new Rejected('Twitter API error: initialize returned no media id');
      mediaId = initialized.id;
      progress = { ...progress, mediaId, nextSegment: 0 };
      await request.saveProgress?.(progress);
    }
    if (progress['finalized'] === true) return { state: 'processing', progress, waitSeconds: DEFAULT_CHECK_AFTER_SECONDS };
    const segmentCount = Math.ceil(video.size / X_SEGMENT_BYTES);
    for (let segment = progressNumber(progress, 'nextSegment') ?? 0; segment < segmentCount; segment += 1) {
      const first = segment * X_SEGMENT_BYTES;
      const last = Math.min(first + X_SEGMENT_BYTES, video.size) - 1;
      const response = await http({
        method: 'POST',
        url: api(`/2/media/upload/${mediaId}/append`),
        headers: bearer(request),
        multipart: { segment_index: String(segment), media: { data: await readRange(video, first, last), contentType: 'application/octet-stream' } },
      });
      if (!isOk(response)) throw fail(response);
      // Saved per confirmed segment: an interrupted upload resumes from the next one.
      progress = { ...progress, nextSegment: segment + 1 };
      await request.saveProgress?.(progress);
    }
    const finalized = mediaUpload(await http({ method: 'POST', url: api(`/2/media/upload/${mediaId}/finalize`), headers: bearer(request) }));
    return processingResult({ ...progress, finalized: true }, finalized);
  }

  async function uploadImages(request: PublishRequest, images: MediaSource[]): Promise<StepResult> {
    const mediaIds = [...progressList(request.progress, 'mediaIds')];
    for (const image of images.slice(mediaIds.length)) {
      const uploaded = mediaUpload(
        await http({
          method: 'POST',
          url: api('/2/media/upload'),
          headers: bearer(request),
          multipart: {
            media: { data: await readRange(image, 0, image.size - 1), contentType: image.contentType },
            media_category: 'tweet_image',
            media_type: imageTypes.has(image.contentType) ? image.contentType : 'image/jpeg',
          },
        }),
      );
      if (!uploaded.id) throw new Rejected('Twitter API error: the upload returned no media id');
      mediaIds.push(uploaded.id);
      await request.saveProgress?.({ ...request.progress, mediaIds: [...mediaIds] });
    }
    return { state: 'ready', progress: { ...request.progress, mediaIds } };
  }

  function postBody(request: PublishRequest): { text: string; media: { media_ids: string[] }; reply_settings?: string } {
    const media = postMedia('x', request.media);
    const mediaIds = media.kind === 'video' ? [progressText(request.progress, 'mediaId')].filter((id): id is string => Boolean(id)) : progressList(request.progress, 'mediaIds');
    const expected = media.kind === 'video' ? 1 : media.images.length;
    if (mediaIds.length !== expected) throw new Rejected('The media has not been uploaded to X yet');
    // Everyone may reply unless the user chose otherwise; X's default is no field at all.
    const { replySettings } = xOptionsSchema.parse(request.options ?? {});
    return { text: request.text, media: { media_ids: mediaIds }, ...(replySettings === 'everyone' ? {} : { reply_settings: replySettings }) };
  }

  /**
   * The posts a user-timeline answer lists (none: X leaves `data` out and says result_count 0).
   * An answer that is neither cannot tell: read as "nothing there", it would post again.
   */
  function latestPosts<Post>(response: PlatformResponse): Post[] {
    const body = response.body as { data?: unknown; meta?: { result_count?: unknown } } | undefined;
    if (Array.isArray(body?.data)) return body.data as Post[];
    if (body?.meta?.result_count === 0) return [];
    throw new CannotTell('its answer listed no posts');
  }

  /** Looks through the user's latest posts for one with the same text. */
  async function findRecentPost(request: PublishRequest): Promise<string | undefined> {
    const wanted = comparableText(request.text);
    if (!wanted) throw new CannotTell('a post without text cannot be found among your latest posts');
    const response = await http({
      method: 'GET',
      url: withQuery(api(`/2/users/${encodeURIComponent(request.account.platformUserId)}/tweets`), {
        max_results: String(RECENT_POSTS),
        exclude: 'replies,retweets',
      }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    const posts = latestPosts<{ id?: string; text?: string }>(response);
    return posts.find((post) => post.id && post.text !== undefined && comparableText(post.text) === wanted)?.id;
  }

  /** Looks through the user's latest posts, replies included, for the reply with this text under `parentId`. */
  async function findRecentReply(request: CommentRequest, parentId: string): Promise<string | undefined> {
    const wanted = comparableText(request.text);
    if (!wanted) throw new CannotTell('a reply without text cannot be found among your latest posts');
    const response = await http({
      method: 'GET',
      url: withQuery(api(`/2/users/${encodeURIComponent(request.account.platformUserId)}/tweets`), { max_results: String(RECENT_POSTS), 'tweet.fields': 'referenced_tweets' }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    const posts = latestPosts<{ id?: string; text?: string; referenced_tweets?: Array<{ type?: string; id?: string }> }>(response);
    return posts.find(
      (post) => post.id && post.text !== undefined && comparableText(post.text) === wanted && post.referenced_tweets?.some((ref) => ref.type === 'replied_to' && ref.id === parentId),
    )?.id;
  }

  /** POST /2/tweets as a reply to `request.post`, once; an id already in progress under `idKey` is answered without a call. */
  async function postReply(request: CommentRequest, what: string, idKey: string): Promise<CommentResult> {
    const parentId = request.post.platformPostId;
    const url = (id: string) => statusUrl(request, id);
    const recorded = progressText(request.progress, idKey);
    if (recorded) return { commentId: recorded, url: url(recorded), progress: request.progress };
    const replyId = await request.createOnce({
      what,
      progress: request.progress,
      send: async () => {
        const response = await http({
          method: 'POST',
          url: api('/2/tweets'),
          headers: bearer(request),
          json: { text: request.text, reply: { in_reply_to_tweet_id: parentId } },
        });
        if (!isOk(response)) throw fail(response);
        const id = (response.body as { data?: { id?: string } } | undefined)?.data?.id;
        if (!id) throw new Rejected(truncate(`Twitter API error: the reply was answered without its id: ${response.text}`));
        return id;
      },
      reconcile: () => findRecentReply(request, parentId),
    });
    return { commentId: replyId, url: url(replyId), progress: { ...request.progress, [idKey]: replyId } };
  }

  return {
    platform: 'x',

    async start(request) {
      const media = postMedia('x', request.media);
      if (media.kind === 'image') return uploadImages(request, media.images);
      return uploadVideo(request, media.video);
    },

    async checkStatus(request) {
      const mediaId = progressText(request.progress, 'mediaId');
      // Images have nothing to process.
      if (!mediaId) return { state: 'ready', progress: request.progress };
      const response = await http({
        method: 'GET',
        url: withQuery(api('/2/media/upload'), { command: 'STATUS', media_id: mediaId }),
        headers: bearer(request),
      });
      return processingResult(request.progress, mediaUpload(response));
    },

    /** POST /2/tweets, once (createOnce); a lost answer is reconciled against the account's latest posts. */
    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const body = postBody(request);
      const postId = await request.createOnce({
        what: 'the post',
        progress: request.progress,
        send: async () => {
          const response = await http({ method: 'POST', url: api('/2/tweets'), headers: bearer(request), json: body });
          if (!isOk(response)) throw fail(response);
          const answer = (response.body ?? {}) as { data?: { id?: string }; errors?: Array<{ message?: string; detail?: string }> };
          const id = answer.data?.id;
          if (!id) throw new Rejected(truncate(`Twitter API error: ${answer.errors?.[0]?.detail ?? answer.errors?.[0]?.message ?? response.text}`));
          return id;
        },
        reconcile: () => findRecentPost(request),
      });
      return publishedResult(request.progress, postId, statusUrl(request, postId));
    },

    /** The first comment is a reply: POST /2/tweets with reply.in_reply_to_tweet_id, once (createOnce). */
    firstComment: (request) => postReply(request, 'the first comment', 'commentId'),

    /** A thread's next post is a reply to the one before, once (createOnce); its id kept as thread<n>Id. */
    threadPart: (request) => postReply(request, `post ${request.part} of the thread`, `thread${request.part}Id`),
  };
};
