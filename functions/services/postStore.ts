import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '../../shared/platforms';
import type { NetworkTexts, NetworkThreads } from '../../shared/platformRules';
import { LATE_AFTER_SECONDS, listOf, type FirstCommentResult, type Post, type PostList, type PostStatus, type TargetFailureCode, type TargetStatus, type TargetWaiting, type ThreadResult } from '../../shared/api/posts';
import type { Notification } from '../../shared/api/notifications';
import type { ApprovalState, PostComment } from '../../shared/api/approvals';
import type { CreatePost } from '../../shared/api/posts';
import type { ClientReview } from '../../shared/api/review';
import type { FeedOrigin } from '../../shared/api/feeds';
import type { Clock } from '../clock';
import type { StoredMedia } from '../media/s3Media';
import type { PublishProgress } from '../platforms/publisher';
import { writeIf } from './conditionalWrite';

export interface TargetItem {
  targetId: string;
  platform: Platform;
  accountId: string;
  accountName: string;
  connectionId: string;
  status: TargetStatus;
  platformPostId?: string;
  postUrl?: string;
  error?: string;
  /** Why it failed, for the machine (only some failures): `outcome_unknown` offers "publish again". */
  failureCode?: TargetFailureCode | null;
  /** While the target waits for a rate limit or the platform's processing: why and until when (null once it moved on). */
  waiting?: TargetWaiting | null;
  progress: PublishProgress;
  /** Status checks so far (bounded) and rate-limit waits so far (bounded). */
  statusChecks: number;
  rateLimitWaits: number;
  /** Set (once) just before the create-post call: a later attempt reconciles instead of posting again. */
  publishArmedAt?: string;
  /** The same for the first comment's create call, which comes after the post. */
  commentArmedAt?: string;
  /** How the first comment went, once tried (the post itself is published by then). */
  firstComment?: FirstCommentResult;
  /**
   * The thread's create calls, armed one by one after the first post: the number of the last
   * post armed (2 for the first reply). A later attempt that finds its post's number armed asks
   * the platform first (shared/thread.ts, docs/publishing.md "Threads").
   */
  threadArmedPart?: number;
  /** How many of the thread's posts are live so far (the first is the target's post). */
  threadPosted?: number;
  /** How the rest of the thread went, once tried (the first post is published by then). */
  thread?: ThreadResult;
  /** YouTube's own scheduling: uploaded at once as private, made public by YouTube at this time. */
  publishAt?: string;
  /** The platform's post options the user chose (shared/platforms/postOptions.ts), completed; handed to its publisher. */
  options?: Record<string, unknown>;
  /** The execution whose first step claimed this target. */
  claimedBy?: string;
  updatedAt: string;
}

/** A post's approval (shared/api/approvals.ts), kept in the post item. */
export interface ApprovalItem {
  state: ApprovalState;
  submittedBy: string;
  submittedByEmail: string;
  submittedAt: string;
  decidedBy?: string;
  decidedByEmail?: string;
  decidedAt?: string;
  /** The decision's comment (asked for changes: what to change). */
  note?: string;
  publishes: 'now' | 'scheduled';
  /** Submitted to publish now: the full post as submitted, which approving publishes (the draft becomes the post). */
  request?: CreatePost;
}

/** A comment on a post, kept in the post item (at most MAX_POST_COMMENTS). */
export interface CommentItem extends PostComment {
  authorId: string;
}

