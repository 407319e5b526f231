import { PlatformError, Rejected, truncate } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { MediaSource, PublisherFactory, PublishProgress, PublishRequest, StepResult } from '../publisher';
import { alreadyPublished, isOk, postMedia, progressList, progressNumber, progressText, publishedResult, readRange } from '../steps';
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

export const createXPublisher: PublisherFactory = ({ hosts, http, clock, options }) => {
  const api = (path: string) => `${hosts['api']}${path}`;
  const fail = (response: PlatformResponse) => classifyXError(response, clock.now());
  const bearer = (request: PublishRequest) => ({ authorization: `Bearer ${request.tokens.accessToken}` });
  const statusUrl = (request: PublishRequest, postId: string) => {
    const username = request.account.username?.replace(/^@/, '');
    return `${SITE}/${username || 'i'}/status/${postId}`;
  };

  /** A video over the configured size is linked, not uploaded (0 turns this off). */
  const linksInstead = (video: MediaSource) => options.xVideoLinkFallbackBytes > 0 && video.size > options.xVideoLinkFallbackBytes;

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
      progress = { ...progress, nextSegment: segment + 1 };
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
    }
    return { state: 'ready', progress: { ...request.progress, mediaIds } };
  }

  async function postBody(request: PublishRequest): Promise<{ text: string; media?: { media_ids: string[] } }> {
    const media = postMedia('x', request.media);
    if (media.kind === 'video' && linksInstead(media.video)) {
      const link = await media.video.publicUrl();
      return { text: request.text ? `${request.text}\n\n${link}` : link };
    }
    const mediaIds = media.kind === 'video' ? [progressText(request.progress, 'mediaId')].filter((id): id is string => Boolean(id)) : progressList(request.progress, 'mediaIds');
    const expected = media.kind === 'video' ? 1 : media.images.length;
    if (mediaIds.length !== expected) throw new Rejected('The media has not been uploaded to X yet');
    return { text: request.text, media: { media_ids: mediaIds } };
  }

  return {
    platform: 'x',

    async start(request) {
      const media = postMedia('x', request.media);
      if (media.kind === 'image') return uploadImages(request, media.images);
      if (linksInstead(media.video)) return { state: 'ready', progress: request.progress };
      return uploadVideo(request, media.video);
    },

    async checkStatus(request) {
      const mediaId = progressText(request.progress, 'mediaId');
      // Images and linked videos have nothing to process.
      if (!mediaId) return { state: 'ready', progress: request.progress };
      const response = await http({
        method: 'GET',
        url: withQuery(api('/2/media/upload'), { command: 'STATUS', media_id: mediaId }),
        headers: bearer(request),
      });
      return processingResult(request.progress, mediaUpload(response));
    },

    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const response = await http({ method: 'POST', url: api('/2/tweets'), headers: bearer(request), json: await postBody(request) });
      if (!isOk(response)) throw fail(response);
      const body = (response.body ?? {}) as { data?: { id?: string }; errors?: Array<{ message?: string; detail?: string }> };
      const postId = body.data?.id;
      if (!postId) throw new Rejected(truncate(`Twitter API error: ${body.errors?.[0]?.detail ?? body.errors?.[0]?.message ?? response.text}`));
      return publishedResult(request.progress, postId, statusUrl(request, postId));
    },

    /** Looks through the user's latest posts for one with the same text. */
    async reconcile(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const wanted = comparableText(request.text);
      if (!wanted) throw new Rejected('X cannot tell whether a post without text was created: check your X account before publishing again');
      const response = await http({
        method: 'GET',
        url: withQuery(api(`/2/users/${encodeURIComponent(request.account.platformUserId)}/tweets`), {
          max_results: String(RECENT_POSTS),
          exclude: 'replies,retweets',
        }),
        headers: bearer(request),
      });
      if (!isOk(response)) {
        const error = fail(response);
        if (error instanceof PlatformError && error.kind !== 'Rejected') throw error;
        throw new Rejected(truncate(`X cannot tell whether the post was created (${error.message}): check your X account before publishing again`));
      }
      const posts = (response.body as { data?: Array<{ id?: string; text?: string }> } | undefined)?.data ?? [];
      const match = posts.find((post) => post.id && post.text !== undefined && comparableText(post.text) === wanted);
      return match?.id ? publishedResult(request.progress, match.id, statusUrl(request, match.id)) : undefined;
    },
  };
};
