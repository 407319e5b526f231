import { CannotTell, checkYourAccount, OutcomeUnknown } from '../createOnce';
import { RateLimited, Rejected, Retryable, truncate } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { CommentRequest, MediaSource, PublishProgress, PublishRequest, StepResult } from '../publisher';
import type { PublisherFactory } from '../module';
import type { InstagramOptions } from './options';
import { capabilities } from '../../../shared/platforms';
import { firstCommentScopeMissing } from '../../../shared/platforms/comments';
import { videoLengthProblem } from '../../../shared/platformRules';
import { instagramFormatOf, instagramFormatProblems, instagramOptionsSchema, type InstagramOptions as InstagramPostOptions } from '../../../shared/platforms/instagramOptions';
import { alreadyPublished, isOk, listedIn, postMedia, progressList, progressNumber, progressText, publishedResult } from '../steps';
import { classifyInstagramError } from './adapter';

/**
 * Instagram content publishing with Instagram Login (platform-apis.md §3): a container from a
 * public URL (`start`), its status_code (`checkStatus`), then the quota check and media_publish
 * (`publish`) and the permalink.
 *
 * A post of several files is a carousel (Content Publishing guide, "Carousel posts"): `start`
 * creates one item container per file (is_carousel_item; media_type=VIDEO for a video), saving each
 * id as it comes so a resumed step never makes an item twice; `checkStatus` reads the items until
 * every one is FINISHED; `publish` then creates the CAROUSEL container with their ids (saved at
 * once, answering `processing`), `checkStatus` reads it until FINISHED, and `publish` sends
 * media_publish for it under createOnce like any other post.
 *
 * progress: containerId, mediaKind (video, image or carousel), then mediaId, platformPostId,
 * postUrl; a carousel also childIds (in the post's order) and childrenFinished (how many of them,
 * from the first, have been read FINISHED); commentId once the first comment is posted.
 *
 * A story (the target's `format`, shared/platforms/instagramOptions.ts) is one container with
 * media_type=STORIES and an image_url or a video_url, no caption. Its progress also holds
 * `format: 'story'` and `storiesBefore`: the ids of the account's live stories read just before
 * its container was made, so that after a lost media_publish answer the look-up finds the one new
 * story (stories are listed under /{ig}/stories, not /media, and carry no caption to match).
 * A Reel may be a trial Reel (trial_params with its graduation_strategy).
 *
 * The first comment is a comment on the published media (POST /{ig-media-id}/comments, with
 * instagram_business_manage_comments), under createOnce; a lost answer is reconciled from the
 * media's comments, by this account and this text.
 */

const VIDEO_WAIT_SECONDS = 20;
const IMAGE_WAIT_SECONDS = 5;
const DEFAULT_QUOTA_TOTAL = 50;
const DAY_SECONDS = 86_400;
/** How many of the account's latest media a reconcile looks through. */
const RECENT_MEDIA = 25;
/** How many of the account's live stories a story's look-up reads (a day's stories; the quota allows 50 posts a day). */
const RECENT_STORIES = 100;
/** Where people see posts: the public site, whatever host the API calls go to. */
const SITE = 'https://www.instagram.com';

/** The spec's message for error 352 / 2207026, with Instagram's video requirements. */
export const unsupportedFormatMessage =
  'Video formatı desteklenmiyor. Instagram şu gereksinimleri bekler: MP4 (H.264), en fazla 4 GB, önerilen 1080x1920 çözünürlük, 30 fps.';

/** Why a story gets no first comment (the composer says it before publishing). */
export const storyTakesNoComment = 'an Instagram story takes no comments: the story was published without it.';

interface GraphError {
  error?: { code?: number; error_subcode?: number };
}

/** Instagram's codes the OAuth classifier does not know: the publishing ones (§3 Errors). */
function classifyPublishingError(response: PlatformResponse, now: Date): Error {
  const { code, error_subcode: subcode } = (response.body as GraphError | undefined)?.error ?? {};
  if (code === 352 || subcode === 2207026) return new Rejected(unsupportedFormatMessage);
  if (subcode === 2207020) return new Rejected('Media container expired');
  if (code === 9007 || subcode === 2207027) return new Retryable('Instagram has not finished processing the media yet');
  // Meta's transient codes (1 unknown, 2 service, -1/-2 and 24 as before): our words and the
  // code, never its body (issue 26).
  if (code === 1 || code === 2 || code === 24 || code === -1 || code === -2) return new Retryable(`Instagram could not publish right now (its error code ${code}); OneClick tries again.`);
  return classifyInstagramError(response, now);
}