export interface PostItem {
  userId: string;
  postId: string;
  /** What clients did on it through review links (functions/services/reviewLinks.ts), oldest first. */
  clientReviews?: ClientReview[];
  status: PostStatus;
  title?: string;
  description: string;
  /** Networks with their own version of the text (shared/platformRules.ts textFor); the others get the description. */
  texts?: NetworkTexts;
  /** Networks whose post goes as a thread (shared/platformRules.ts threadFor), with its posts. */
  threads?: NetworkThreads;
  /** Posted under the post on each target whose network takes one. */
  firstComment?: string;
  /** `name`: the file's name as the user chose it (drafts keep it for the wizard). */
  media: Array<StoredMedia & { name?: string }>;
  targets: Record<string, TargetItem>;
  platforms: Platform[];
  createdAt: string;
  updatedAt: string;
  scheduledFor?: string;
  /** The IANA zone the user chose the time in. */
  timeZone?: string;
  youtubeNative?: boolean;
  /** When publishing started (the first non-native target's first step). */
  startedAt?: string;
  /** Seconds late, set only when publishing started more than the late threshold after scheduledFor. */
  lateSeconds?: number;
  publishedAt?: string;
  cancelledAt?: string;
  /** Executions started for this post (names), newest last. */
  executions: string[];
  /**
   * The one execution allowed to publish this post. Reschedule, edit and cancel change it (or the
   * status) with a conditional write; a step of any other execution claims nothing and ends.
   */
  currentExecution?: string;
  userList: string;
  listAt: string;
  /** Present while the post is scheduled or publishing: the sparse byActive index the reconciler reads. */
  activeShard?: string;
  /** When the reconciler next looks at the post (is its execution running? has it outlived its deadline?). */
  activeAt?: string;
  /** When the current execution must have ended at the latest (publishingLimits.ts): after it, the post is failed. */
  deadlineAt?: string;
  /** Submitted for approval: the engine publishes it only once this says approved (claimTarget). */
  approval?: ApprovalItem;
  /** Its comment thread, oldest first. */
  comments?: CommentItem[];
  /** A draft a feed's item made (functions/services/feeds.ts): the feed, the item's link and image. */
  fromFeed?: FeedOrigin;
  /** A queued post (functions/services/queue.ts): the queues it is in, and whether it waits for a paused one. */
  queue?: QueueMark;
}

/** A queued post's place (docs/queue.md), kept in the post item. */
export interface QueueMark {
  /** The connections whose queue holds it (several: a post at the same time for all). */
  accounts: string[];
  /** Held while a queue is paused: no execution runs it (currentExecution names none) until the queue is resumed. */
  held?: boolean;
  heldAt?: string;
}

/** What a held queued post says, in words. */
export function heldMessage(scheduledFor: string | undefined): string {
  const due = scheduledFor ? ` (its time was ${scheduledFor.replace('T', ' ').slice(0, 16)} UTC)` : '';
  return `Waiting: its queue is paused, so it does not publish${due}. Once the queue is resumed it takes the next free slot.`;
}

export const ACTIVE_SHARDS = 4;

export function activeShardOf(postId: string): string {
  return `active#${createHash('sha256').update(postId).digest()[0]! % ACTIVE_SHARDS}`;
}

export function userListKey(userId: string, list: PostList | 'cancelled'): string {
  return `${userId}#${list}`;
}

/** Where a post sits in its list: scheduled by time to publish, drafts by last save, the rest by latest activity. */
export function listPlacement(post: Pick<PostItem, 'userId' | 'status' | 'scheduledFor' | 'publishedAt' | 'createdAt' | 'updatedAt'>) {
  const list = listOf(post.status);
  const listAt =
    list === 'scheduled'
      ? (post.scheduledFor ?? post.createdAt)
      : list === 'published'
        ? (post.publishedAt ?? post.updatedAt)
        : list === 'draft'
          ? post.updatedAt
          : post.createdAt;
  return { userList: userListKey(post.userId, list), listAt };
}

