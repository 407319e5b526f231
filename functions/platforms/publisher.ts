import type { Platform } from '../../shared/platforms';
import type { TokenSet } from './adapter';
import type { MediaKind } from '../../shared/media';

/**
 * One file to publish, read in ranges so a publisher never holds a whole video in memory:
 * a 2 GB video publishes with the same memory as a 20 MB one.
 */
export interface MediaSource {
  kind: MediaKind;
  /** MIME type, e.g. video/mp4, image/jpeg. */
  contentType: string;
  /** Bytes. */
  size: number;
  /** The original file name's extension, without the dot (mp4, mov, jpg, …). */
  extension: string;
  /** Seconds, read from the file's metadata when it was uploaded (videos). */
  durationSeconds?: number;
  width?: number;
  height?: number;
  /** The description of an image or video for people who cannot see it, where the post has one. */
  altText?: string;
  /** Bytes `start`..`endInclusive` (a ranged GET from S3). */
  read(start: number, endInclusive: number): Promise<Uint8Array>;
  /** A short-lived URL the platform can fetch the file from (Instagram, TikTok PULL_FROM_URL). */
  publicUrl(): Promise<string>;
}

/**
 * What a publisher remembers between steps, stored on the post's target after every step so a
 * retried or resumed step continues instead of starting over (upload session URI, container
 * id, media id, uploaded byte count, published post id…). JSON-serializable.
 */
export type PublishProgress = Record<string, string | number | boolean | null | string[]>;

export interface PublishRequest {
  /** The post's description (caption / commentary / tweet text). */
  text: string;
  /** YouTube's title (required there; ignored elsewhere). */
  title?: string;
  /** One video, or one or more images (as the platform allows). */
  media: MediaSource[];
  account: { platformUserId: string; username?: string };
  tokens: TokenSet;
  /** What earlier steps of this target recorded (empty on the first step). */
  progress: PublishProgress;
  /** Scheduled publishing on the platform itself (YouTube publishAt), when asked for. */
  publishAt?: string;
  /**
   * The choices the user made for this platform (its post options rule in
   * shared/platforms/postOptions.ts), already checked and completed; the publisher parses them
   * with its own schema. Absent when none were given (a post stored before they existed).
   */
  options?: Record<string, unknown>;
  /**
   * Persists progress in the middle of a step (a new upload session, a confirmed offset): if
   * the step is then interrupted, the next attempt resumes from there instead of starting over.
   */
  saveProgress?(progress: PublishProgress): Promise<void>;
  /**
   * Every call that creates something a person sees on the platform goes through here (the
   * engine's exactly-once rule, createOnce.ts): the intent is recorded with `progress` before
   * `send`; an attempt that finds it recorded without an outcome asks `reconcile` first.
   */
  createOnce<T>(call: CreateCall<T>): Promise<T>;
  /**
   * An earlier attempt armed this target's create call and may have sent it (its answer was
   * lost): nothing that would create the post anew (a new upload session, a new container) may
   * begin before `createOnce`'s look-up has said nothing was made. Absent: not armed.
   */
  createArmed?: boolean;
  /**
   * Progress too large for the post item (DynamoDB allows 400 KB per item): e.g. a 4 GiB LinkedIn
   * video's ~1,024 presigned part URLs. Kept beside the item (S3 on AWS), referenced from progress.
   */
  attachments: ProgressAttachments;
}

/** Large progress of one target, kept outside the post item (progressAttachments.ts). */
export interface ProgressAttachments {
  /** Stores (or replaces) `value` under `name` for this target; answers the reference to keep in progress. */
  save(name: string, value: unknown): Promise<string>;
  /** The value a reference from this target's progress points to (throws if it is gone). */
  load(reference: string): Promise<unknown>;
}

/**
 * The first comment under a published post (a reply where a network's comments are replies). It
 * comes after the post, under the same exactly-once rule (`createOnce`, armed apart from the
 * post's); `progress` is the target's, holding the post's ids and, once armed, the comment's.
 */
export interface CommentRequest extends Pick<PublishRequest, 'account' | 'tokens' | 'progress' | 'saveProgress' | 'createOnce'> {
  /** The comment's text. */
  text: string;
  /** The post it goes under, as publishing recorded it (a thread's last post, when the post went as a thread). */
  post: { platformPostId: string; postUrl: string };
  /** The thread's first post when `post` is a later one of a thread (a Bluesky reply names both); absent: `post` is the root. */
  root?: { platformPostId: string; postUrl: string };
}

/**
 * One post of a thread after the first (shared/thread.ts): a reply to the post before it, under
 * the same exactly-once rule (`createOnce`, armed per post). `post` is the post it answers, `root`
 * the thread's first post; `part` its number (2 for the first reply). The publisher keeps each
 * posted reply's id in `progress` and answers a recorded one without calling again.
 */
export interface ThreadPartRequest extends CommentRequest {
  part: number;
  root: { platformPostId: string; postUrl: string };
}

/** A posted comment: its id and where people see it, and the target's progress with both. */
export interface CommentResult {
  commentId: string;
  url: string;
  progress: PublishProgress;
}

/**
 * A call that creates something a person sees (a post, or the upload that makes the platform
 * post by itself).
 */
export interface CreateCall<T> {
  /** What the call creates, in words, for the "check your account" message (e.g. "the post"). */
  what: string;
  /** Every id the platform has given so far: saved with the intent, before the call. */
  progress: PublishProgress;
  send(): Promise<T>;
  /**
   * After an attempt whose outcome is unknown: what `send` would have answered if the platform
   * acted, undefined when the platform says it did not (sending again is safe), or CannotTell
   * (with why, in words) when it cannot tell. Anything else it throws cannot tell either
   * (createOnce.ts), but a Retryable (no answer) is asked again.
   */
  reconcile(): Promise<T | undefined>;
}

/**
 * processing: the platform is still working; check again after `waitSeconds`.
 * ready: everything is uploaded and processed; the create-post call comes next.
 * published: the post exists on the platform.
 */
export type StepResult =
  | { state: 'processing'; progress: PublishProgress; waitSeconds: number }
  | { state: 'ready'; progress: PublishProgress }
  | { state: 'published'; progress: PublishProgress; platformPostId: string; postUrl: string };

/**
 * A platform's publishing steps: submit → status → finish (STYLE.md §2). Waiting and polling
 * belong to the state machine, never to sleeps in here. Every failure is thrown as AuthExpired,
 * RateLimited, Retryable or Rejected (errors.ts).
 */
export interface PlatformPublisher {
  readonly platform: Platform;
  /** Uploads the media or creates the container, resuming from `progress`. */
  start(request: PublishRequest): Promise<StepResult>;
  /** One read-only status call. */
  checkStatus(request: PublishRequest): Promise<StepResult>;
  /** The create-post call (through `request.createOnce`), or the report of a post the upload created. */
  publish(request: PublishRequest): Promise<StepResult>;
  /**
   * Posts the first comment under the published post, once (through `request.createOnce`).
   * Present exactly where the platform's capabilities say `firstComment`.
   */
  firstComment?(request: CommentRequest): Promise<CommentResult>;
  /**
   * Posts one post of a thread after the first, once (through `request.createOnce`). Present
   * exactly where the platform's capabilities say `threads`.
   */
  threadPart?(request: ThreadPartRequest): Promise<CommentResult>;
}
