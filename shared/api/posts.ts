import * as z from '../zod';
import { capabilities, platforms } from '../platforms';
import { firstCommentRule } from '../platforms/comments';
import { beyondCounting } from '../platforms/textCounting';
import { checkPostOptions } from '../platforms/postOptions';
import { ALT_TEXT_MAX, textFor, threadFor, type NetworkTexts, type NetworkThreads } from '../platformRules';
import { THREAD_MAX_PARTS, threadProblems } from '../thread';
import { isTimeZone } from '../timeZone';
import { mediaKinds, parseMediaKey, takesAltText } from '../media';
import { approvalSchema } from './approvals';
import { clientReviewSchema } from './review';
import { feedOriginSchema } from './feeds';

/** `draft`: saved from the wizard, not published; it starts no execution and uses no month's slot. */
export const postStatuses = ['draft', 'scheduled', 'publishing', 'published', 'partially_published', 'failed', 'cancelled'] as const;
export type PostStatus = (typeof postStatuses)[number];

export const targetStatuses = ['pending', 'uploading', 'processing', 'published', 'failed'] as const;
export type TargetStatus = (typeof targetStatuses)[number];

/** The lists the dashboard shows; "published" holds every finished post (fully, partly, failed); "draft" the saved drafts. */
export const postLists = ['scheduled', 'publishing', 'published', 'draft'] as const;
export type PostList = (typeof postLists)[number];

export function listOf(status: PostStatus): PostList | 'cancelled' {
  if (status === 'scheduled' || status === 'publishing' || status === 'cancelled' || status === 'draft') return status;
  return 'published';
}

/**
 * How far ahead a post can be scheduled. A Standard Step Functions execution runs for at most a
 * year and ours starts when the post is scheduled, so the horizon leaves it five days to publish
 * (processing waits, retries, rate limits) within that year.
 */
export const SCHEDULE_HORIZON_DAYS = 360;
/** A scheduled post that starts publishing later than this after its time is marked late. */
export const LATE_AFTER_SECONDS = 60;

// Zod-free (shared/timeZone.ts), so the front end's first page can check a zone without loading zod.
export { isTimeZone };

export const timeZoneSchema = z.string().min(1).max(64).refine(isTimeZone, 'Not a time zone: use an IANA name such as Europe/Istanbul.');
const scheduledForSchema = z.iso.datetime({ offset: true, message: 'The scheduled time must be an ISO date and time with its offset.' });

const targetInputSchema = z.object({
  platform: z.enum(platforms),
  /** The connected account's platform user id. */
  accountId: z.string().min(1).max(200),
  /**
   * The choices this platform asks for (shared/platforms/postOptions.ts: TikTok's privacy,
   * interactions and disclosure; YouTube's privacy, made for kids, tags, category), checked
   * against that platform's rule below.
   */
  options: z.record(z.string(), z.unknown()).optional(),
});

type PostText = {
  description: string;
  texts?: NetworkTexts | undefined;
  threads?: NetworkThreads | undefined;
  firstComment?: string | undefined;
  title?: string | undefined;
  targets: Array<{ platform: (typeof platforms)[number]; accountId: string; options?: Record<string, unknown> | undefined }>;
};

/** Each target's options against its platform's rule, the messages at the target's options. */
function checkTargetOptions(post: PostText, nativeSchedule: boolean, context: z.RefinementCtx): void {
  for (const [index, target] of post.targets.entries()) {
    const { problems } = checkPostOptions(target.platform, target.options, { nativeSchedule }, capabilities[target.platform].name);
    for (const problem of problems) context.addIssue({ code: 'custom', path: ['targets', index, 'options', ...problem.path], message: problem.message });
  }
}

