import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { monotonicFactory } from 'ulid';
import { capabilities, type Platform } from '../../shared/platforms';
import { keptTexts, keptThreads, mediaProblemMessage, mediaProblemsOn, textFor, threadFor } from '../../shared/platformRules';
import { rulesFor } from '../../shared/platforms/accountLimits';
import { beyondCounting } from '../../shared/platforms/textCounting';
import { checkPostOptions, optionsMediaProblems, postOptionRules } from '../../shared/platforms/postOptions';
import { parseMediaKey } from '../../shared/media';
import { SCHEDULE_HORIZON_DAYS, type CreatePost, type EditPost, type Post, type PostList, type ReschedulePost } from '../../shared/api/posts';
import type { Notification, NotificationList } from '../../shared/api/notifications';
import { finalizePost } from './finalize';
import type { Clock } from '../clock';
import { Conflict, Forbidden, InvalidInput, NotFound, QuotaExceeded } from '../errors';
import { MediaNotFound, type StoredMedia } from '../media/s3Media';
import { MEDIA_REMOVED_MESSAGE, type PostMedia } from './postMedia';
import type { UploadRecord } from './storageQuota';
import { connectionIdOf, type ConnectionItem, type ConnectionStore } from './connectionStore';
import type { MembershipService, UserIdentity } from './memberships';
import { newExecutionName, type PublishExecutions } from './executions';
import { executionInputFor, executionRecord } from './executionPlan';
import { activeShardOf, listPlacement, NOTIFICATION_PREFIX, toPost, type ApprovalItem, type CommentItem, type NotificationItem, type PostItem, type PostStore, type QueueMark, type ScheduleChange, type TargetItem } from './postStore';

export interface PostServiceDeps {
  db: DynamoDBDocumentClient;
  posts: PostStore;
  connections: ConnectionStore;
  memberships: MembershipService;
  /** The files a post takes, as their uploads described them, and the write that keeps them. */
  media: PostMedia;
  executions: PublishExecutions;
  clock: Clock;
  /** Where a start left to the reconciler is logged. */
  log?: { warn(message: string, extra: Record<string, unknown>): void };
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** What checks of one user's posts read, kept to share between them (posts.check). */
export interface CheckReads {
  membership?: ReturnType<MembershipService['ensure']>;
  connections?: ReturnType<ConnectionStore['list']>;
  media: Map<string, ReturnType<PostMedia['chosen']>>;
}

export const DRAFT_GONE_MESSAGE = 'This draft has been published already (or deleted): see Posts or Scheduled.';

/** How a post is created besides its input: from a draft, carrying an approval (approvals.ts). */
export interface CreateOptions {
  /** publishDraft: the draft becomes the post (same id), only while it is still a draft. */
  draftId?: string;
  /** Submitted for a time (pending), or a submitted draft being approved (approved). */
  approval?: ApprovalItem;
  /** The draft's comment thread, kept by the post. */
  comments?: CommentItem[];
  /** Approving a draft: the draft as the approver's request read it (a save in between refuses the approval). */
  draftUpdatedAt?: string;
  /** Added to the queue (functions/services/queue.ts): the accounts whose queue holds it. */
  queue?: QueueMark;
}

function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

function decodeCursor(cursor: string | undefined, userId: string): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (key['userId'] !== userId) throw new Error('foreign cursor');
    return key;
  } catch {
    throw new InvalidInput('The cursor is not valid: start again from the first page.');
  }
}

type AccountTarget = Pick<TargetItem, 'platform' | 'options' | 'connectionId' | 'accountName'>;

/** A target's account's own limits, where its server sets them (`accountLimits`); undefined elsewhere. */
function ownRules(target: AccountTarget, connections: readonly ConnectionItem[]) {
  if (!capabilities[target.platform].accountLimits) return undefined;
  return rulesFor(target.platform, connections.find((item) => item.connectionId === target.connectionId)?.limits);
}

/**
 * Checks media against each chosen platform's capabilities (shared/platforms) — an account whose
 * server sets its own limits against those (its connection's) —, in words the user can act on.
 */