/** The target's choices (format, Reel settings); invalid ones end the target in words. */
function postOptionsOf(request: Pick<PublishRequest, 'options'>): InstagramPostOptions {
  const parsed = instagramOptionsSchema.safeParse(request.options ?? {});
  if (!parsed.success) throw new Rejected(parsed.error.issues.map((issue) => issue.message).join(' '));
  return parsed.data;
}

/** The video length rule of Instagram's capabilities (shared/platforms/instagram.ts), in the spec's words. */
function checkReelDuration(video: MediaSource): void {
  const problem = videoLengthProblem('instagram', video.durationSeconds);
  if (problem) throw new Rejected(problem);
}

export const createInstagramPublisher: PublisherFactory<InstagramOptions> = ({ hosts, http, clock, options }) => {
  const graph = (path: string) => `${hosts['graph']}/${options.graphVersion}${path}`;
  const fail = (response: PlatformResponse) => classifyPublishingError(response, clock.now());
  const bearer = (request: Pick<PublishRequest, 'tokens'>) => ({ authorization: `Bearer ${request.tokens.accessToken}` });
  const profileUrl = (request: PublishRequest) => {
    const username = request.account.username?.replace(/^@/, '');
    return username ? `${SITE}/${username}/` : `${SITE}/`;
  };

  /** POST /{ig}/media with these fields: the new container's id. */
  async function newContainer(request: PublishRequest, fields: Record<string, string>): Promise<string> {
    const response = await http({ method: 'POST', url: graph(`/${request.account.platformUserId}/media`), headers: bearer(request), form: fields });
    if (!isOk(response)) throw fail(response);
    const containerId = (response.body as { id?: string | number } | undefined)?.id;
    if (containerId === undefined || containerId === '') throw new Rejected('No container ID returned from Instagram');
    return String(containerId);
  }

  /** The item containers of a carousel, one per file in the post's order, resuming after those already made. */
  async function createCarouselItems(request: PublishRequest): Promise<PublishProgress> {
    const { min, max } = capabilities.instagram.carousel!;
    if (request.media.length < min || request.media.length > max) throw new Rejected(`An Instagram carousel holds ${min} to ${max} files: this post has ${request.media.length}.`);
    for (const item of request.media) {
      if (item.kind === 'video') checkReelDuration(item);
      else if (item.contentType !== 'image/jpeg') throw new Rejected('Instagram publishes JPEG images only: convert the image to JPEG');
    }
    const childIds = [...progressList(request.progress, 'childIds')];
    let progress: PublishProgress = { ...request.progress, mediaKind: 'carousel', childIds: [...childIds] };
    for (const item of request.media.slice(childIds.length)) {
      const url = await item.publicUrl();
      const fields: Record<string, string> = item.kind === 'video' ? { media_type: 'VIDEO', video_url: url, is_carousel_item: 'true' } : { image_url: url, is_carousel_item: 'true' };
      childIds.push(await newContainer(request, fields));
      // Saved per item: an interrupted step resumes with the next file, never recreating one.
      progress = { ...progress, childIds: [...childIds] };
      await request.saveProgress?.(progress);
    }
    return progress;
  }

  /**
   * One status read of each carousel item not yet seen FINISHED, in order, stopping at the first
   * still in progress. An item that failed or expired fails the post with which one it was.
   */
  async function carouselItemsStatus(request: PublishRequest): Promise<StepResult> {
    const childIds = progressList(request.progress, 'childIds');
    let finished = progressNumber(request.progress, 'childrenFinished') ?? 0;
    const hasVideo = request.media.some((item) => item.kind === 'video');
    while (finished < childIds.length) {
      const response = await http({
        method: 'GET',
        url: withQuery(graph(`/${childIds[finished]}`), { fields: 'status_code,status' }),
        headers: bearer(request),
      });
      if (!isOk(response)) throw fail(response);
      const { status_code: statusCode, status } = (response.body ?? {}) as { status_code?: string; status?: string };
      const which = `file ${finished + 1} of ${childIds.length} of the carousel`;
      if (statusCode === 'ERROR') throw new Rejected(truncate(`Instagram could not process ${which}: ${status || 'Format may not be supported'}`));
      if (statusCode === 'EXPIRED') throw new Rejected(`Media container expired (${which})`);
      if (statusCode !== 'FINISHED') {
        return { state: 'processing', progress: { ...request.progress, childrenFinished: finished }, waitSeconds: hasVideo ? VIDEO_WAIT_SECONDS : IMAGE_WAIT_SECONDS };
      }
      finished += 1;
    }
    return { state: 'ready', progress: { ...request.progress, childrenFinished: finished } };
  }

  /** The ids of the account's live stories (GET /{ig}/stories), newest first. */
  async function liveStories(request: PublishRequest): Promise<string[]> {
    const response = await http({
      method: 'GET',
      url: withQuery(graph(`/${request.account.platformUserId}/stories`), { fields: 'id,timestamp', limit: String(RECENT_STORIES) }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    return listedIn<{ id?: string }>(response, 'data', 'stories').flatMap((story) => (story.id ? [story.id] : []));
  }

  /** A story's container: STORIES with its one file's URL and no caption (stories take none). */
  async function createStoryContainer(request: PublishRequest): Promise<PublishProgress> {
    const [file] = request.media;
    if (!file) throw new Rejected('An Instagram story needs a photo or a video.');
    if (file.kind === 'image' && file.contentType !== 'image/jpeg') throw new Rejected('Instagram publishes JPEG images only: convert the image to JPEG');
    // Read before the container exists, so any story found later that is not in it is this one.
    const storiesBefore = await liveStories(request);
    const url = await file.publicUrl();
    const containerId = await newContainer(request, { media_type: 'STORIES', ...(file.kind === 'video' ? { video_url: url } : { image_url: url }) });
    return { containerId, mediaKind: file.kind, format: 'story', storiesBefore };
  }

  async function createContainer(request: PublishRequest, options: InstagramPostOptions): Promise<PublishProgress> {
    if (instagramFormatOf(options, request.media) === 'story') return createStoryContainer(request);
    const media = postMedia('instagram', request.media);
    let fields: Record<string, string>;
    if (media.kind === 'video') {
      checkReelDuration(media.video);
      fields = {
        media_type: 'REELS',
        video_url: await media.video.publicUrl(),
        // A Reel shows in the feed too unless the user chose the Reels tab only (instagramOptions.ts).
        share_to_feed: String(options.shareToFeed),
        // A trial Reel: shown to non-followers first, shared with followers as the user chose.
        ...(options.trialReel ? { trial_params: JSON.stringify({ graduation_strategy: options.trialReel }) } : {}),
      };
    } else {
      const [image] = media.images;
      if (image!.contentType !== 'image/jpeg') throw new Rejected('Instagram publishes JPEG images only: convert the image to JPEG');
      fields = { image_url: await image!.publicUrl() };
    }
    const containerId = await newContainer(request, { ...fields, caption: request.text });
    return { containerId, mediaKind: media.kind };
  }

  /** One status_code read, mapped to a step result (PUBLISHED: the post exists, its id unknown). */
  async function containerStatus(request: PublishRequest): Promise<StepResult> {
    const containerId = progressText(request.progress, 'containerId');
    if (!containerId) throw new Rejected('No Instagram container has been created yet');
    const response = await http({
      method: 'GET',
      url: withQuery(graph(`/${containerId}`), { fields: 'status_code,status' }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    const { status_code: statusCode, status } = (response.body ?? {}) as { status_code?: string; status?: string };
    const kind = progressText(request.progress, 'mediaKind') ?? 'image';
    const video = kind === 'video';
    switch (statusCode) {
      case 'FINISHED':
        return { state: 'ready', progress: request.progress };
      case 'ERROR':
        throw new Rejected(truncate(`Instagram ${kind} processing failed: ${status || 'Format may not be supported'}`));
      case 'EXPIRED':
        throw new Rejected('Media container expired');
      case 'PUBLISHED':
        // An earlier media_publish went through; the container does not say which media it made.
        return publishedResult(request.progress, progressText(request.progress, 'mediaId') ?? containerId, profileUrl(request));
      default:
        return { state: 'processing', progress: request.progress, waitSeconds: video ? VIDEO_WAIT_SECONDS : IMAGE_WAIT_SECONDS };
    }
  }

  async function checkQuota(request: PublishRequest): Promise<void> {
    const response = await http({
      method: 'GET',
      url: withQuery(graph(`/${request.account.platformUserId}/content_publishing_limit`), { fields: 'quota_usage,config' }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    const limit = (response.body as { data?: Array<{ quota_usage?: number; config?: { quota_total?: number; quota_duration?: number } }> } | undefined)
      ?.data?.[0];
    const total = limit?.config?.quota_total ?? DEFAULT_QUOTA_TOTAL;
    if ((limit?.quota_usage ?? 0) >= total) {
      const window = limit?.config?.quota_duration ?? DAY_SECONDS;
      throw new RateLimited(`Instagram daily publishing limit reached (${total} posts per ${Math.round(window / 3600)} h)`, new Date(clock.now().getTime() + window * 1000));
    }
  }

  /**
   * After a lost media_publish answer: the container says whether it was published; if so, the
   * media is found among the account's latest by its caption (the container does not name it).
   */
  async function publishedMedia(request: PublishRequest): Promise<string | undefined> {
    const result = await containerStatus(request);
    // FINISHED: ready, never published (sending is safe); anything but PUBLISHED besides cannot tell.
    if (result.state === 'ready') return undefined;
    if (result.state !== 'published') throw new CannotTell('the container said neither that it was published nor that it is ready');
    if (progressText(request.progress, 'format') === 'story') return publishedStory(request);
    const response = await http({
      method: 'GET',
      url: withQuery(graph(`/${request.account.platformUserId}/media`), { fields: 'id,caption,timestamp', limit: String(RECENT_MEDIA) }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    const items = listedIn<{ id?: string; caption?: string }>(response, 'data', 'posts');
    const match = items.find((item) => item.id && (item.caption ?? '').trim() === request.text.trim());
    if (!match?.id) throw new CannotTell('the post was published but is not among the account\'s latest posts');
    return match.id;
  }

  /**
   * A published story: the one live story that was not there before its container was made. None
   * (not listed yet) or several (another story published meanwhile) cannot tell which.
   */
  async function publishedStory(request: PublishRequest): Promise<string> {
    const before = new Set(progressList(request.progress, 'storiesBefore'));
    const added = (await liveStories(request)).filter((id) => !before.has(id));
    if (added.length === 1) return added[0]!;
    throw new CannotTell(added.length === 0 ? "the story was published but is not among the account's stories" : 'several stories were published since, and a story has no caption to tell them apart');
  }

  /** The post's permalink; after media_publish nothing may throw, so a failed lookup gives the profile. */
  async function permalink(request: PublishRequest, mediaId: string): Promise<string> {
    try {
      const response = await http({ method: 'GET', url: withQuery(graph(`/${mediaId}`), { fields: 'permalink' }), headers: bearer(request) });
      const link = isOk(response) ? (response.body as { permalink?: string } | undefined)?.permalink : undefined;
      return link || profileUrl(request);
    } catch {
      return profileUrl(request);
    }
  }

  /**
   * After a lost comment answer: the media's comments, by this account (its id, or its username
   * where Instagram gives no `from`) and this text.
   */
  async function postedComment(request: CommentRequest): Promise<string | undefined> {
    const response = await http({
      method: 'GET',
      url: withQuery(graph(`/${request.post.platformPostId}/comments`), { fields: 'id,text,username,from,timestamp' }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    const comments = listedIn<{ id?: string; text?: string; username?: string; from?: { id?: string; username?: string } }>(response, 'data', 'comments');
    const username = request.account.username?.replace(/^@/, '');
    const ours = (comment: (typeof comments)[number]) =>
      comment.from?.id !== undefined ? comment.from.id === request.account.platformUserId : username !== undefined && (comment.username ?? comment.from?.username) === username;
    return comments.find((comment) => comment.id && ours(comment) && comment.text === request.text)?.id;
  }

  return {
    platform: 'instagram',

    async start(request) {
      const waitSeconds = request.media.some((item) => item.kind === 'video') ? VIDEO_WAIT_SECONDS : IMAGE_WAIT_SECONDS;
      if (progressText(request.progress, 'containerId')) return { state: 'processing', progress: request.progress, waitSeconds };
      // What the files can be in the chosen format (a story: one file, a video of 3–60 s), before anything is made.
      const options = postOptionsOf(request);
      const problems = instagramFormatProblems(options, request.media);
      if (problems.length) throw new Rejected(problems.join(' '));
      const progress = request.media.length > 1 ? await createCarouselItems(request) : { ...request.progress, ...(await createContainer(request, options)) };
      return { state: 'processing', progress, waitSeconds };
    },

    async checkStatus(request) {
      const carouselPending = progressText(request.progress, 'mediaKind') === 'carousel' && !progressText(request.progress, 'containerId');
      return carouselPending ? carouselItemsStatus(request) : containerStatus(request);
    },

    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const childIds = progressList(request.progress, 'childIds');
      if (progressText(request.progress, 'mediaKind') === 'carousel' && !progressText(request.progress, 'containerId')) {
        // Every item is FINISHED: the CAROUSEL container comes next, then its own status reads.
        if (childIds.length !== request.media.length || (progressNumber(request.progress, 'childrenFinished') ?? 0) < childIds.length) {
          throw new Rejected('The Instagram carousel items are not ready yet');
        }
        const containerId = await newContainer(request, { media_type: 'CAROUSEL', children: childIds.join(','), caption: request.text });
        const progress = { ...request.progress, containerId };
        await request.saveProgress?.(progress);
        return { state: 'processing', progress, waitSeconds: IMAGE_WAIT_SECONDS };
      }
      const containerId = progressText(request.progress, 'containerId');
      if (!containerId) throw new Rejected('No Instagram container has been created yet');
      const mediaId = await request.createOnce({
        what: 'the Instagram post',
        progress: request.progress,
        // The quota is read in `send`: after a lost answer the look-up comes first (the lost post may have used it).
        send: async () => {
          await checkQuota(request);
          const response = await http({
            method: 'POST',
            url: graph(`/${request.account.platformUserId}/media_publish`),
            headers: bearer(request),
            form: { creation_id: containerId },
          });
          if (!isOk(response)) throw fail(response);
          const id = (response.body as { id?: string | number } | undefined)?.id;
          if (id === undefined || id === '') throw new CannotTell('Instagram answered media_publish without a media id');
          return String(id);
        },
        reconcile: () => publishedMedia(request),
      });
      const progress = { ...request.progress, mediaId };
      return publishedResult(progress, mediaId, await permalink(request, mediaId));
    },

    /**
     * A comment on the published media, once (createOnce). Not tried without
     * instagram_business_manage_comments (a connection made before OneClick asked for it): the
     * comment ends in words, the post standing. Instagram gives a comment no link of its own, so
     * its link is the post's.
     */
    async firstComment(request) {
      const mediaId = request.post.platformPostId;
      const recorded = progressText(request.progress, 'commentId');
      if (recorded) return { commentId: recorded, url: request.post.postUrl, progress: request.progress };
      if (progressText(request.progress, 'format') === 'story') throw new Rejected(storyTakesNoComment);
      if (firstCommentScopeMissing('instagram', request.tokens.scopes)) {
        throw new Rejected('reconnect your Instagram account to allow comments (this connection was made before OneClick asked Instagram for permission to comment).');
      }
      const commentId = await request.createOnce({
        what: 'the first comment',
        progress: request.progress,
        send: async () => {
          const response = await http({ method: 'POST', url: graph(`/${mediaId}/comments`), headers: bearer(request), form: { message: request.text } });
          if (!isOk(response)) throw fail(response);
          const id = (response.body as { id?: string | number } | undefined)?.id;
          if (id === undefined || id === '') throw new OutcomeUnknown(checkYourAccount('Instagram', 'the first comment', "it answered without the comment's id"));
          return String(id);
        },
        reconcile: () => postedComment(request),
      });
      return { commentId, url: request.post.postUrl, progress: { ...request.progress, commentId } };
    },
  };
};