/** The rules a post's text and targets share between creating and editing. */
function checkPostText(post: PostText, context: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const [index, target] of post.targets.entries()) {
    const key = `${target.platform}#${target.accountId}`;
    if (seen.has(key)) context.addIssue({ code: 'custom', path: ['targets', index], message: 'The same account is chosen twice.' });
    seen.add(key);
  }
  const chosen = new Set(post.targets.map((target) => target.platform));
  for (const platform of Object.keys(post.texts ?? {}) as Array<keyof NetworkTexts>) {
    if (!chosen.has(platform) && post.texts?.[platform]?.trim()) {
      context.addIssue({ code: 'custom', path: ['texts', platform], message: `There is a ${capabilities[platform].name} text but no ${capabilities[platform].name} account among the targets.` });
    }
  }
  for (const platform of Object.keys(post.threads ?? {}) as Array<keyof NetworkThreads>) {
    const { name, threads } = capabilities[platform];
    if (!threads) context.addIssue({ code: 'custom', path: ['threads', platform], message: `${name} does not take threads.` });
    else if (!chosen.has(platform)) context.addIssue({ code: 'custom', path: ['threads', platform], message: `The post has a thread for ${name} but no ${name} account among the targets.` });
  }
  for (const platform of chosen) {
    const { name, text, title } = capabilities[platform];
    const thread = threadFor(post, platform);
    if (thread) {
      // Where each account's server sets its own limit, the posts service counts each post against it.
      const problems = threadProblems(thread, capabilities[platform].accountLimits ? { ...text, max: Number.POSITIVE_INFINITY } : text, name);
      for (const problem of problems) context.addIssue({ code: 'custom', path: ['threads', platform], message: problem });
      // A thread of too many posts is not read further, nor a post too long to count (said above).
      for (const [index, part] of thread.length <= THREAD_MAX_PARTS ? thread.entries() : []) {
        if (beyondCounting(text, part)) continue;
        for (const problem of text.problems?.(part) ?? []) context.addIssue({ code: 'custom', path: ['threads', platform], message: `${name} thread, post ${index + 1}: ${problem}` });
      }
    }
    // The network's own text when it has one (its messages say so), else the description.
    const own = Boolean(post.texts?.[platform]?.trim());
    const words = textFor(post, platform);
    const path = own ? ['texts', platform] : ['description'];
    if (thread) {
      // Its posts were checked above; the description and own text stay for the other networks.
    } else if (beyondCounting(text, words)) {
      const over = `over ${text.maxLength} characters`;
      context.addIssue({ code: 'custom', path, message: own ? `The ${name} text is too long (${over}).` : `The description is too long for ${name} (${over}).` });
    } else {
      const count = text.count(words);
      // Where each account's server sets its own limit, the posts service counts against it (its connection's).
      if (count > text.max && !capabilities[platform].accountLimits) context.addIssue({ code: 'custom', path, message: own ? `The ${name} text is too long (${count} of ${text.max}).` : `The description is too long for ${name} (${count} of ${text.max}).` });
      for (const problem of text.problems?.(words) ?? []) context.addIssue({ code: 'custom', path, message: own ? `${name} text: ${problem}` : problem });
    }
    if (!title) continue;
    if (title.required && !post.title) {
      context.addIssue({ code: 'custom', path: ['title'], message: `A ${name} title is required when ${name} is a target.` });
    }
    if (post.title && post.title.length > title.max) {
      context.addIssue({ code: 'custom', path: ['title'], message: `The ${name} title can be at most ${title.max} characters.` });
    }
    for (const problem of post.title ? (title.problems?.(post.title) ?? []) : []) context.addIssue({ code: 'custom', path: ['title'], message: problem });
  }
  checkFirstComment(post.firstComment, [...chosen], context);
}
/**
 * A first comment goes under the post on each chosen network whose publisher posts one
 * (`capabilities[p].firstComment`), counted by that network's text rule (a reply on X and Bluesky
 * is a post of its own) against its comment limit where it has one (LinkedIn), or by its comment
 * rule where a comment counts unlike the post (YouTube: characters, not the description's bytes);
 * a comment none of the chosen networks takes is refused, not dropped.
 */
