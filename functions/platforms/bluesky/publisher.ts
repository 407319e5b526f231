import type { ModuleDeps } from '../module';
import { bluesky } from '../../../shared/platforms/bluesky';
import { CannotTell } from '../createOnce';
import { Rejected, truncate } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { CommentRequest, CommentResult, MediaSource, PlatformPublisher, PublishProgress, PublishRequest, StepResult } from '../publisher';
import { alreadyPublished, isOk, postMedia, progressList, progressText, publishedResult, readRange } from '../steps';
import { classifyBlueskyError, errorOf, NAME } from './errors';
import type { BlueskyOptions } from './options';
import { BLUESKY_MAX_GRAPHEMES, BLUESKY_MAX_TEXT_BYTES, facetsFor, graphemeLength, mentionedHandles } from './richText';
import { sessionOf } from './session';
import { tidFor, TID_PATTERN } from './tid';
import type { Xrpc } from './xrpc';

/**
 * Bluesky publishing (docs.bsky.app, "Creating a post"): images go up with
 * com.atproto.repo.uploadBlob (at most 4, each within the image embed's size limit, with alt
 * text); a video goes to the video service (app.bsky.video.uploadVideo with a service-auth token
 * from the PDS), whose job the engine polls through checkStatus. The post is
 * com.atproto.repo.createRecord with a record key (TID) chosen and saved before the call, so a
 * lost answer is reconciled by asking for that record (and the account's latest posts).
 *
 * progress: blobs (images, JSON of each uploaded blob); videoJobId, videoBlob (video);
 * rkey, createdAt (before the create call); then platformPostId (the at:// URI), postUrl.
 */

export const POST_COLLECTION = 'app.bsky.feed.post';
/** app.bsky.embed.images' maxSize of each image blob, and the video service's limits (shared/platforms/bluesky.ts). */
export const BLUESKY_IMAGE_MAX_BYTES = bluesky.media.image!.maxBytes!;
export const BLUESKY_VIDEO_MAX_BYTES = bluesky.media.video!.maxBytes!;
export const BLUESKY_VIDEO_MAX_SECONDS = bluesky.media.video!.seconds!.max!;
const CHECK_AFTER_SECONDS = 3;
/** How many of the account's latest posts reconcile looks through. */
const RECENT_POSTS = 25;
/** Where people see posts, whatever host the API calls go to. */
const SITE = 'https://bsky.app';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The text checks Bluesky applies, in words. */
export function blueskyTextProblem(text: string): string | undefined {
  const graphemes = graphemeLength(text);
  if (graphemes > BLUESKY_MAX_GRAPHEMES) return `${NAME} posts can be at most ${BLUESKY_MAX_GRAPHEMES} characters; this one has ${graphemes}.`;
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > BLUESKY_MAX_TEXT_BYTES) return `${NAME} posts can be at most ${BLUESKY_MAX_TEXT_BYTES} bytes of text; this one has ${bytes}.`;
  return undefined;
}

function mediaProblem(media: MediaSource): string | undefined {
  if (media.kind === 'image') {
    if (!media.contentType.startsWith('image/')) return `${NAME} takes images, not ${media.contentType}.`;
    if (media.size > BLUESKY_IMAGE_MAX_BYTES) return `${NAME} takes images up to ${megabytes(BLUESKY_IMAGE_MAX_BYTES)}; this one is ${megabytes(media.size)}. Use a smaller image.`;
    return undefined;
  }
  if (media.contentType !== 'video/mp4') return `${NAME} takes MP4 videos only; this one is ${media.contentType}.`;
  if (media.size > BLUESKY_VIDEO_MAX_BYTES) return `${NAME} takes videos up to ${megabytes(BLUESKY_VIDEO_MAX_BYTES)}; this one is ${megabytes(media.size)}.`;
  if (media.durationSeconds !== undefined && media.durationSeconds > BLUESKY_VIDEO_MAX_SECONDS) {
    return `${NAME} takes videos up to ${BLUESKY_VIDEO_MAX_SECONDS / 60} minutes; this one is ${Math.round(media.durationSeconds)} seconds.`;
  }
  return undefined;
}

const aspectRatio = (media: MediaSource) => (media.width && media.height ? { aspectRatio: { width: media.width, height: media.height } } : {});

/** The did:web the video service expects as the audience of an upload token: the account's PDS host. */
const didWebOf = (url: string) => `did:web:${encodeURIComponent(new URL(url).host)}`;

