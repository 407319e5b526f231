import { CannotTell, checkYourAccount, OutcomeUnknown } from '../createOnce';
import { RateLimited, Rejected, Retryable } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { CommentRequest, CommentResult, MediaSource, PublishProgress, PublishRequest, StepResult } from '../publisher';
import type { PublisherFactory } from '../module';
import type { ThreadsOptions } from './options';
import { capabilities } from '../../../shared/platforms';
import { firstCommentScopeMissing } from '../../../shared/platforms/comments';
import { videoLengthProblem } from '../../../shared/platformRules';
import { threadsOptionsSchema } from '../../../shared/platforms/threadsOptions';
import { alreadyPublished, isOk, listedIn, progressList, progressNumber, progressText, publishedResult } from '../steps';
import { classifyThreadsError } from './errors';
import { readThreadsQuota } from './quota';

/**
 * Threads publishing (developers.facebook.com/docs/threads/posts; docs/platforms/threads.md): a
 * container from a public URL (`start`: POST /{user}/threads, media_type IMAGE or VIDEO, the text,
 * alt_text, reply_control, topic_tag), its status (`checkStatus`: GET /{container}?fields=status,
 * error_message), then the publishing limit and threads_publish (`publish`) and the permalink.
 *
 * Several files are a carousel: `start` makes one item container per file (is_carousel_item=true),
 * saving each id as it comes; `checkStatus` reads the items until every one is FINISHED; `publish`
 * creates the CAROUSEL container with their ids (saved at once, answering `processing`),
 * `checkStatus` reads it, and `publish` sends threads_publish for it under createOnce.
 *
 * The publishing limit (250 posts per profile in a moving 24 hours; replies 1,000) is read before
 * each threads_publish (GET /{user}/threads_publishing_limit), inside the send, after any look-up:
 * a full quota ends in words with the time it frees up, and nothing is sent.
 *
 * A thread's next post and the first comment are replies: a TEXT container with reply_to_id (the
 * post before), its status read once (a text is ready at once; a container still in progress is
 * Retryable), then threads_publish under createOnce. A lost answer is reconciled from the
 * container's status (FINISHED: never published, safe to send; PUBLISHED: found among the
 * account's posts, or replies, by its text).
 *
 * progress: containerId, mediaKind (image, video or carousel), childIds, childrenFinished, mediaId,
 * platformPostId, postUrl; a reply's <key>ContainerId, <key>Id and <key>Url (comment, thread2, …).
 */

const NAME = 'Threads';
/** Meta recommends about 30 seconds before publishing a video container, and status reads once a minute. */
const VIDEO_WAIT_SECONDS = 30;
const IMAGE_WAIT_SECONDS = 5;
/** How many of the account's latest posts (or replies) a reconcile looks through. */
const RECENT = 25;
/** Where people see posts: the public site, whatever host the API calls go to. */
const SITE = 'https://www.threads.net';

/** The container's error_message values (Threads API troubleshooting, "Publishing does not return a media ID"), in our words. */
const containerErrors: Record<string, string> = {
  FAILED_DOWNLOADING_VIDEO: 'it could not download the video',
  FAILED_PROCESSING_AUDIO: "it could not process the video's audio",
  FAILED_PROCESSING_VIDEO: 'it could not process the video',
  INVALID_ASPEC_RATIO: "the video's aspect ratio is not accepted",
  INVALID_BIT_RATE: "the video's bit rate is not accepted (at most 25 Mbps)",
  INVALID_DURATION: 'the video is too long or too short (at most 5 minutes)',
  INVALID_FRAME_RATE: "the video's frame rate is not accepted (23 to 60 fps)",
  INVALID_AUDIO_CHANNELS: "the video's audio channels are not accepted (mono or stereo)",
  INVALID_AUDIO_CHANNEL_LAYOUT: "the video's audio channel layout is not accepted",
};

type ContainerState = 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED';

function textProblem(text: string): string | undefined {
  const rule = capabilities.threads.text;
  const count = text.length > (rule.maxLength ?? Number.POSITIVE_INFINITY) ? Number.POSITIVE_INFINITY : rule.count(text);
  return count > rule.max ? `A Threads post can be at most ${rule.max} characters (an emoji counts its bytes, 4 for most).` : undefined;
}

function mediaProblem(item: MediaSource): string | undefined {
  const rules = capabilities.threads.media;
  if (item.kind === 'video') return rules.video!.formats.includes(item.contentType) ? videoLengthProblem('threads', item.durationSeconds) : 'Threads publishes MP4 and MOV videos only.';
  return rules.image!.formats.includes(item.contentType) ? undefined : 'Threads publishes JPEG and PNG images only: convert the image.';
}