function checkFirstComment(comment: string | undefined, chosen: Array<(typeof platforms)[number]>, context: z.RefinementCtx): void {
  if (!comment?.trim()) return;
  const takers = chosen.filter((platform) => capabilities[platform].firstComment);
  if (chosen.length > 0 && takers.length === 0) {
    const takers = platforms.filter((platform) => capabilities[platform].firstComment).map((platform) => capabilities[platform].name);
    const names = takers.length > 1 ? `${takers.slice(0, -1).join(', ')} and ${takers.at(-1)}` : takers.join('');
    context.addIssue({ code: 'custom', path: ['firstComment'], message: `None of the chosen networks takes a first comment: ${names} do.` });
  }
  for (const platform of takers) {
    const { name } = capabilities[platform];
    const rule = firstCommentRule(platform);
    if (beyondCounting(rule, comment)) {
      context.addIssue({ code: 'custom', path: ['firstComment'], message: `The first comment is too long for ${name} (over ${rule.maxLength} characters).` });
      continue;
    }
    const count = rule.count(comment);
    if (count > rule.max) context.addIssue({ code: 'custom', path: ['firstComment'], message: `The first comment is too long for ${name} (${count} of ${rule.max}).` });
    for (const problem of rule.problems?.(comment) ?? []) context.addIssue({ code: 'custom', path: ['firstComment'], message: `${name} first comment: ${problem}` });
  }
}

/** The platforms that publish at our time themselves (YouTube's status.publishAt), named for messages. */
const nativeSchedulers = platforms.filter((platform) => capabilities[platform].nativeScheduling);
const nativeSchedulerNames = nativeSchedulers.map((platform) => capabilities[platform].name).join(' or ');

/** What a file shows, for people who cannot see it (sent where a network takes it: `capabilities[p].altText`). */
const altTextSchema = z.string().trim().max(ALT_TEXT_MAX, `An alt text can be at most ${ALT_TEXT_MAX} characters.`).optional();

/** A file's alt text, refused in words for a kind that takes none (a document: shared/media.ts). */
function checkAltTextKind(file: { key: string; altText?: string | undefined }, context: z.RefinementCtx): void {
  const kind = parseMediaKey(file.key)?.kind;
  if (file.altText && kind && !takesAltText(kind)) {
    context.addIssue({ code: 'custom', path: ['altText'], message: 'A document (PDF) takes no alt text: alt text describes an image or a video.' });
  }
}

/** Per network, its own version of the text (absent or blank: the description). */
const networkTextsSchema = z.partialRecord(z.enum(platforms), z.string().max(10_000, 'A network\'s text can be at most 10,000 characters.'));

const firstCommentSchema = z.string().trim().max(10_000, 'A first comment can be at most 10,000 characters.').optional();

/** Per network that takes threads, its posts in order (two or more; the first carries the media). */
const networkThreadsSchema = z.partialRecord(
  z.enum(platforms),
  z.array(z.string().max(10_000, 'A post of a thread can be at most 10,000 characters.')).max(THREAD_MAX_PARTS * 2, `A thread can have at most ${THREAD_MAX_PARTS} posts.`),
);

const postTextFields = {
  description: z.string().trim().min(1, 'Write a description.').max(10_000),
  texts: networkTextsSchema.optional(),
  /** A network's post as a thread (shared/thread.ts); absent or one post: a plain post. */
  threads: networkThreadsSchema.optional(),
  /** Posted under the post, once, on each chosen network that takes one (blank: none). */
  firstComment: firstCommentSchema,
  // Each platform's own title limit is checked in checkPostText, with its name in the message.
  title: z.string().trim().max(1000).optional(),
  targets: z.array(targetInputSchema).min(1, 'Choose at least one account.').max(20),
};

/**
 * "Add to queue" instead of a time (docs/queue.md): each chosen account's next free slot (one post
 * per account, sharing the content), or with `sameTimeForAll` one post at the earliest time every
 * chosen account has a free slot.
 */