export function createBlueskyPublisher({ hosts, http, clock }: ModuleDeps<BlueskyOptions>, xrpc: Xrpc): PlatformPublisher {
  const fail = (response: PlatformResponse) => classifyBlueskyError(response, clock.now());

  async function uploadImages(request: PublishRequest, images: MediaSource[]): Promise<StepResult> {
    const blobs = [...progressList(request.progress, 'blobs')];
    for (const image of images.slice(blobs.length)) {
      const response = xrpc.ok(await xrpc.procedure(request.tokens, 'com.atproto.repo.uploadBlob', { binary: await readRange(image, 0, image.size - 1), contentType: image.contentType }));
      const blob = (response.body as { blob?: unknown } | undefined)?.blob;
      if (!blob || typeof blob !== 'object') throw new Rejected(`${NAME} answered the image upload without a blob`);
      blobs.push(JSON.stringify(blob));
      // Saved per image: an interrupted step uploads only the rest.
      await request.saveProgress?.({ ...request.progress, blobs: [...blobs] });
    }
    return { state: 'ready', progress: { ...request.progress, blobs } };
  }

  async function uploadVideo(request: PublishRequest, video: MediaSource): Promise<StepResult> {
    if (progressText(request.progress, 'videoJobId')) return checkVideo(request);
    const session = sessionOf(request.tokens);
    const auth = xrpc.ok(
      await xrpc.query(request.tokens, 'com.atproto.server.getServiceAuth', {
        aud: didWebOf(session.pds),
        lxm: 'com.atproto.repo.uploadBlob',
        exp: String(Math.floor(clock.now().getTime() / 1000) + 30 * 60),
      }),
    ).body as { token?: unknown };
    if (typeof auth.token !== 'string') throw new Rejected(`${NAME} gave no upload token for the video`);
    const response = await http({
      method: 'POST',
      url: withQuery(`${hosts['video']}/xrpc/app.bsky.video.uploadVideo`, { did: session.did, name: `oneclick-${clock.now().getTime().toString(36)}.mp4` }),
      headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'video/mp4' },
      binary: await readRange(video, 0, video.size - 1),
    });
    const body = (response.body ?? {}) as { jobStatus?: { jobId?: string }; jobId?: string; error?: string };
    // The service answers a video it already has (the same bytes) with its existing job.
    const jobId = body.jobStatus?.jobId ?? (response.status === 409 ? body.jobId : undefined);
    if (!jobId) {
      if (!isOk(response) && response.status !== 409) throw fail(response);
      throw new Rejected(`${NAME}'s video service gave no job for the upload`);
    }
    const progress = { ...request.progress, videoJobId: jobId };
    await request.saveProgress?.(progress);
    return { state: 'processing', progress, waitSeconds: CHECK_AFTER_SECONDS };
  }

  /** One read of the video job: done gives the blob to embed; failed is a refusal in the service's words. */
  async function checkVideo(request: PublishRequest): Promise<StepResult> {
    const jobId = progressText(request.progress, 'videoJobId')!;
    if (progressText(request.progress, 'videoBlob')) return { state: 'ready', progress: request.progress };
    const response = await http({ method: 'GET', url: withQuery(`${hosts['video']}/xrpc/app.bsky.video.getJobStatus`, { jobId }) });
    if (!isOk(response)) throw fail(response);
    const status = ((response.body ?? {}) as { jobStatus?: { state?: string; blob?: unknown; error?: string; message?: string } }).jobStatus;
    if (status?.state === 'JOB_STATE_FAILED') throw new Rejected(truncate(`${NAME} could not process the video: ${status.error ?? status.message ?? 'unknown error'}`));
    if (status?.state === 'JOB_STATE_COMPLETED' && status.blob) return { state: 'ready', progress: { ...request.progress, videoBlob: JSON.stringify(status.blob) } };
    return { state: 'processing', progress: request.progress, waitSeconds: CHECK_AFTER_SECONDS };
  }

  function embedOf(request: PublishRequest): Record<string, unknown> | undefined {
    const media = postMedia('bluesky', request.media);
    if (media.kind === 'video') {
      const blob = progressText(request.progress, 'videoBlob');
      if (!blob) throw new Rejected(`The video has not finished processing at ${NAME} yet`);
      return { $type: 'app.bsky.embed.video', video: JSON.parse(blob) as unknown, ...(media.video.altText ? { alt: media.video.altText } : {}), ...aspectRatio(media.video) };
    }
    const blobs = progressList(request.progress, 'blobs');
    if (blobs.length !== media.images.length) throw new Rejected(`The images have not been uploaded to ${NAME} yet`);
    return {
      $type: 'app.bsky.embed.images',
      images: media.images.map((image, index) => ({ image: JSON.parse(blobs[index]!) as unknown, alt: image.altText ?? '', ...aspectRatio(image) })),
    };
  }

  /** Each mentioned handle's DID (com.atproto.identity.resolveHandle); unknown handles stay plain text. */
  async function resolveMentions(request: Pick<PublishRequest, 'text' | 'tokens'>): Promise<Map<string, string>> {
    const dids = new Map<string, string>();
    for (const handle of mentionedHandles(request.text)) {
      const response = await xrpc.query(request.tokens, 'com.atproto.identity.resolveHandle', { handle });
      if (response.status === 400) continue;
      const did = (xrpc.ok(response).body as { did?: unknown } | undefined)?.did;
      if (typeof did === 'string') dids.set(handle, did);
    }
    return dids;
  }

  const recordUri = (did: string, rkey: string) => `at://${did}/${POST_COLLECTION}/${rkey}`;

  /** The record with this key, or undefined when the PDS says there is none. */
  async function findRecord(request: Pick<PublishRequest, 'tokens'>, rkey: string): Promise<string | undefined> {
    const { did } = sessionOf(request.tokens);
    const response = await xrpc.query(request.tokens, 'com.atproto.repo.getRecord', { repo: did, collection: POST_COLLECTION, rkey });
    if (isOk(response)) {
      const uri = (response.body as { uri?: unknown } | undefined)?.uri;
      if (typeof uri !== 'string') throw new CannotTell("its answer did not name the record's address");
      return uri;
    }
    if (response.status === 400 && errorOf(response).error === 'RecordNotFound') return undefined;
    throw fail(response);
  }

  /** The account's latest posts, for a record with our key or our text and time. */
  async function findRecent(request: Pick<PublishRequest, 'tokens'>, rkey: string, text: string, createdAt: string): Promise<string | undefined> {
    const { did } = sessionOf(request.tokens);
    const response = xrpc.ok(await xrpc.query(request.tokens, 'com.atproto.repo.listRecords', { repo: did, collection: POST_COLLECTION, limit: String(RECENT_POSTS) }));
    const records = (response.body as { records?: unknown } | undefined)?.records;
    // An answer without the list cannot tell: read as "nothing there", it would post again.
    if (!Array.isArray(records)) throw new CannotTell('its answer listed no posts');
    return (records as Array<{ uri?: string; value?: { text?: string; createdAt?: string } }>).find(
      (record) => record.uri === recordUri(did, rkey) || (record.value?.text === text && record.value.createdAt === createdAt),
    )?.uri;
  }

  async function reconcile(request: Pick<PublishRequest, 'text' | 'tokens'>, rkey: string, createdAt: string): Promise<string | undefined> {
    return (await findRecord(request, rkey)) ?? (await findRecent(request, rkey, request.text, createdAt));
  }

  /** The strong reference (uri and cid) to a post, which a reply needs for its root and parent. */
  async function strongRef(request: Pick<PublishRequest, 'tokens'>, uri: string): Promise<{ uri: string; cid: string }> {
    const [, , repo, collection, rkey] = uri.split('/');
    const response = xrpc.ok(await xrpc.query(request.tokens, 'com.atproto.repo.getRecord', { repo: repo!, collection: collection!, rkey: rkey! }));
    const cid = (response.body as { cid?: unknown } | undefined)?.cid;
    if (typeof cid !== 'string') throw new Rejected(`${NAME} answered the post without its content id, which a reply needs`);
    return { uri, cid };
  }

  /** com.atproto.repo.createRecord of a post under the key we chose; answers its uri. */
  async function createRecord(request: Pick<PublishRequest, 'tokens'>, rkey: string, record: Record<string, unknown>, what: string): Promise<string> {
    const { did } = sessionOf(request.tokens);
    const response = await xrpc.procedure(request.tokens, 'com.atproto.repo.createRecord', { json: { repo: did, collection: POST_COLLECTION, rkey, record, validate: true } });
    if (isOk(response)) {
      const created = (response.body as { uri?: unknown } | undefined)?.uri;
      if (typeof created !== 'string') throw new Rejected(`${NAME} answered ${what} without its address`);
      return created;
    }
    // A PDS answers a key that already exists with a 500: it is ours (we chose the key), so the record may have been made.
    if (response.status >= 500) {
      const existing = await findRecord(request, rkey).catch(() => undefined);
      if (existing) return existing;
    }
    throw fail(response);
  }

  /**
   * A reply (app.bsky.feed.post with reply.root and reply.parent), keyed like a post by a TID
   * chosen and saved before createRecord; its progress under `<key>Rkey`, `<key>CreatedAt` and,
   * once made, `<key>Uri` (answered again without a call).
   */
  async function postReply(request: CommentRequest, what: string, key: string): Promise<CommentResult> {
    const { did } = sessionOf(request.tokens);
    const profile = request.account.username?.replace(/^@/, '') || did;
    const url = (uri: string) => `${SITE}/profile/${profile}/post/${uri.split('/').pop()}`;
    const recorded = progressText(request.progress, `${key}Uri`);
    if (recorded) return { commentId: recorded, url: url(recorded), progress: request.progress };
    const problem = blueskyTextProblem(request.text);
    if (problem) throw new Rejected(problem);
    const savedKey = progressText(request.progress, `${key}Rkey`);
    const rkey = savedKey && TID_PATTERN.test(savedKey) ? savedKey : tidFor(clock.now().getTime());
    const createdAt = progressText(request.progress, `${key}CreatedAt`) ?? clock.now().toISOString();
    const progress: PublishProgress = { ...request.progress, [`${key}Rkey`]: rkey, [`${key}CreatedAt`]: createdAt };
    // What the record needs is read in `send`: after a lost answer the look-up comes first, before any other call.
    const send = async () => {
      const parent = await strongRef(request, request.post.platformPostId);
      const rootUri = request.root?.platformPostId;
      const root = rootUri && rootUri !== parent.uri ? await strongRef(request, rootUri) : parent;
      const facets = facetsFor(request.text, await resolveMentions(request));
      const record = { $type: POST_COLLECTION, text: request.text, createdAt, ...(facets.length ? { facets } : {}), reply: { root, parent } };
      return createRecord(request, rkey, record, 'the reply');
    };
    const uri = await request.createOnce({ what, progress, send, reconcile: () => reconcile(request, rkey, createdAt) });
    return { commentId: uri, url: url(uri), progress: { ...progress, [`${key}Uri`]: uri } };
  }

  return {
    platform: 'bluesky',

    async start(request) {
      const textProblem = blueskyTextProblem(request.text);
      if (textProblem) throw new Rejected(textProblem);
      const media = postMedia('bluesky', request.media);
      const items = media.kind === 'video' ? [media.video] : media.images;
      for (const item of items) {
        const problem = mediaProblem(item);
        if (problem) throw new Rejected(problem);
      }
      if (media.kind === 'image') return uploadImages(request, media.images);
      return uploadVideo(request, media.video);
    },

    async checkStatus(request) {
      if (progressText(request.progress, 'videoJobId')) return checkVideo(request);
      return { state: 'ready', progress: request.progress };
    },

    /** createRecord with our own TID, once (createOnce); a lost answer is found by that key. */
    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const { did } = sessionOf(request.tokens);
      const embed = embedOf(request);
      const savedKey = progressText(request.progress, 'rkey');
      const rkey = savedKey && TID_PATTERN.test(savedKey) ? savedKey : tidFor(clock.now().getTime());
      const createdAt = progressText(request.progress, 'createdAt') ?? clock.now().toISOString();
      const progress: PublishProgress = { ...request.progress, rkey, createdAt };
      // The mentions are resolved in `send`: after a lost answer the look-up comes first, before any other call.
      const send = async () => {
        const facets = facetsFor(request.text, await resolveMentions(request));
        const record = { $type: POST_COLLECTION, text: request.text, createdAt, ...(facets.length ? { facets } : {}), ...(embed ? { embed } : {}) };
        return createRecord(request, rkey, record, 'the post');
      };
      const uri = await request.createOnce({ what: 'the post', progress, send, reconcile: () => reconcile(request, rkey, createdAt) });
      const profile = request.account.username?.replace(/^@/, '') || did;
      return publishedResult(progress, uri, `${SITE}/profile/${profile}/post/${uri.split('/').pop()}`);
    },

    /** The first comment is a reply under the post (the thread's last post, its root the thread's first). */
    firstComment: (request) => postReply(request, 'the first comment', 'comment'),

    /** A thread's next post: a reply to the one before, its root the thread's first post. */
    threadPart: (request) => postReply(request, `post ${request.part} of the thread`, `thread${request.part}`),
  };
}