export function toPost(item: PostItem): Post {
  return {
    postId: item.postId,
    status: item.status,
    title: item.title ?? null,
    description: item.description,
    ...(item.texts && Object.keys(item.texts).length ? { texts: item.texts } : {}),
    ...(item.threads && Object.keys(item.threads).length ? { threads: item.threads } : {}),
    ...(item.firstComment ? { firstComment: item.firstComment } : {}),
    media: item.media.map((media) => ({
      key: media.key,
      kind: media.kind,
      contentType: media.contentType,
      size: media.size,
      ...(media.durationSeconds !== undefined ? { durationSeconds: media.durationSeconds } : {}),
      ...(media.thumbnailKey ? { thumbnailKey: media.thumbnailKey } : {}),
      ...(media.name !== undefined ? { name: media.name } : {}),
      ...(media.altText ? { altText: media.altText } : {}),
    })),
    targets: Object.values(item.targets)
      .sort((a, b) => a.targetId.localeCompare(b.targetId))
      .map((target) => ({
        targetId: target.targetId,
        platform: target.platform,
        accountId: target.accountId,
        accountName: target.accountName,
        status: target.status,
        postUrl: target.postUrl ?? null,
        platformPostId: target.platformPostId ?? null,
        error: target.error ?? null,
        failureCode: target.failureCode ?? null,
        waiting: target.status === 'uploading' || target.status === 'processing' ? (target.waiting ?? null) : null,
        notice: typeof target.progress?.['notice'] === 'string' ? target.progress['notice'] : null,
        options: target.options ?? null,
        firstComment: target.firstComment ?? null,
        thread: target.thread ?? null,
        updatedAt: target.updatedAt,
      })),
    platforms: item.platforms,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    scheduledFor: item.scheduledFor ?? null,
    timeZone: item.timeZone ?? null,
    youtubeNative: item.youtubeNative ?? false,
    startedAt: item.startedAt ?? null,
    late: item.lateSeconds !== undefined,
    lateSeconds: item.lateSeconds ?? null,
    publishedAt: item.publishedAt ?? null,
    ...(item.approval ? { approval: toApproval(item.approval) } : {}),
    ...(item.queue ? { queue: { accounts: item.queue.accounts, held: Boolean(item.queue.held), waiting: item.queue.held ? heldMessage(item.scheduledFor) : null } } : {}),
    clientReviews: item.clientReviews ?? [],
    ...(item.fromFeed ? { fromFeed: item.fromFeed } : {}),
  };
}

function toApproval(approval: ApprovalItem): NonNullable<Post['approval']> {
  return {
    state: approval.state,
    submittedBy: approval.submittedBy,
    submittedByEmail: approval.submittedByEmail,
    submittedAt: approval.submittedAt,
    decidedByEmail: approval.decidedByEmail ?? null,
    decidedAt: approval.decidedAt ?? null,
    note: approval.note ?? null,
    publishes: approval.publishes,
  };
}

/** What the engine says of a target whose post's time came while it still waited for approval. */
export const APPROVAL_MISSED_MESSAGE = 'Not published: it was still waiting for approval at its time. Duplicate it to submit it again.';

/** Notifications share the posts table: same user partition, sort key `notification#…` (never a post id). */
export const NOTIFICATION_PREFIX = 'notification#';
export interface NotificationItem extends Omit<Notification, 'readAt'> {
  userId: string;
  /** The one member it is for (an approver, an author, a member named in a comment); absent: everyone in the workspace. */
  recipientId?: string;
  /** The sort key: NOTIFICATION_PREFIX + the notification id. */
  postId: string;
  readAt?: string;
}

/** The fields a reschedule or an edit replaces, with the new execution. */
export interface ScheduleChange {
  scheduledFor?: string;
  timeZone?: string;
  description?: string;
  title?: string | null;
  /** null: no network has its own text any more. */
  texts?: NetworkTexts | null;
  /** null: no network goes as a thread any more. */
  threads?: NetworkThreads | null;
  /** null: no first comment any more. */
  firstComment?: string | null;
  targets?: Record<string, TargetItem>;
  platforms?: Platform[];
  /** An approved post changed by someone who must submit: back to pending. */
  approval?: ApprovalItem;
  /** A queued post re-planned: its queue mark (a held one is released), and back in the reconciler's index. */
  queue?: QueueMark;
  activeShard?: string;
}