export const queueChoiceSchema = z.object({ sameTimeForAll: z.boolean().optional() });
export type QueueChoice = z.infer<typeof queueChoiceSchema>;

export const createPostSchema = z
  .object({
    ...postTextFields,
    media: z.array(z.object({ key: z.string().min(1).max(300), altText: altTextSchema }).superRefine(checkAltTextKind)).min(1, 'Add a video or an image.').max(10),
    /** ISO time to publish at (plans that can schedule); absent = now. */
    scheduledFor: scheduledForSchema.optional(),
    /** The user's IANA time zone the time was chosen in (required with scheduledFor). */
    timeZone: timeZoneSchema.optional(),
    /**
     * YouTube's own scheduling: upload now as a private video with status.publishAt, so YouTube
     * can process a long video ahead of time. Off by default (see docs/publishing.md).
     */
    youtubeNative: z.boolean().optional(),
    /** Put it in the accounts' queues (their next free slots) rather than at scheduledFor. */
    queue: queueChoiceSchema.optional(),
  })
  .superRefine((post, context) => {
    checkPostText(post, context);
    if (post.queue && post.scheduledFor) {
      context.addIssue({ code: 'custom', path: ['queue'], message: 'Choose a time or the queue, not both.' });
    }
    if (post.queue && post.youtubeNative) {
      context.addIssue({ code: 'custom', path: ['youtubeNative'], message: `${nativeSchedulerNames}'s own scheduling needs a fixed time: the queue may move a post.` });
    }
    checkTargetOptions(post, Boolean(post.youtubeNative && post.scheduledFor), context);
    if (post.scheduledFor && !post.timeZone) {
      context.addIssue({ code: 'custom', path: ['timeZone'], message: 'Say which time zone the scheduled time is in.' });
    }
    if (post.youtubeNative && !post.scheduledFor && !post.queue) {
      context.addIssue({ code: 'custom', path: ['youtubeNative'], message: `${nativeSchedulerNames}'s own scheduling needs a scheduled time.` });
    }
    if (post.youtubeNative && !post.targets.some((target) => nativeSchedulers.includes(target.platform))) {
      context.addIssue({ code: 'custom', path: ['youtubeNative'], message: `${nativeSchedulerNames}'s own scheduling needs ${nativeSchedulerNames} as a target.` });
    }
  });
export type CreatePost = z.infer<typeof createPostSchema>;

export const postMediaSchema = z.object({
  key: z.string(),
  kind: z.enum(mediaKinds),
  contentType: z.string(),
  size: z.number().int(),
  durationSeconds: z.number().optional(),
  /** The thumbnail the browser made at upload (a video's poster frame); absent for older media or a failed capture. */
  thumbnailKey: z.string().optional(),
  /** Short-lived presigned URLs (GET /posts and GET /posts/{postId}): the medium itself and its thumbnail. */
  url: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  /** The file's name as the user chose it (kept for drafts, so the wizard can show it again). */
  name: z.string().optional(),
  /** What the file shows, for people who cannot see it. */
  altText: z.string().optional(),
});
export type PostMedia = z.infer<typeof postMediaSchema>;

/**
 * Why a target failed, for the machine: `outcome_unknown` = the platform could not tell whether
 * the create call acted ("check your account"); only such a target offers "publish again".
 */
export const targetFailureCodes = ['outcome_unknown'] as const;
export type TargetFailureCode = (typeof targetFailureCodes)[number];

/**
 * How a target's thread went, once its first post was live: every post published (`url`: the
 * last one's), or `posted` of `of` and why the rest were not, in words.
 */
export const threadResultSchema = z.object({ status: z.enum(['published', 'failed']), posted: z.number().int().nonnegative(), of: z.number().int().positive(), url: z.string().nullable(), error: z.string().nullable() });
export type ThreadResult = z.infer<typeof threadResultSchema>;