export const createThreadsPublisher: PublisherFactory<ThreadsOptions> = ({ hosts, http, clock, options }) => {
  const graph = (path: string) => `${hosts['graph']}/${options.graphVersion}${path}`;
  const fail = (response: PlatformResponse) => classifyThreadsError(response, clock.now());
  const bearer = (request: Pick<PublishRequest, 'tokens'>) => ({ authorization: `Bearer ${request.tokens.accessToken}` });
  const profileUrl = (account: PublishRequest['account']) => {
    const username = account.username?.replace(/^@/, '');
    return username ? `${SITE}/@${username}` : SITE;
  };

  /** The user's choices that go on the post's own container (never on a carousel item or a reply). */
  function postChoices(request: PublishRequest): Record<string, string> {
    const { replyControl, topicTag } = threadsOptionsSchema.parse(request.options ?? {});
    return { ...(replyControl !== 'everyone' ? { reply_control: replyControl } : {}), ...(topicTag ? { topic_tag: topicTag } : {}) };
  }

  /** POST /{user}/threads with these fields: the new container's id. */
  async function newContainer(request: Pick<PublishRequest, 'tokens' | 'account'>, fields: Record<string, string>): Promise<string> {
    const response = await http({ method: 'POST', url: graph(`/${request.account.platformUserId}/threads`), headers: bearer(request), form: fields });
    if (!isOk(response)) throw fail(response);
    const id = (response.body as { id?: string | number } | undefined)?.id;
    if (id === undefined || id === '') throw new Rejected(`${NAME} answered without the container's id`);
    return String(id);
  }

  function mediaFields(item: MediaSource, url: string): Record<string, string> {
    return { ...(item.kind === 'video' ? { media_type: 'VIDEO', video_url: url } : { media_type: 'IMAGE', image_url: url }), ...(item.altText ? { alt_text: item.altText } : {}) };
  }

  /** One status read of a container. */
  async function containerState(request: Pick<PublishRequest, 'tokens'>, containerId: string): Promise<{ status: ContainerState | undefined; errorMessage?: string }> {
    const response = await http({ method: 'GET', url: withQuery(graph(`/${containerId}`), { fields: 'status,error_message' }), headers: bearer(request) });
    if (!isOk(response)) throw fail(response);
    const { status, error_message: errorMessage } = (response.body ?? {}) as { status?: ContainerState; error_message?: string };
    return { status, ...(errorMessage ? { errorMessage } : {}) };
  }

  const couldNotProcess = (which: string, errorMessage: string | undefined) =>
    new Rejected(`${NAME} could not process ${which}: ${(errorMessage && containerErrors[errorMessage]) || 'for a reason it did not say'}.`);

  async function createCarouselItems(request: PublishRequest): Promise<PublishProgress> {
    const { min, max } = capabilities.threads.carousel!;
    if (request.media.length < min || request.media.length > max) throw new Rejected(`A Threads carousel holds ${min} to ${max} files: this post has ${request.media.length}.`);
    const childIds = [...progressList(request.progress, 'childIds')];
    let progress: PublishProgress = { ...request.progress, mediaKind: 'carousel', childIds: [...childIds] };
    for (const item of request.media.slice(childIds.length)) {
      childIds.push(await newContainer(request, { ...mediaFields(item, await item.publicUrl()), is_carousel_item: 'true' }));
      // Saved per item: an interrupted step resumes with the next file, never recreating one.
      progress = { ...progress, childIds: [...childIds] };
      await request.saveProgress?.(progress);
    }
    return progress;
  }

  /** Each carousel item not yet seen FINISHED, in order, stopping at the first still in progress. */
  async function carouselItemsStatus(request: PublishRequest): Promise<StepResult> {
    const childIds = progressList(request.progress, 'childIds');
    let finished = progressNumber(request.progress, 'childrenFinished') ?? 0;
    const waitSeconds = request.media.some((item) => item.kind === 'video') ? VIDEO_WAIT_SECONDS : IMAGE_WAIT_SECONDS;
    while (finished < childIds.length) {
      const { status, errorMessage } = await containerState(request, childIds[finished]!);
      const which = `file ${finished + 1} of ${childIds.length} of the carousel`;
      if (status === 'ERROR') throw couldNotProcess(which, errorMessage);
      if (status === 'EXPIRED') throw new Rejected(`The ${NAME} container expired before it was published (${which}): publish again.`);
      if (status !== 'FINISHED') return { state: 'processing', progress: { ...request.progress, childrenFinished: finished }, waitSeconds };
      finished += 1;
    }
    return { state: 'ready', progress: { ...request.progress, childrenFinished: finished } };
  }

  /** The latest posts (or replies) of the account, for the one with this text (and, for a reply, this parent). */
  async function findRecent(request: Pick<PublishRequest, 'tokens' | 'account'>, edge: 'threads' | 'replies', text: string, parentId?: string): Promise<string> {
    const fields = edge === 'replies' ? 'id,text,timestamp,replied_to' : 'id,text,timestamp';
    const response = await http({ method: 'GET', url: withQuery(graph(`/${request.account.platformUserId}/${edge}`), { fields, limit: String(RECENT) }), headers: bearer(request) });
    if (!isOk(response)) throw fail(response);
    const items = listedIn<{ id?: string | number; text?: string; replied_to?: { id?: string | number } }>(response, 'data', edge === 'replies' ? 'replies' : 'posts');
    const match = items.find((item) => item.id !== undefined && (item.text ?? '').trim() === text.trim() && (parentId === undefined || String(item.replied_to?.id ?? '') === parentId));
    if (match?.id === undefined) throw new CannotTell(`the ${edge === 'replies' ? 'reply' : 'post'} was published but is not among the account's latest`);
    return String(match.id);
  }

  /**
   * After a lost threads_publish answer: the container's status says whether it was published
   * (FINISHED, IN_PROGRESS, ERROR, EXPIRED: it was not); a published one is found by its text.
   */
  async function publishedFrom(request: Pick<PublishRequest, 'tokens' | 'account'>, containerId: string, edge: 'threads' | 'replies', text: string, parentId?: string): Promise<string | undefined> {
    const { status } = await containerState(request, containerId);
    if (status === 'FINISHED' || status === 'IN_PROGRESS' || status === 'ERROR' || status === 'EXPIRED') return undefined;
    if (status !== 'PUBLISHED') throw new CannotTell('the container said neither that it was published nor that it was not');
    return findRecent(request, edge, text, parentId);
  }

  /** The publishing limit, read before a threads_publish: refused in words when it is used up. */
  async function checkQuota(request: Pick<PublishRequest, 'tokens' | 'account'>, kind: 'posts' | 'replies'): Promise<void> {
    const { used, total, windowSeconds } = await readThreadsQuota({ http, clock, graph }, request.tokens, request.account.platformUserId, kind);
    if (used >= total) {
      throw new RateLimited(
        `The Threads account has used its ${total} ${kind} in ${Math.round(windowSeconds / 3600)} hours: OneClick publishes when the oldest frees up.`,
        new Date(clock.now().getTime() + windowSeconds * 1000),
      );
    }
  }

  /** POST /{user}/threads_publish for a container: the published media's id. */
  async function publishContainer(request: Pick<PublishRequest, 'tokens' | 'account'>, containerId: string, what: string): Promise<string> {
    const response = await http({ method: 'POST', url: graph(`/${request.account.platformUserId}/threads_publish`), headers: bearer(request), form: { creation_id: containerId } });
    if (!isOk(response)) throw fail(response);
    const id = (response.body as { id?: string | number } | undefined)?.id;
    if (id === undefined || id === '') throw new CannotTell(`${NAME} answered threads_publish for ${what} without a media id`);
    return String(id);
  }

  /** The post's permalink; after threads_publish nothing may throw, so a failed look-up gives the profile. */
  async function permalink(request: Pick<PublishRequest, 'tokens' | 'account'>, mediaId: string): Promise<string> {
    try {
      const response = await http({ method: 'GET', url: withQuery(graph(`/${mediaId}`), { fields: 'permalink' }), headers: bearer(request) });
      const link = isOk(response) ? (response.body as { permalink?: string } | undefined)?.permalink : undefined;
      return link || profileUrl(request.account);
    } catch {
      return profileUrl(request.account);
    }
  }

  /**
   * A reply to `request.post` (a thread's next post, or the first comment), once: its TEXT
   * container is made and saved first, then published under createOnce.
   */
  async function postReply(request: CommentRequest, what: string, key: string): Promise<CommentResult> {
    const recordedId = progressText(request.progress, `${key}Id`);
    const recordedUrl = progressText(request.progress, `${key}Url`);
    if (recordedId && recordedUrl) return { commentId: recordedId, url: recordedUrl, progress: request.progress };
    const problem = textProblem(request.text);
    if (problem) throw new Rejected(problem);
    if (firstCommentScopeMissing('threads', request.tokens.scopes)) {
      throw new Rejected('reconnect your Threads account to allow replies (this connection was made before OneClick asked Threads for permission to reply).');
    }
    const parentId = request.post.platformPostId;
    let progress = request.progress;
    let containerId = progressText(progress, `${key}ContainerId`);
    if (!containerId) {
      containerId = await newContainer(request, { media_type: 'TEXT', text: request.text, reply_to_id: parentId });
      progress = { ...progress, [`${key}ContainerId`]: containerId };
      await request.saveProgress?.(progress);
    }
    const replyContainer = containerId;
    const id = await request.createOnce({
      what,
      progress,
      // Read in `send`: after a lost answer the look-up comes first (the lost reply may have used the quota).
      send: async () => {
        const { status, errorMessage } = await containerState(request, replyContainer);
        if (status === 'IN_PROGRESS') throw new Retryable(`${NAME} has not finished preparing ${what} yet`);
        if (status === 'ERROR') throw couldNotProcess(what, errorMessage);
        if (status === 'EXPIRED') throw new Rejected(`The ${NAME} container of ${what} expired before it was published.`);
        await checkQuota(request, 'replies');
        return publishContainer(request, replyContainer, what);
      },
      reconcile: () => publishedFrom(request, replyContainer, 'replies', request.text, parentId),
    });
    const url = await permalink(request, id);
    return { commentId: id, url, progress: { ...progress, [`${key}Id`]: id, [`${key}Url`]: url } };
  }

  return {
    platform: 'threads',

    async start(request) {
      const waitSeconds = request.media.some((item) => item.kind === 'video') ? VIDEO_WAIT_SECONDS : IMAGE_WAIT_SECONDS;
      if (progressText(request.progress, 'containerId')) return { state: 'processing', progress: request.progress, waitSeconds };
      const problem = textProblem(request.text) ?? request.media.map(mediaProblem).find(Boolean);
      if (problem) throw new Rejected(problem);
      const [first] = request.media;
      if (!first) throw new Rejected(`${NAME} needs a video or an image to publish`);
      if (request.media.length > 1) return { state: 'processing', progress: await createCarouselItems(request), waitSeconds };
      const containerId = await newContainer(request, { ...mediaFields(first, await first.publicUrl()), text: request.text, ...postChoices(request) });
      return { state: 'processing', progress: { ...request.progress, containerId, mediaKind: first.kind }, waitSeconds };
    },

    async checkStatus(request) {
      if (progressText(request.progress, 'mediaKind') === 'carousel' && !progressText(request.progress, 'containerId')) return carouselItemsStatus(request);
      const containerId = progressText(request.progress, 'containerId');
      if (!containerId) throw new Rejected(`No ${NAME} container has been created yet`);
      const { status, errorMessage } = await containerState(request, containerId);
      const kind = progressText(request.progress, 'mediaKind') ?? 'image';
      switch (status) {
        case 'FINISHED':
          return { state: 'ready', progress: request.progress };
        case 'ERROR':
          throw couldNotProcess(`the ${kind}`, errorMessage);
        case 'EXPIRED':
          throw new Rejected(`The ${NAME} container expired before it was published: publish again.`);
        case 'PUBLISHED': {
          // An earlier threads_publish went through: the post is found by its text.
          const mediaId = progressText(request.progress, 'mediaId') ?? (await findRecent(request, 'threads', request.text).catch((error: unknown) => {
            throw error instanceof CannotTell ? new OutcomeUnknown(checkYourAccount(NAME, 'the post', error.message)) : error;
          }));
          return publishedResult({ ...request.progress, mediaId }, mediaId, await permalink(request, mediaId));
        }
        default:
          return { state: 'processing', progress: request.progress, waitSeconds: kind === 'image' ? IMAGE_WAIT_SECONDS : VIDEO_WAIT_SECONDS };
      }
    },

    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      if (progressText(request.progress, 'mediaKind') === 'carousel' && !progressText(request.progress, 'containerId')) {
        const childIds = progressList(request.progress, 'childIds');
        if (childIds.length !== request.media.length || (progressNumber(request.progress, 'childrenFinished') ?? 0) < childIds.length) {
          throw new Rejected(`The ${NAME} carousel items are not ready yet`);
        }
        // Every item is FINISHED: the CAROUSEL container comes next, then its own status reads.
        const containerId = await newContainer(request, { media_type: 'CAROUSEL', children: childIds.join(','), text: request.text, ...postChoices(request) });
        const progress = { ...request.progress, containerId };
        await request.saveProgress?.(progress);
        return { state: 'processing', progress, waitSeconds: IMAGE_WAIT_SECONDS };
      }
      const containerId = progressText(request.progress, 'containerId');
      if (!containerId) throw new Rejected(`No ${NAME} container has been created yet`);
      const mediaId = await request.createOnce({
        what: 'the Threads post',
        progress: request.progress,
        // The quota is read in `send`: after a lost answer the look-up comes first (the lost post may have used it).
        send: async () => {
          await checkQuota(request, 'posts');
          return publishContainer(request, containerId, 'the post');
        },
        reconcile: () => publishedFrom(request, containerId, 'threads', request.text),
      });
      return publishedResult({ ...request.progress, mediaId }, mediaId, await permalink(request, mediaId));
    },

    /** The first comment is a reply under the post (the thread's last post, when it went as a thread). */
    firstComment: (request) => postReply(request, 'the first comment', 'comment'),

    /** A thread's next post: a reply to the one before. */
    threadPart: (request) => postReply(request, `post ${request.part} of the thread`, `thread${request.part}`),
  };
};