export function createPostStore({
  db,
  tableName,
  clock,
  lateAfterSeconds = LATE_AFTER_SECONDS,
}: {
  db: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
  /** A scheduled post that starts publishing later than this is marked late (default LATE_AFTER_SECONDS). */
  lateAfterSeconds?: number;
}) {
  /** One conditional update of a post built from SET and REMOVE parts; false when the condition did not hold. */
  const updatePostIf = (
    post: Pick<PostItem, 'userId' | 'postId'>,
    update: { sets: string[]; removes: string[]; conditions: string[]; names: Record<string, string>; values: Record<string, unknown> },
  ) =>
    writeIf(
      db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: post.userId, postId: post.postId },
          UpdateExpression: `SET ${update.sets.join(', ')}${update.removes.length ? ` REMOVE ${update.removes.join(', ')}` : ''}`,
          ConditionExpression: update.conditions.join(' AND '),
          ExpressionAttributeNames: update.names,
          ExpressionAttributeValues: update.values,
        }),
      ),
    );

  return {
    tableName,

    async get(userId: string, postId: string): Promise<PostItem | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId, postId }, ConsistentRead: true }));
      return Item as PostItem | undefined;
    },

    /** A page of one list; `startKey` continues a previous page. */
    async page(userId: string, list: PostList, options: { platform?: Platform; limit: number; startKey?: Record<string, unknown> }) {
      const posts: PostItem[] = [];
      let startKey = options.startKey;
      do {
        const result = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'byList',
            KeyConditionExpression: 'userList = :list',
            ExpressionAttributeValues: { ':list': userListKey(userId, list), ...(options.platform ? { ':platform': options.platform } : {}) },
            ...(options.platform ? { FilterExpression: 'contains(platforms, :platform)' } : {}),
            ScanIndexForward: list === 'scheduled',
            Limit: options.limit - posts.length,
            ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          }),
        );
        posts.push(...((result.Items ?? []) as PostItem[]));
        startKey = result.LastEvaluatedKey;
      } while (startKey && posts.length < options.limit);
      return { posts, nextKey: startKey };
    },

    /**
     * Scheduled or publishing posts across users (the sparse byActive index), those the reconciler
     * should look at by `lookBy` (every one when absent), at most `limit` per shard.
     */
    async listActive(options: { lookBy?: Date; limit?: number } = {}): Promise<PostItem[]> {
      const active: PostItem[] = [];
      for (let shard = 0; shard < ACTIVE_SHARDS; shard++) {
        let startKey: Record<string, unknown> | undefined;
        let found = 0;
        do {
          const result = await db.send(
            new QueryCommand({
              TableName: tableName,
              IndexName: 'byActive',
              KeyConditionExpression: options.lookBy ? 'activeShard = :shard AND activeAt <= :lookBy' : 'activeShard = :shard',
              ExpressionAttributeValues: { ':shard': `active#${shard}`, ...(options.lookBy ? { ':lookBy': options.lookBy.toISOString() } : {}) },
              ...(options.limit ? { Limit: options.limit - found } : {}),
              ...(startKey ? { ExclusiveStartKey: startKey } : {}),
            }),
          );
          active.push(...((result.Items ?? []) as PostItem[]));
          found += result.Items?.length ?? 0;
          startKey = result.LastEvaluatedKey;
        } while (startKey && (!options.limit || found < options.limit));
      }
      return active;
    },

    /** The reconciler looks at the post again at `at`, if `execution` is still the one it waits for. */
    lookAgainAt(post: Pick<PostItem, 'userId' | 'postId'>, execution: string, at: Date): Promise<boolean> {
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: post.userId, postId: post.postId },
            UpdateExpression: 'SET activeAt = :at',
            ConditionExpression: 'attribute_exists(activeShard) AND currentExecution = :execution',
            ExpressionAttributeValues: { ':at': at.toISOString(), ':execution': execution },
          }),
        ),
      );
    },

    /**
     * Retry: the failed targets back to pending, the post publishing and waiting for `record`'s
     * execution, in one write conditional on the post having failed somewhere and the targets
     * still failed. False: the post changed meanwhile.
     */
    restartFailed(
      post: PostItem,
      targetIds: string[],
      record: { currentExecution: string; activeAt: string; deadlineAt: string },
      options: { publishAgain?: boolean } = {},
    ): Promise<boolean> {
      const now = clock.now().toISOString();
      const placement = listPlacement({ ...post, status: 'publishing' });
      const names: Record<string, string> = { '#status': 'status', '#targets': 'targets' };
      const values: Record<string, unknown> = {
        ':publishing': 'publishing',
        ':failedPost': 'failed',
        ':partial': 'partially_published',
        ':failed': 'failed',
        ':pending': 'pending',
        ':zero': 0,
        ':now': now,
        ':userList': placement.userList,
        ':listAt': placement.listAt,
        ':shard': activeShardOf(post.postId),
        ':execution': record.currentExecution,
        ':executions': [record.currentExecution],
        ':empty': [],
        ':activeAt': record.activeAt,
        ':deadlineAt': record.deadlineAt,
      };
      const sets = [
        '#status = :publishing',
        'updatedAt = :now',
        'userList = :userList',
        'listAt = :listAt',
        'activeShard = :shard',
        'activeAt = :activeAt',
        'deadlineAt = :deadlineAt',
        'currentExecution = :execution',
        'executions = list_append(if_not_exists(executions, :empty), :executions)',
      ];
      const conditions = ['#status IN (:failedPost, :partial)'];
      const removes: string[] = [];
      targetIds.forEach((targetId, index) => {
        names[`#t${index}`] = targetId;
        sets.push(
          `#targets.#t${index}.#status = :pending`,
          `#targets.#t${index}.statusChecks = :zero`,
          `#targets.#t${index}.rateLimitWaits = :zero`,
          `#targets.#t${index}.updatedAt = :now`,
        );
        conditions.push(`#targets.#t${index}.#status = :failed`);
        if (options.publishAgain) {
          // The user said it was not published: forget the armed create and what it had made.
          sets.push(`#targets.#t${index}.progress = :noProgress`);
          removes.push(
            `#targets.#t${index}.publishArmedAt`,
            `#targets.#t${index}.commentArmedAt`,
            `#targets.#t${index}.firstComment`,
            `#targets.#t${index}.threadArmedPart`,
            `#targets.#t${index}.threadPosted`,
            `#targets.#t${index}.thread`,
            `#targets.#t${index}.failureCode`,
            `#targets.#t${index}.#error`,
            `#targets.#t${index}.waiting`,
            `#targets.#t${index}.claimedBy`,
          );
          conditions.push(`#targets.#t${index}.failureCode = :outcomeUnknown`);
        }
      });
      if (options.publishAgain) {
        names['#error'] = 'error';
        values[':noProgress'] = {};
        values[':outcomeUnknown'] = 'outcome_unknown';
      }
      return updatePostIf(post, { sets, removes, conditions, names, values });
    },

    /**
     * "It was not published — publish again": one target that failed because the platform could
     * not tell whether it posted goes back to pending with its armed mark and progress cleared,
     * and the post waits for `record`'s execution. Conditional on it still being that failure.
     */
    publishAgain(post: PostItem, targetId: string, record: { currentExecution: string; activeAt: string; deadlineAt: string }): Promise<boolean> {
      return this.restartFailed(post, [targetId], record, { publishAgain: true });
    },

    /** Updates fields of one target (and the post's updatedAt). */
    async updateTarget(
      post: Pick<PostItem, 'userId' | 'postId'>,
      targetId: string,
      fields: Partial<Omit<TargetItem, 'targetId'>>,
      options: { condition?: string; values?: Record<string, unknown>; names?: Record<string, string> } = {},
    ): Promise<void> {
      const now = clock.now().toISOString();
      const entries = Object.entries({ ...fields, updatedAt: now });
      const names: Record<string, string> = { '#targets': 'targets', '#target': targetId, ...options.names };
      const values: Record<string, unknown> = { ':postUpdatedAt': now, ...options.values };
      const sets = entries.map(([field, value], index) => {
        names[`#f${index}`] = field;
        values[`:v${index}`] = value;
        return `#targets.#target.#f${index} = :v${index}`;
      });
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: post.userId, postId: post.postId },
          UpdateExpression: `SET ${sets.join(', ')}, updatedAt = :postUpdatedAt`,
          ConditionExpression: options.condition ?? 'attribute_exists(#targets.#target)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    },

    /** Arms the target's create-post call; false when an earlier attempt already armed it. */
    armPublish(post: Pick<PostItem, 'userId' | 'postId'>, targetId: string): Promise<boolean> {
      return writeIf(
        this.updateTarget(post, targetId, { publishArmedAt: clock.now().toISOString() }, {
          condition: 'attribute_exists(#targets.#target) AND attribute_not_exists(#targets.#target.publishArmedAt)',
        }),
      );
    },

    /**
     * The armed create call (the post's, or the first comment's with `commentArmedAt`) was answered
     * with an error: nothing was created, a new attempt may send it.
     */
    async disarmPublish(post: Pick<PostItem, 'userId' | 'postId'>, targetId: string, armedField: 'publishArmedAt' | 'commentArmedAt' = 'publishArmedAt'): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: post.userId, postId: post.postId },
          UpdateExpression: 'REMOVE #targets.#target.#armed',
          ConditionExpression: 'attribute_exists(#targets.#target)',
          ExpressionAttributeNames: { '#targets': 'targets', '#target': targetId, '#armed': armedField },
        }),
      );
    },

    /** Sets the post's status and its place in the lists (and in the active index while active). */
    async setStatus(post: PostItem, status: PostStatus, extra: { publishedAt?: string } = {}): Promise<PostItem> {
      const now = clock.now().toISOString();
      const next: PostItem = { ...post, status, updatedAt: now, ...extra };
      const placement = listPlacement(next);
      const active = status === 'scheduled' || status === 'publishing';
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: post.userId, postId: post.postId },
          UpdateExpression:
            'SET #status = :status, updatedAt = :now, userList = :userList, listAt = :listAt' +
            (extra.publishedAt ? ', publishedAt = :publishedAt' : '') +
            (active ? ', activeShard = :shard, activeAt = :now' : ' REMOVE activeShard, activeAt'),
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': status,
            ':now': now,
            ':userList': placement.userList,
            ':listAt': placement.listAt,
            ...(extra.publishedAt ? { ':publishedAt': extra.publishedAt } : {}),
            ...(active ? { ':shard': activeShardOf(post.postId) } : {}),
          },
        }),
      );
      return { ...next, ...placement };
    },

    /** Records a started execution and makes it the current one (the one allowed to publish). */
    async addExecution(post: Pick<PostItem, 'userId' | 'postId'>, name: string, options: { current?: boolean } = {}): Promise<void> {
      const current = options.current ?? true;
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: post.userId, postId: post.postId },
          UpdateExpression: 'SET executions = list_append(if_not_exists(executions, :empty), :name)' + (current ? ', currentExecution = :current' : ''),
          ExpressionAttributeValues: { ':empty': [], ':name': [name], ...(current ? { ':current': name } : {}) },
        }),
      );
    },

    /**
     * The first step of a target, for one execution: claims the target (and, unless the target is
     * YouTube-native, moves the post to publishing and records when publishing started and how
     * late) only while that execution is the post's current one and the post is still scheduled
     * or publishing, and, if it carries an approval, only once that is approved. False: a
     * replaced or cancelled execution, or a post not approved, which must publish nothing.
     */
    claimTarget(post: PostItem, targetId: string, execution: string, options: { startsPost: boolean }): Promise<boolean> {
      const now = clock.now();
      const names: Record<string, string> = { '#targets': 'targets', '#target': targetId, '#status': 'status', '#targetStatus': 'status', '#approvalState': 'state' };
      const values: Record<string, unknown> = {
        ':uploading': 'uploading',
        ':execution': execution,
        ':now': now.toISOString(),
        ':scheduled': 'scheduled',
        ':publishing': 'publishing',
        ':approved': 'approved',
      };
      const sets = ['#targets.#target.#targetStatus = :uploading', '#targets.#target.claimedBy = :execution', '#targets.#target.updatedAt = :now', 'updatedAt = :now'];
      if (options.startsPost) {
        const placement = listPlacement({ ...post, status: 'publishing' });
        sets.push('#status = :publishing', 'userList = :userList', 'listAt = :listAt', 'startedAt = if_not_exists(startedAt, :now)');
        values[':userList'] = placement.userList;
        values[':listAt'] = placement.listAt;
        if (post.scheduledFor && !post.startedAt) {
          const late = Math.round((now.getTime() - new Date(post.scheduledFor).getTime()) / 1000);
          if (late > lateAfterSeconds) {
            sets.push('lateSeconds = if_not_exists(lateSeconds, :late)');
            values[':late'] = late;
          }
        }
      }
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: post.userId, postId: post.postId },
            UpdateExpression: `SET ${sets.join(', ')}`,
            // A post carrying an approval publishes only once it is approved (the engine's check).
            ConditionExpression:
              'attribute_exists(#targets.#target) AND currentExecution = :execution AND #status IN (:scheduled, :publishing) AND (attribute_not_exists(approval) OR approval.#approvalState = :approved)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        ),
      );
    },

    /**
     * Replaces a scheduled post's execution (and the fields that change) in one conditional write:
     * only if `expected` is still the current execution, the post is still scheduled, and no
     * YouTube-native target has been claimed. False: the post changed meanwhile.
     */
    replaceExecution(post: PostItem, expected: string, next: string, change: ScheduleChange & { activeAt?: string; deadlineAt?: string }): Promise<boolean> {
      const now = clock.now().toISOString();
      const names: Record<string, string> = { '#status': 'status' };
      const values: Record<string, unknown> = { ':expected': expected, ':next': [next], ':nextName': next, ':scheduled': 'scheduled', ':now': now, ':empty': [] };
      const sets = ['currentExecution = :nextName', 'executions = list_append(if_not_exists(executions, :empty), :next)', 'updatedAt = :now'];
      const removes: string[] = [];
      const conditions = ['currentExecution = :expected', '#status = :scheduled'];
      Object.values(post.targets)
        .filter((target) => target.publishAt)
        .forEach((target, index) => {
          names[`#native${index}`] = target.targetId;
          Object.assign(values, { ':uploading': 'uploading', ':processing': 'processing', ':published': 'published' });
          conditions.push(`NOT (targets.#native${index}.#status IN (:uploading, :processing, :published))`);
        });
      const fields: Record<string, unknown> = { ...change };
      if (change.scheduledFor) {
        fields['listAt'] = change.scheduledFor;
      }
      for (const [field, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        names[`#${field}`] = field;
        if (value === null) {
          removes.push(`#${field}`);
          continue;
        }
        values[`:${field}`] = value;
        sets.push(`#${field} = :${field}`);
      }
      return updatePostIf(post, { sets, removes, conditions, names, values });
    },

    /** Cancels a scheduled post if it still is one (and no YouTube-native target has started uploading). */
    cancel(post: PostItem): Promise<boolean> {
      const now = clock.now().toISOString();
      const placement = listPlacement({ ...post, status: 'cancelled' });
      const names: Record<string, string> = { '#status': 'status' };
      const values: Record<string, unknown> = { ':cancelled': 'cancelled', ':scheduled': 'scheduled', ':now': now, ':userList': placement.userList, ':listAt': placement.listAt };
      const conditions = ['#status = :scheduled'];
      Object.values(post.targets)
        .filter((target) => target.publishAt)
        .forEach((target, index) => {
          names[`#native${index}`] = target.targetId;
          Object.assign(values, { ':uploading': 'uploading', ':processing': 'processing', ':published': 'published' });
          conditions.push(`NOT (targets.#native${index}.#status IN (:uploading, :processing, :published))`);
        });
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: post.userId, postId: post.postId },
            UpdateExpression: 'SET #status = :cancelled, cancelledAt = :now, updatedAt = :now, userList = :userList, listAt = :listAt REMOVE activeShard, activeAt',
            ConditionExpression: conditions.join(' AND '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        ),
      );
    },

    /**
     * Holds a queued post while its queue is paused, in one conditional write: only while `expected`
     * is its current execution and it is still scheduled. Its current execution becomes `marker`
     * (a name no execution has), so the running one claims nothing, and it leaves the reconciler's
     * index until the queue is resumed. False: it changed meanwhile (claimed for publishing).
     */
    holdQueued(post: PostItem, expected: string, marker: string): Promise<boolean> {
      const now = clock.now().toISOString();
      return updatePostIf(post, {
        sets: ['currentExecution = :marker', '#queue.held = :true', '#queue.heldAt = :now', 'updatedAt = :now'],
        removes: ['activeShard', 'activeAt'],
        conditions: ['currentExecution = :expected', '#status = :scheduled', 'attribute_exists(#queue)'],
        names: { '#status': 'status', '#queue': 'queue' },
        values: { ':marker': marker, ':true': true, ':now': now, ':expected': expected, ':scheduled': 'scheduled' },
      });
    },

    /**
     * The engine's refusal of a post not approved at its time: its approval becomes `expired`,
     * only while it still waits and `execution` is current. False: the approval landed first (or
     * the execution was replaced); the caller reads the post again.
     */
    expireApproval(post: Pick<PostItem, 'userId' | 'postId'>, execution: string): Promise<boolean> {
      return updatePostIf(post, {
        sets: ['approval.#state = :expired', 'approval.decidedAt = :now', 'updatedAt = :now'],
        removes: [],
        conditions: ['currentExecution = :execution', 'approval.#state IN (:pending, :changes)'],
        names: { '#state': 'state' },
        values: { ':expired': 'expired', ':now': clock.now().toISOString(), ':execution': execution, ':pending': 'pending', ':changes': 'changes_requested' },
      });
    },

    /**
     * A decision on a post's approval in one conditional write: the new approval, only while the
     * approval is in one of `from` and the post in one of `statuses`; `cancel` also cancels the
     * post (rejected). False: it changed meanwhile (decided by someone else, its time came).
     */
    decideApproval(post: PostItem, approval: ApprovalItem, expected: { from: readonly ApprovalState[]; statuses: readonly PostStatus[]; cancel?: boolean }): Promise<boolean> {
      const now = clock.now().toISOString();
      const names: Record<string, string> = { '#status': 'status', '#state': 'state' };
      const values: Record<string, unknown> = { ':approval': approval, ':now': now };
      const sets = ['approval = :approval', 'updatedAt = :now'];
      const removes: string[] = [];
      expected.from.forEach((state, index) => (values[`:from${index}`] = state));
      expected.statuses.forEach((status, index) => (values[`:status${index}`] = status));
      const conditions = [
        `approval.#state IN (${expected.from.map((_, index) => `:from${index}`).join(', ')})`,
        `#status IN (${expected.statuses.map((_, index) => `:status${index}`).join(', ')})`,
      ];
      if (expected.cancel) {
        const placement = listPlacement({ ...post, status: 'cancelled' });
        sets.push('#status = :cancelled', 'cancelledAt = :now', 'userList = :userList', 'listAt = :listAt');
        removes.push('activeShard', 'activeAt');
        Object.assign(values, { ':cancelled': 'cancelled', ':userList': placement.userList, ':listAt': placement.listAt });
      }
      return updatePostIf(post, { sets, removes, conditions, names, values });
    },

    /** Adds a comment to the post's thread (at most `max`); false when the post is gone or the thread is full. */
    addComment(post: Pick<PostItem, 'userId' | 'postId'>, comment: CommentItem, max: number): Promise<boolean> {
      return updatePostIf(post, {
        sets: ['#comments = list_append(if_not_exists(#comments, :empty), :comment)'],
        removes: [],
        conditions: ['attribute_exists(postId)', '(attribute_not_exists(#comments) OR size(#comments) < :max)'],
        names: { '#comments': 'comments' },
        values: { ':empty': [], ':comment': [comment], ':max': max },
      });
    },

    /** Stores a notification once (its id is derived from what it is about). */
    async putNotification(item: NotificationItem): Promise<void> {
      await writeIf(
        db.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(postId)' })),
      );
    },

    /** The user's notifications, newest first (at most `limit`). */
    async listNotifications(userId: string, limit = 50): Promise<NotificationItem[]> {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'userId = :user AND begins_with(postId, :prefix)',
          ExpressionAttributeValues: { ':user': userId, ':prefix': NOTIFICATION_PREFIX },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (result.Items ?? []) as NotificationItem[];
    },

    async markNotificationRead(item: NotificationItem, readAt: string): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: item.userId, postId: item.postId },
          UpdateExpression: 'SET readAt = if_not_exists(readAt, :readAt)',
          ConditionExpression: 'attribute_exists(postId)',
          ExpressionAttributeValues: { ':readAt': readAt },
        }),
      );
    },
  };
}

export type PostStore = ReturnType<typeof createPostStore>;