/** How a target's first comment went: posted, with its link, or not posted, with why. */
export const firstCommentResultSchema = z.object({ status: z.enum(['published', 'failed']), url: z.string().nullable(), error: z.string().nullable() });
export type FirstCommentResult = z.infer<typeof firstCommentResultSchema>;

/** What a target is waiting for, and until when (ISO): a platform's rate limit or its processing. */
export const targetWaitingSchema = z.object({ reason: z.enum(['rate_limited', 'processing']), until: z.string() });
export type TargetWaiting = z.infer<typeof targetWaitingSchema>;

export const postTargetSchema = z.object({
  targetId: z.string(),
  platform: z.enum(platforms),
  accountId: z.string(),
  accountName: z.string(),
  status: z.enum(targetStatuses),
  postUrl: z.string().nullable(),
  platformPostId: z.string().nullable(),
  /** The platform's reason in plain words when the target failed. */
  error: z.string().nullable(),
  /** Set with some failures (targetFailureCodes); absent or null otherwise. */
  failureCode: z.enum(targetFailureCodes).nullable().optional(),
  /** Set while the target waits for a rate limit or the platform's processing. */
  waiting: targetWaitingSchema.nullable().optional(),
  /** A note from the platform step the user should read (e.g. TikTok never gave the public id). */
  notice: z.string().nullable().optional(),
  /** The choices made for this platform (its post options), as they were sent to it; null when it asks for none. */
  options: z.record(z.string(), z.unknown()).nullable().optional(),
  /** The first comment under this target's post, once it was tried: posted (with its link) or not (the reason in words). */
  firstComment: firstCommentResultSchema.nullable().optional(),
  /** The rest of the thread after the first post, once tried (the network's posts as a thread). */
  thread: threadResultSchema.nullable().optional(),
  updatedAt: z.string(),
});
export type PostTarget = z.infer<typeof postTargetSchema>;

/** A new time for a scheduled post. */
export const reschedulePostSchema = z.object({ scheduledFor: scheduledForSchema, timeZone: timeZoneSchema });
export type ReschedulePost = z.infer<typeof reschedulePostSchema>;

/** New text and targets for a scheduled post (the media and the time stay). */
export const editPostSchema = z.object(postTextFields).superRefine((post, context) => {
  checkPostText(post, context);
  // An edited post keeps its scheduling; a native one is re-checked by the service (it knows the post).
  checkTargetOptions(post, false, context);
});
export type EditPost = z.infer<typeof editPostSchema>;

/** A queued post's place (docs/queue.md). */
export const postQueueSchema = z.object({
  /** The connections ("<platform>#<account id>") whose queue holds it: one, or several for a post at the same time for all. */
  accounts: z.array(z.string()),
  /** Its queue is paused: it waits and publishes at a free slot once the queue is resumed. */
  held: z.boolean(),
  /** What it waits for, in words (null when it is not waiting). */
  waiting: z.string().nullable(),
});
export type PostQueue = z.infer<typeof postQueueSchema>;

export const postSchema = z.object({
  postId: z.string(),
  status: z.enum(postStatuses),
  title: z.string().nullable(),
  description: z.string(),
  /** Networks with their own version of the text (the others get the description). */
  texts: networkTextsSchema.optional(),
  /** Networks whose post goes as a thread, with its posts. */
  threads: networkThreadsSchema.optional(),
  /** Posted under the post on each network that takes one. */
  firstComment: z.string().optional(),
  media: z.array(postMediaSchema),
  targets: z.array(postTargetSchema),
  platforms: z.array(z.enum(platforms)),
  createdAt: z.string(),
  updatedAt: z.string(),
  scheduledFor: z.string().nullable(),
  /** The IANA zone the time was chosen in (shown and edited in it). */
  timeZone: z.string().nullable(),
  /** YouTube publishes it at scheduledFor itself (uploaded ahead as private). */
  youtubeNative: z.boolean(),
  /** When publishing actually started (a scheduled post: at or after scheduledFor). */
  startedAt: z.string().nullable(),
  /** Started more than LATE_AFTER_SECONDS after its time (e.g. the machine was off). */
  late: z.boolean(),
  /** How many seconds late, when late. */
  lateSeconds: z.number().nullable(),
  publishedAt: z.string().nullable(),
  /** Set on a post submitted for approval (shared/api/approvals.ts); absent on the others. */
  approval: approvalSchema.nullable().optional(),
  /** Set on a queued post (docs/queue.md): the accounts whose queue it is in, and whether it waits for a paused queue. */
  queue: postQueueSchema.nullable().optional(),
  /** What clients did on it through review links (shared/api/review.ts), oldest first. */
  clientReviews: z.array(clientReviewSchema).optional(),
  /** A draft a followed feed's item made: the feed, the item's link and image (taken or why not). */
  fromFeed: feedOriginSchema.optional(),
});
export type Post = z.infer<typeof postSchema>;