function mediaProblems(media: StoredMedia[], targets: readonly AccountTarget[], connections: readonly ConnectionItem[]): string[] {
  const problems = media.filter((item) => item.kind === 'video').length > 1 ? ['A post can carry one video.'] : [];
  for (const platform of new Set(targets.filter((target) => !capabilities[target.platform].accountLimits).map((target) => target.platform))) {
    for (const problem of mediaProblemsOn(platform, media)) problems.push(mediaProblemMessage(platform, problem));
  }
  for (const target of targets) {
    const own = ownRules(target, connections);
    if (!own || postOptionRules[target.platform]?.withoutMedia?.(target.options ?? {})) continue;
    for (const problem of mediaProblemsOn(target.platform, media, own)) {
      const message = `${mediaProblemMessage(target.platform, problem)} (${target.accountName})`;
      if (!problems.includes(message)) problems.push(message);
    }
  }
  // What a target's choices ask of the files (an Instagram story: one file, a video of at most 60 s), once per message.
  for (const target of targets) {
    for (const problem of optionsMediaProblems(target.platform, target.options, media)) if (!problems.includes(problem)) problems.push(problem);
  }
  return problems;
}

/**
 * The text (or each post of its thread) against the limit each account's server sets, where the
 * platform's data says `accountLimits` (the schema left that count to this check), with the
 * server's figure in the words.
 */
function accountTextProblems(post: Parameters<typeof textFor>[0], targets: readonly AccountTarget[], connections: readonly ConnectionItem[]): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  for (const target of targets) {
    const own = ownRules(target, connections);
    if (!own) continue;
    const { name, text } = own;
    const account = target.accountName;
    const thread = threadFor(post, target.platform);
    if (thread) {
      for (const [index, part] of thread.entries()) {
        const count = beyondCounting(text, part) ? undefined : text.count(part);
        if (count !== undefined && count > text.max) problems.push({ path: `threads.${target.platform}`, message: `Post ${index + 1} of the ${name} thread is too long for ${account}: its server takes at most ${text.max} characters per post (this one has ${count}).` });
      }
      continue;
    }
    const words = textFor(post, target.platform);
    if (beyondCounting(text, words)) continue;
    const count = text.count(words);
    const path = post.texts?.[target.platform]?.trim() ? `texts.${target.platform}` : 'description';
    if (count > text.max) problems.push({ path, message: `The ${name} text is too long for ${account}: its server takes at most ${text.max} characters per post (this one has ${count}).` });
  }
  return problems;
}

const HORIZON_MS = SCHEDULE_HORIZON_DAYS * 24 * 3600_000;

/** A scheduled time must be in the future and within the horizon; the message says which rule failed. */
export function checkScheduledTime(at: Date, now: Date): string {
  if (Number.isNaN(at.getTime())) throw new InvalidInput('The scheduled time is not a valid date.');
  if (at.getTime() <= now.getTime()) {
    throw new InvalidInput(`The scheduled time ${at.toISOString()} is in the past (it is now ${now.toISOString()}): choose a later time.`, [
      { path: 'scheduledFor', message: 'The scheduled time is in the past.' },
    ]);
  }
  if (at.getTime() - now.getTime() > HORIZON_MS) {
    throw new InvalidInput(`Posts can be scheduled at most ${SCHEDULE_HORIZON_DAYS} days ahead: choose a time before ${new Date(now.getTime() + HORIZON_MS).toISOString()}.`, [
      { path: 'scheduledFor', message: `At most ${SCHEDULE_HORIZON_DAYS} days ahead.` },
    ]);
  }
  return at.toISOString();
}

/** A read's outcome, looked at later, in order (see create). */
const settled = <T>(read: Promise<T>): Promise<PromiseSettledResult<T>> => Promise.allSettled([read]).then(([outcome]) => outcome!);
const valueOf = <T>(outcome: PromiseSettledResult<T>): T => {
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
};

/** A YouTube-native target in these states has (or may have) its video on YouTube already. */
export const nativeHandedOver = (status: TargetItem['status']) => status === 'uploading' || status === 'processing' || status === 'published';

function toNotification(item: NotificationItem): Notification {
  return {
    notificationId: item.notificationId,
    kind: item.kind,
    postId: item.postId.slice(NOTIFICATION_PREFIX.length).split('#')[0]!,
    postStatus: item.postStatus,
    excerpt: item.excerpt,
    scheduledFor: item.scheduledFor,
    failures: item.failures,
    ...(item.byEmail ? { byEmail: item.byEmail } : {}),
    ...(item.comment ? { comment: item.comment } : {}),
    createdAt: item.createdAt,
    readAt: item.readAt ?? null,
  };
}