/** POST /posts: the post; added to the queue for several accounts, every post it made, soonest first. */
export const createdPostSchema = postSchema.extend({
  queuedPosts: z.array(z.object({ postId: z.string(), scheduledFor: z.string().nullable(), accounts: z.array(z.string()) })).optional(),
});
export type CreatedPost = z.infer<typeof createdPostSchema>;

export const postIdSchema = z.object({ postId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a post id.') });
export const postTargetPathSchema = postIdSchema.extend({ targetId: z.string().min(1).max(300) });

export const listPostsQuerySchema = z.object({
  status: z.enum(postLists).default('published'),
  platform: z.enum(platforms).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(2000).optional(),
});

export const postPageSchema = z.object({ posts: z.array(postSchema), nextCursor: z.string().nullable() });
export type PostPage = z.infer<typeof postPageSchema>;

/** The posts waiting for a decision in the current workspace: pending first (oldest submission first), then those sent back to their authors. */
export const approvalQueueSchema = z.object({
  posts: z.array(postSchema),
  /** Who may decide them (the workspace's members whose role may approve), by e-mail. */
  approverEmails: z.array(z.string()),
});
export type ApprovalQueue = z.infer<typeof approvalQueueSchema>;

/** At most this many drafts per user (the wizard's "Save as draft" says so when they are used up). */
export const MAX_DRAFTS = 100;

/**
 * A draft as the wizard saves it: anything so far. The text may be empty and there may be no
 * media or accounts yet; the rules a post must meet are checked when it is published. Media keys
 * must still be the user's own uploads, and an account may be chosen only once.
 */
export const saveDraftSchema = z
  .object({
    description: z.string().max(10_000, 'The description can be at most 10,000 characters.'),
    texts: networkTextsSchema.optional(),
    threads: networkThreadsSchema.optional(),
    firstComment: z.string().max(10_000, 'A first comment can be at most 10,000 characters.').optional(),
    title: z.string().max(1000, 'The title can be at most 1,000 characters.').optional(),
    targets: z.array(targetInputSchema).max(20, 'Choose at most 20 accounts.'),
    media: z
      .array(z.object({ key: z.string().min(1).max(300), name: z.string().trim().min(1).max(255).optional(), altText: altTextSchema }).superRefine(checkAltTextKind))
      .max(10, 'A post can carry at most 10 files.'),
  })
  .superRefine((draft, context) => {
    const seen = new Set<string>();
    for (const [index, target] of draft.targets.entries()) {
      const key = `${target.platform}#${target.accountId}`;
      if (seen.has(key)) context.addIssue({ code: 'custom', path: ['targets', index], message: 'The same account is chosen twice.' });
      seen.add(key);
    }
    if (!draft.description.trim() && !draft.title?.trim() && draft.media.length === 0 && draft.targets.length === 0) {
      context.addIssue({ code: 'custom', path: ['description'], message: 'There is nothing to save yet: add a file, an account or some text.' });
    }
  });
export type SaveDraft = z.infer<typeof saveDraftSchema>;