export function createPostService(deps: PostServiceDeps) {
  const { db, posts, connections, memberships, media, executions, clock } = deps;
  const newId = monotonicFactory();

  /**
   * Starts the execution the post already records as current. A start that fails is logged and
   * left to the reconciler, which finds the post waiting for an execution that does not exist
   * and starts it (functions/services/reconciler.ts): the post is never left with nothing to run it.
   */
  async function startRecorded(post: PostItem, targetIds: string[], name: string): Promise<void> {
    try {
      await executions.start(name, executionInputFor(post, targetIds, name));
    } catch (error) {
      deps.log?.warn('Starting the execution failed; the reconciler will start it', { postId: post.postId, execution: name, error: (error as Error).message });
    }
  }

  function assertChangeable(post: PostItem, verb: string): void {
    if (post.status !== 'scheduled') {
      const now =
        post.status === 'publishing'
          ? 'it is publishing now'
          : post.status === 'cancelled'
            ? 'it was cancelled'
            : post.status === 'failed'
              ? 'it has already run (and failed)'
              : 'it has been published';
      throw new Conflict(`Only a scheduled post can be ${verb}: ${now}.`);
    }
    const native = Object.values(post.targets).find((target) => target.publishAt && nativeHandedOver(target.status));
    if (native) {
      const { name, nativeScheduling } = capabilities[native.platform];
      throw new Conflict(
        `The video is already on ${name} as a private video that ${name} makes public at ${native.publishAt}. Change or delete it in ${nativeScheduling ? nativeScheduling.changedIn : name}; this post can no longer be ${verb} here.`,
      );
    }
  }

  /**
   * Replaces a scheduled post's execution: one conditional write makes a new execution (a new,
   * unique name) current only if the old one still is and the post is still scheduled; then the
   * new one is started (or, if that fails, by the reconciler) and the old one stopped. Whatever
   * the timing, the stale execution's first step finds it is no longer current and publishes nothing.
   */
  async function replaceExecution(user: UserIdentity, post: PostItem, change: ScheduleChange): Promise<Post> {
    const next: PostItem = { ...post, ...change, title: change.title === null ? undefined : (change.title ?? post.title) } as PostItem;
    const name = newExecutionName(post.postId);
    const expected = post.currentExecution ?? post.executions.at(-1) ?? '';
    const record = executionRecord(next, Object.keys(next.targets).length, name, clock.now());
    if (!(await posts.replaceExecution(post, expected, name, { ...change, activeAt: record.activeAt, deadlineAt: record.deadlineAt }))) {
      assertChangeable(await load(user, post.postId), 'changed');
      throw new Conflict('The post was changed at the same time elsewhere: reload it and try again.');
    }
    await startRecorded({ ...next, currentExecution: name }, Object.keys(next.targets), name);
    // A held queued post's current execution names none (postStore.holdQueued): nothing to stop.
    if (expected && !post.queue?.held) {
      try {
        await executions.stop(expected, `Replaced by ${name}`);
      } catch (error) {
        // Harmless: the old execution is no longer current, so its first step claims nothing.
        deps.log?.warn('Stopping the replaced execution failed', { postId: post.postId, execution: expected, error: (error as Error).message });
      }
    }
    return toPost(await load(user, post.postId));
  }

  /** Builds the target items for the chosen accounts from the user's connections; refuses accounts that are not connected. */
  function targetsFor(userConnections: ConnectionItem[], inputTargets: CreatePost['targets'], now: Date, publishAt: string | undefined): Record<string, TargetItem> {
    const missing: Platform[] = [];
    const targets: Record<string, TargetItem> = {};
    for (const [index, target] of inputTargets.entries()) {
      // The platform's choices, completed (defaults) as they will be sent; the schema checked them already.
      const checked = checkPostOptions(target.platform, target.options, { nativeSchedule: Boolean(publishAt) }, capabilities[target.platform].name);
      if (checked.problems.length) {
        throw new InvalidInput(
          checked.problems.map((problem) => problem.message).join(' '),
          checked.problems.map((problem) => ({ path: ['targets', index, 'options', ...problem.path].join('.'), message: problem.message })),
        );
      }
      const connectionId = connectionIdOf(target.platform, target.accountId);
      const connection = userConnections.find((item) => item.connectionId === connectionId && item.status === 'connected');
      if (!connection) {
        missing.push(target.platform);
        continue;
      }
      targets[connectionId] = {
        targetId: connectionId,
        platform: target.platform,
        accountId: target.accountId,
        accountName: connection.username ?? connection.displayName,
        connectionId,
        status: 'pending',
        progress: {},
        statusChecks: 0,
        rateLimitWaits: 0,
        ...(publishAt && capabilities[target.platform].nativeScheduling ? { publishAt } : {}),
        ...(checked.options ? { options: checked.options } : {}),
        updatedAt: now.toISOString(),
      };
    }
    if (missing.length) throw new InvalidInput(`No active social media accounts found for platforms: ${[...new Set(missing)].join(', ')}`);
    return targets;
  }

  /**
   * Everything a new post is checked against, read at once: the plan (scheduling), the chosen
   * accounts (connected), the files (the user's own, stored, and what every chosen network takes).
   * Refuses in words; returns what the post is built from.
   */
  async function checkedPost(user: UserIdentity, input: CreatePost, shared?: CheckReads) {
    // What the post is checked against is read at once (the membership, the connections, each
    // of the user's files): one round trip instead of three after one another. The checks then
    // run in their order, and a failed read fails where it would have been read. Checking many
    // posts at once (an import's dry run) reads each of them once for all (`shared`).
    const chosen = (key: string) => {
      if (!shared) return media.chosen(user.userId, key);
      if (!shared.media.has(key)) shared.media.set(key, media.chosen(user.userId, key));
      return shared.media.get(key)!;
    };
    const [membershipRead, connectionsRead, fileReads] = await Promise.all([
      settled(shared ? (shared.membership ??= memberships.ensure(user)) : memberships.ensure(user)),
      settled(shared ? (shared.connections ??= connections.list(user.userId)) : connections.list(user.userId)),
      Promise.allSettled(input.media.map(({ key }) => (parseMediaKey(key)?.userId === user.userId ? chosen(key) : undefined))),
    ]);
    const membership = valueOf(membershipRead);
    const now = clock.now();

    // Scheduling: only plans that include it, only in the future and within the horizon.
    let scheduledFor: string | undefined;
    if (input.scheduledFor) {
      if (!membership.canSchedule) throw new Forbidden('Scheduling is not included in your plan. Publish now, or upgrade to schedule.');
      scheduledFor = checkScheduledTime(new Date(input.scheduledFor), now);
    }

    // Targets: the user's own connected accounts only.
    const userConnections = valueOf(connectionsRead);
    const targets = targetsFor(userConnections, input.targets, now, input.youtubeNative ? scheduledFor : undefined);
    const tooLong = accountTextProblems(input, Object.values(targets), userConnections);
    if (tooLong.length) throw new InvalidInput(tooLong.map((problem) => problem.message).join(' '), tooLong);

    // Media: the user's own files, and what every chosen platform accepts.
    const stored: StoredMedia[] = [];
    const records: UploadRecord[] = [];
    for (const [index, { key, altText }] of input.media.entries()) {
      const read = fileReads[index]!;
      if (parseMediaKey(key)?.userId !== user.userId) throw new InvalidInput(`The file ${key} is not one of your uploads.`);
      if (read.status === 'rejected') {
        if (read.reason instanceof MediaNotFound) throw new InvalidInput(`The file ${key} was not found: upload it again.`);
        throw read.reason;
      }
      // Read above: every file that is one of the user's.
      const chosen = read.value!;
      stored.push({ ...chosen.media, ...(altText ? { altText } : {}) });
      records.push(...chosen.records);
    }
    const platforms = [...new Set(Object.values(targets).map((target) => target.platform))];
    const problems = mediaProblems(stored, Object.values(targets), userConnections);
    if (problems.length) throw new InvalidInput(problems.join(' '), problems.map((message) => ({ path: 'media', message })));
    return { membership, now, scheduledFor, targets, stored, records, platforms };
  }

  async function load(user: UserIdentity, postId: string): Promise<PostItem> {
    const post = await posts.get(user.userId, postId);
    if (!post) throw new NotFound('Post not found');
    return post;
  }

  return {
    /**
     * Creates a post and starts publishing it. With `draftId` (publishDraft), the draft becomes the
     * post (same id, no second item): the write replaces the draft only while it is still a draft,
     * in the same transaction as the month's slot, so a double submit publishes once.
     */
    async create(user: UserIdentity, input: CreatePost, options: CreateOptions = {}): Promise<Post> {
      const { draftId, approval } = options;
      if (approval && input.youtubeNative) {
        throw new InvalidInput(`YouTube's own scheduling uploads the video at once, before anyone approves it: turn it off to submit this post for approval.`, [
          { path: 'youtubeNative', message: 'Not with an approval.' },
        ]);
      }
      const { membership, now, scheduledFor, targets, stored, records, platforms } = await checkedPost(user, input);

      const status = scheduledFor ? 'scheduled' : 'publishing';
      const base = {
        userId: user.userId,
        postId: draftId ?? newId(now.getTime()),
        status,
        ...(input.title ? { title: input.title } : {}),
        description: input.description,
        ...(keptTexts(input.texts, platforms) ? { texts: keptTexts(input.texts, platforms) } : {}),
        ...(keptThreads(input.threads, platforms) ? { threads: keptThreads(input.threads, platforms) } : {}),
        ...(input.firstComment ? { firstComment: input.firstComment } : {}),
        media: stored,
        targets,
        platforms,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        ...(scheduledFor ? { scheduledFor, timeZone: input.timeZone ?? 'UTC', ...(input.youtubeNative ? { youtubeNative: true } : {}) } : {}),
        executions: [] as string[],
        ...(approval ? { approval } : {}),
        ...(options.comments?.length ? { comments: options.comments } : {}),
        ...(options.queue ? { queue: options.queue } : {}),
      } satisfies Omit<PostItem, 'userList' | 'listAt'>;
      const firstExecution = newExecutionName(base.postId);
      const item: PostItem = {
        ...base,
        ...listPlacement(base),
        executions: [firstExecution],
        activeShard: activeShardOf(base.postId),
        ...executionRecord(base, Object.keys(targets).length, firstExecution, now),
      };

      // The post and the month's count are one transaction: the allowance is never overrun.
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: posts.tableName,
                  Item: item,
                  ...(draftId && approval?.state === 'approved'
                    ? // Approving a submitted draft: only while it still waits for this decision.
                      {
                        ConditionExpression: '#status = :draft AND approval.#state = :pending AND updatedAt = :seen',
                        ExpressionAttributeNames: { '#status': 'status', '#state': 'state' },
                        ExpressionAttributeValues: { ':draft': 'draft', ':pending': 'pending', ':seen': options.draftUpdatedAt ?? '' },
                      }
                    : draftId
                      ? { ConditionExpression: '#status = :draft', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':draft': 'draft' } }
                      : { ConditionExpression: 'attribute_not_exists(postId)' }),
                },
              },
              memberships.reservePostSlot(user.userId, monthOf(now), membership.maxPosts),
              // The files are in use from this write on: the upload sweep leaves them.
              ...media.keepSteps(records),
            ],
          }),
        );
      } catch (error) {
        if (draftId && error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') {
          throw new Conflict(DRAFT_GONE_MESSAGE);
        }
        if (error instanceof TransactionCanceledException && error.CancellationReasons?.[1]?.Code === 'ConditionalCheckFailed') {
          throw new QuotaExceeded(
            `Your plan includes ${membership.maxPosts} posts a month and they are used up for ${monthOf(now)}. They renew on the 1st (UTC), or upgrade your plan.`,
          );
        }
        if (error instanceof TransactionCanceledException && error.CancellationReasons?.slice(2).some((reason) => reason.Code === 'ConditionalCheckFailed')) {
          throw new InvalidInput(MEDIA_REMOVED_MESSAGE, [{ path: 'media', message: 'Removed: upload it again.' }]);
        }
        throw error;
      }
      await startRecorded(item, Object.keys(targets), firstExecution);
      return toPost(item);
    },

    /**
     * Checks a post as create would, writing nothing (a submission for approval is refused at once,
     * not when approved). `shared` (checkReads()): several checks read the plan, the accounts and
     * each file once between them.
     */
    async check(user: UserIdentity, input: CreatePost, shared?: CheckReads): Promise<void> {
      await checkedPost(user, input, shared);
    },

    /** The reads several checks of one user's posts share (an import's dry run, per batch). */
    checkReads(): CheckReads {
      return { media: new Map() };
    },

    /** Publishes (or schedules) a draft with the wizard's final post: the draft becomes that post (its comments kept). */
    async publishDraft(user: UserIdentity, postId: string, input: CreatePost, approval?: ApprovalItem): Promise<Post> {
      const draft = await load(user, postId);
      if (draft.status !== 'draft') throw new Conflict(DRAFT_GONE_MESSAGE);
      return this.create(user, input, { draftId: postId, ...(approval ? { approval } : {}), ...(draft.comments ? { comments: draft.comments } : {}) });
    },

    /**
     * Moves a scheduled post to a new time (its zone too); the execution is replaced safely.
     * `approval`: the change is a submission (approvals.ts), written in the same conditional write.
     */
    async reschedule(user: UserIdentity, postId: string, input: ReschedulePost, approval?: ApprovalItem): Promise<Post> {
      const post = await load(user, postId);
      assertChangeable(post, 'rescheduled');
      const scheduledFor = checkScheduledTime(new Date(input.scheduledFor), clock.now());
      const targets = Object.fromEntries(
        Object.entries(post.targets).map(([id, target]) => [id, target.publishAt ? { ...target, publishAt: scheduledFor } : target]),
      );
      return replaceExecution(user, post, { scheduledFor, timeZone: input.timeZone, targets, ...(approval ? { approval } : {}) });
    },

    /**
     * A queued post's new slot (functions/services/queue.ts re-planning), through the reschedule
     * path: one conditional write on the post as the planner read it, so a post claimed for
     * publishing in between is left alone and the Conflict says so in words. A held post is
     * released (its queue resumed) and its new execution started.
     */
    async moveQueued(user: UserIdentity, post: PostItem, scheduledFor: string, timeZone: string): Promise<Post> {
      assertChangeable(post, 'moved in its queue');
      const at = checkScheduledTime(new Date(scheduledFor), clock.now());
      const queue: QueueMark = { accounts: post.queue?.accounts ?? [] };
      return replaceExecution(user, post, { scheduledFor: at, timeZone, queue, activeShard: activeShardOf(post.postId) });
    },

    /**
     * Holds a queued post while its queue is paused (postStore.holdQueued): one conditional write on
     * the post as read, then its execution is stopped (harmless if that fails: it claims nothing).
     */
    async holdQueued(user: UserIdentity, post: PostItem): Promise<Post> {
      assertChangeable(post, 'held in its paused queue');
      const expected = post.currentExecution ?? post.executions.at(-1) ?? '';
      if (!(await posts.holdQueued(post, expected, `held-${newExecutionName(post.postId)}`))) {
        assertChangeable(await load(user, post.postId), 'held in its paused queue');
        throw new Conflict('The post was changed at the same time elsewhere: reload it and try again.');
      }
      if (expected) {
        try {
          await executions.stop(expected, 'Held: its queue is paused');
        } catch (error) {
          deps.log?.warn('Stopping a held post\'s execution failed', { postId: post.postId, execution: expected, error: (error as Error).message });
        }
      }
      return toPost(await load(user, post.postId));
    },

    /** Changes a scheduled post's text and targets (kept: the media and the time); `approval` as for reschedule. */
    async edit(user: UserIdentity, postId: string, input: EditPost, approval?: ApprovalItem): Promise<Post> {
      const post = await load(user, postId);
      assertChangeable(post, 'edited');
      const userConnections = await connections.list(user.userId);
      const targets = targetsFor(userConnections, input.targets, clock.now(), post.youtubeNative ? post.scheduledFor : undefined);
      const platforms = [...new Set(Object.values(targets).map((target) => target.platform))];
      const tooLong = accountTextProblems({ description: input.description, texts: input.texts, threads: input.threads ?? post.threads }, Object.values(targets), userConnections);
      if (tooLong.length) throw new InvalidInput(tooLong.map((problem) => problem.message).join(' '), tooLong);
      const problems = mediaProblems(post.media, Object.values(targets), userConnections);
      if (problems.length) throw new InvalidInput(problems.join(' '), problems.map((message) => ({ path: 'targets', message })));
      return replaceExecution(user, post, { description: input.description, title: input.title ?? null, texts: keptTexts(input.texts, platforms) ?? null, threads: input.threads === undefined ? undefined : (keptThreads(input.threads, platforms) ?? null), firstComment: input.firstComment === undefined ? undefined : input.firstComment || null, targets, platforms, ...(approval ? { approval } : {}) });
    },

    /** Cancels a scheduled post: marks it cancelled (conditionally), then stops its execution. */
    async cancel(user: UserIdentity, postId: string): Promise<Post> {
      const post = await load(user, postId);
      assertChangeable(post, 'cancelled');
      if (!(await posts.cancel(post))) {
        assertChangeable(await load(user, postId), 'cancelled');
        throw new Conflict('The post was changed at the same time elsewhere: reload it and try again.');
      }
      const current = post.currentExecution ?? post.executions.at(-1);
      if (current) await executions.stop(current, 'Cancelled by the user');
      return toPost(await load(user, postId));
    },

    /** The workspace's notifications the caller sees: those for everyone, and those for them (an approval, a mention). */
    async notifications(user: UserIdentity, callerId: string = user.userId): Promise<NotificationList> {
      const items = (await posts.listNotifications(user.userId, 100)).filter((item) => !item.recipientId || item.recipientId === callerId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { notifications: items.map(toNotification), unread: items.filter((item) => !item.readAt).length };
    },

    async readNotifications(user: UserIdentity, callerId: string = user.userId): Promise<NotificationList> {
      const now = clock.now().toISOString();
      for (const item of await posts.listNotifications(user.userId, 100)) {
        if (!item.readAt && (!item.recipientId || item.recipientId === callerId)) await posts.markNotificationRead(item, now);
      }
      return this.notifications(user, callerId);
    },

    async get(user: UserIdentity, postId: string): Promise<Post> {
      return toPost(await load(user, postId));
    },

    async list(user: UserIdentity, query: { status: PostList; platform?: Platform; limit: number; cursor?: string }) {
      const startKey = decodeCursor(query.cursor, user.userId);
      const page = await posts.page(user.userId, query.status, {
        limit: query.limit,
        ...(query.platform ? { platform: query.platform } : {}),
        ...(startKey ? { startKey } : {}),
      });
      return { posts: page.posts.map(toPost), nextCursor: encodeCursor(page.nextKey) };
    },

    /** Publishes the failed targets of a finished post again; the published ones are left alone. */
    async retryFailed(user: UserIdentity, postId: string): Promise<Post> {
      const post = await load(user, postId);
      if (post.status !== 'failed' && post.status !== 'partially_published') {
        throw new Conflict('Only a post that failed on some platform can be retried.');
      }
      const failed = Object.values(post.targets)
        .filter((target) => target.status === 'failed')
        .map((target) => target.targetId);
      const name = newExecutionName(post.postId);
      const record = executionRecord({ status: 'publishing' }, failed.length, name, clock.now());
      if (!(await posts.restartFailed(post, failed, record))) {
        throw new Conflict('The post was changed at the same time elsewhere (retried already?): reload it and try again.');
      }
      const updated = (await posts.get(user.userId, postId))!;
      await startRecorded(updated, failed, name);
      return toPost((await posts.get(user.userId, postId))!);
    },

    /**
     * "It was not published — publish again": only for a target that failed because the platform
     * could not tell whether it posted. The user's confirmation (after checking their account) is
     * the explicit act: the armed create is forgotten, never reconciled again, and the target is
     * published anew by a new execution (started here, or by the reconciler if that fails).
     */
    async publishAgain(user: UserIdentity, postId: string, targetId: string): Promise<Post> {
      const post = await load(user, postId);
      const target = post.targets[targetId];
      if (!target) throw new NotFound('This post has no such account to publish to.');
      if (target.status !== 'failed' || target.failureCode !== 'outcome_unknown') {
        throw new Conflict(
          `Publish again is only for a post the platform could not confirm ("check your account"); this one is ${target.status}${target.status === 'failed' ? ' for another reason: use Retry' : ''}.`,
        );
      }
      if (post.status !== 'failed' && post.status !== 'partially_published') {
        throw new Conflict('The post is publishing again already: reload it.');
      }
      const name = newExecutionName(post.postId);
      const record = executionRecord({ status: 'publishing' }, 1, name, clock.now());
      if (!(await posts.publishAgain(post, targetId, record))) {
        throw new Conflict('The post was changed at the same time elsewhere (published again already?): reload it and try again.');
      }
      const updated = (await posts.get(user.userId, postId))!;
      await startRecorded(updated, [targetId], name);
      return toPost((await posts.get(user.userId, postId))!);
    },

    finalize: (userId: string, postId: string, execution?: string) => finalizePost({ posts, clock }, userId, postId, execution ? { execution } : {}),
  };
}

export type PostService = ReturnType<typeof createPostService>;
