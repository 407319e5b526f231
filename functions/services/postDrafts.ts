import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import { parseMediaKey } from '../../shared/media';
import { keptTexts, keptThreads, type NetworkTexts, type NetworkThreads } from '../../shared/platformRules';
import { platforms } from '../../shared/platforms';
import { MAX_DRAFTS, type Post, type SaveDraft } from '../../shared/api/posts';
import type { FeedOrigin } from '../../shared/api/feeds';
import type { Clock } from '../clock';
import { Conflict, InvalidInput, NotFound, QuotaExceeded } from '../errors';
import { MediaNotFound } from '../media/s3Media';
import { MEDIA_REMOVED_MESSAGE, type PostMedia } from './postMedia';
import type { UploadRecord } from './storageQuota';
import { connectionIdOf, type ConnectionStore } from './connectionStore';
import type { DraftGuard } from './draftGuard';
import type { UserIdentity } from './memberships';
import { listPlacement, toPost, userListKey, type ApprovalItem, type PostItem, type PostStore, type TargetItem } from './postStore';

export interface DraftServiceDeps {
  db: DynamoDBDocumentClient;
  posts: PostStore;
  connections: ConnectionStore;
  /** The files a draft takes, as their uploads described them, and the write that keeps them. */
  media: PostMedia;
  /** Keeps the draft limit under concurrent saves. */
  guard: DraftGuard;
  clock: Clock;
}

/** The item that makes a draft once-only: put with the draft, only where no item has that key yet. */
export interface OnceMarker {
  tableName: string;
  item: Record<string, unknown> & { userId: string };
}

/** How often a new draft counts again after another of the user's new drafts passed first. */
const GUARDED_SAVE_ATTEMPTS = 5;

export const NOT_A_DRAFT_MESSAGE = 'This post is no longer a draft (it has been published): it cannot be saved as a draft.';

/**
 * Drafts live in the posts table as posts with status `draft`, in their own list (newest save
 * first). A draft starts no execution, has no place in the reconciler's index and uses none of
 * the month's posts; publishing it (posts service, publishDraft) turns the same item into the post.
 */
export function createDraftService({ db, posts, connections, media, guard, clock }: DraftServiceDeps) {
  const newId = monotonicFactory();

  /**
   * The chosen accounts as the draft's targets; an account no longer connected keeps its id as its
   * name. The choices made so far for a platform's post options are kept as they are (they may be
   * incomplete: the platform's rule checks them when the draft is published).
   */
  async function draftTargets(userId: string, input: SaveDraft['targets'], now: string, names: Map<string, string> = new Map()): Promise<Record<string, TargetItem>> {
    const userConnections = input.length ? await connections.list(userId) : [];
    return Object.fromEntries(
      input.map((target) => {
        const connectionId = connectionIdOf(target.platform, target.accountId);
        const connection = userConnections.find((item) => item.connectionId === connectionId);
        const accountName = (connection ? (connection.username ?? connection.displayName) : undefined) ?? names.get(connectionId) ?? target.accountId;
        const item: TargetItem = {
          targetId: connectionId,
          platform: target.platform,
          accountId: target.accountId,
          accountName,
          connectionId,
          status: 'pending',
          progress: {},
          statusChecks: 0,
          rateLimitWaits: 0,
          updatedAt: now,
          ...(target.options && Object.keys(target.options).length ? { options: target.options } : {}),
        };
        return [connectionId, item];
      }),
    );
  }

  /** The draft's files: the user's own uploads, still stored; and their records, which the draft's write keeps. */
  async function draftMedia(userId: string, input: SaveDraft['media']): Promise<{ media: PostItem['media']; records: UploadRecord[] }> {
    const stored: PostItem['media'] = [];
    const records: UploadRecord[] = [];
    for (const { key, name, altText } of input) {
      // The key is not echoed: it may name another user's file (and so that user).
      if (parseMediaKey(key)?.userId !== userId) {
        throw new InvalidInput(`The file ${name ?? 'you chose'} is not one of your uploads: upload it again.`, [{ path: 'media', message: 'Not one of your uploads.' }]);
      }
      try {
        const chosen = await media.chosen(userId, key);
        stored.push({ ...chosen.media, ...(name ? { name } : {}), ...(altText ? { altText } : {}) });
        records.push(...chosen.records);
      } catch (error) {
        if (error instanceof MediaNotFound) throw new InvalidInput(`The file ${name ?? key} was not found: upload it again.`, [{ path: 'media', message: 'Not found.' }]);
        throw error;
      }
    }
    return { media: stored, records };
  }

  /**
   * Writes the draft item only under `condition`, in one transaction with marking its files in use
   * (and, for a new draft, the guard's step): `written`, `refused` when the condition failed, or
   * `raced` when another new draft passed the guard first. A file removed meanwhile is refused in words.
   */
  async function writeDraft(
    item: PostItem,
    records: UploadRecord[],
    condition: { ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> },
    guardStep?: ReturnType<DraftGuard['step']>,
    once?: OnceMarker,
  ): Promise<'written' | 'refused' | 'raced' | 'duplicate'> {
    const guarded = [...(guardStep ? [guardStep] : []), ...(once ? [{ Put: { TableName: once.tableName, Item: once.item, ConditionExpression: 'attribute_not_exists(userId)' } }] : [])];
    try {
      await db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: posts.tableName, Item: item, ...condition } }, ...guarded, ...media.keepSteps(records)] }));
      return 'written';
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      // The marker first: another write of the same once-only draft passed (it may have raced the guard too).
      if (once && error.CancellationReasons?.[guarded.length]?.Code === 'ConditionalCheckFailed') return 'duplicate';
      if (error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return 'refused';
      if (guardStep && error.CancellationReasons?.[1]?.Code === 'ConditionalCheckFailed') return 'raced';
      if (error.CancellationReasons?.slice(1 + guarded.length).some((reason) => reason.Code === 'ConditionalCheckFailed')) {
        throw new InvalidInput(MEDIA_REMOVED_MESSAGE, [{ path: 'media', message: 'Removed: upload it again.' }]);
      }
      throw error;
    }
  }

  async function draftCount(userId: string): Promise<number> {
    let count = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: posts.tableName,
          IndexName: 'byList',
          KeyConditionExpression: 'userList = :list',
          ExpressionAttributeValues: { ':list': userListKey(userId, 'draft') },
          Select: 'COUNT',
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      count += page.Count ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return count;
  }

  /** Stores a new draft (never over an existing item) while the user has fewer than MAX_DRAFTS, however many saves arrive at once. */
  async function putNew(
    user: UserIdentity,
    fields: Pick<PostItem, 'description' | 'media' | 'targets'> & { title?: string; texts?: NetworkTexts; threads?: NetworkThreads; firstComment?: string; approval?: ApprovalItem; fromFeed?: FeedOrigin },
    records: UploadRecord[],
    once?: OnceMarker,
  ): Promise<Post | 'duplicate'> {
    const now = clock.now().toISOString();
    const base = {
      userId: user.userId,
      postId: newId(clock.now().getTime()),
      status: 'draft' as const,
      ...fields,
      platforms: [...new Set(Object.values(fields.targets).map((target) => target.platform))],
      createdAt: now,
      updatedAt: now,
      executions: [] as string[],
    };
    const item: PostItem = { ...base, ...listPlacement(base) };
    for (let attempt = 0; attempt < GUARDED_SAVE_ATTEMPTS; attempt++) {
      const seen = await guard.seen(user.userId);
      if ((await draftCount(user.userId)) >= MAX_DRAFTS) {
        throw new QuotaExceeded(`You have ${MAX_DRAFTS} drafts, the most OneClick keeps: publish or delete some, then save again.`);
      }
      // The marker names the draft it made (a feed's queue mode queues it after).
      const marker = once && { ...once, item: { ...once.item, postId: item.postId } };
      const written = await writeDraft(item, records, { ConditionExpression: 'attribute_not_exists(postId)' }, guard.step(user.userId, seen), marker);
      if (written === 'duplicate') return written;
      if (written !== 'raced') return toPost(item);
    }
    throw new Conflict('Other drafts were being saved at the same moment: save this one again.');
  }

  /** The draft's text; every network's own version that is not blank (a draft keeps one for a network not chosen yet, too). */
  const textOf = (input: SaveDraft) => {
    const texts = keptTexts(input.texts, platforms);
    const threads = keptThreads(input.threads, platforms);
    return {
      description: input.description,
      ...(texts ? { texts } : {}),
      ...(threads ? { threads } : {}),
      ...(input.title?.trim() ? { title: input.title } : {}),
      ...(input.firstComment?.trim() ? { firstComment: input.firstComment.trim() } : {}),
    };
  };

  async function load(user: UserIdentity, postId: string): Promise<PostItem> {
    const post = await posts.get(user.userId, postId);
    if (!post) throw new NotFound('Post not found');
    return post;
  }

  const created = (post: Post | 'duplicate'): Post => {
    if (post === 'duplicate') throw new Error('A draft without a once-only marker cannot be a duplicate.');
    return post;
  };

  return {
    /** A new draft; `approval`: a post submitted to publish now (approvals.ts) waits as this draft. */
    async create(user: UserIdentity, input: SaveDraft, options: { approval?: ApprovalItem } = {}): Promise<Post> {
      const now = clock.now().toISOString();
      const { media: files, records } = await draftMedia(user.userId, input.media);
      return created(await putNew(user, { ...textOf(input), media: files, targets: await draftTargets(user.userId, input.targets, now), ...(options.approval ? { approval: options.approval } : {}) }, records));
    },

    /**
     * A new draft written only with `once.item`, a marker no other write may have put before (its
     * condition is that it does not exist), in the same transaction: a feed item's draft is made
     * once however many fetches find the item at the same time ('duplicate': one already did).
     */
    async createOnce(user: UserIdentity, input: SaveDraft, once: OnceMarker, options: { fromFeed?: FeedOrigin } = {}): Promise<Post | 'duplicate'> {
      const now = clock.now().toISOString();
      const { media: files, records } = await draftMedia(user.userId, input.media);
      return putNew(user, { ...textOf(input), media: files, targets: await draftTargets(user.userId, input.targets, now), ...(options.fromFeed ? { fromFeed: options.fromFeed } : {}) }, records, once);
    },

    /**
     * Replaces a draft's text, files and accounts, only while it is still a draft (and still the
     * draft `expected` read, when given). Its comments stay; its approval stays unless `approval`
     * replaces it (a submitted draft, edited or resubmitted: approvals.ts).
     */
    async update(user: UserIdentity, postId: string, input: SaveDraft, options: { approval?: ApprovalItem; expected?: PostItem } = {}): Promise<Post> {
      const draft = options.expected ?? (await load(user, postId));
      if (draft.status !== 'draft') throw new Conflict(NOT_A_DRAFT_MESSAGE);
      const approval = options.approval ?? draft.approval;
      const now = clock.now().toISOString();
      const { media: files, records } = await draftMedia(user.userId, input.media);
      const fields = { ...textOf(input), media: files, targets: await draftTargets(user.userId, input.targets, now) };
      const base = {
        userId: user.userId,
        postId,
        status: 'draft' as const,
        ...fields,
        platforms: [...new Set(Object.values(fields.targets).map((target) => target.platform))],
        createdAt: draft.createdAt,
        updatedAt: now,
        executions: [] as string[],
        ...(approval ? { approval } : {}),
        ...(draft.comments ? { comments: draft.comments } : {}),
        ...(draft.fromFeed ? { fromFeed: draft.fromFeed } : {}),
      };
      const item: PostItem = { ...base, ...listPlacement(base) };
      // Replaced only as it was read: a comment added meanwhile (or, for a draft read before, a save) is not lost.
      const comments = draft.comments?.length ?? 0;
      const conditions = ['#status = :draft', comments ? 'size(comments) = :comments' : 'attribute_not_exists(comments)', ...(options.expected ? ['updatedAt = :seen'] : [])];
      const saved = await writeDraft(item, records, {
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':draft': 'draft', ...(comments ? { ':comments': comments } : {}), ...(options.expected ? { ':seen': options.expected.updatedAt } : {}) },
      });
      if (saved !== 'written') {
        if ((await posts.get(user.userId, postId))?.status === 'draft') throw new Conflict('The draft was changed at the same time elsewhere (a comment, another save): reload it and try again.');
        throw new Conflict(NOT_A_DRAFT_MESSAGE);
      }
      return toPost(item);
    },

    /** A new draft with a post's text, title, accounts and files (any post of the user, drafts too). */
    async duplicate(user: UserIdentity, postId: string): Promise<Post> {
      const original = await load(user, postId);
      const now = clock.now().toISOString();
      const names = new Map(Object.values(original.targets).map((target) => [target.connectionId, target.accountName]));
      const targets = await draftTargets(
        user.userId,
        Object.values(original.targets).map((target) => ({ platform: target.platform, accountId: target.accountId })),
        now,
        names,
      );
      return created(await putNew(user, { description: original.description, ...(original.texts ? { texts: original.texts } : {}), ...(original.threads ? { threads: original.threads } : {}), ...(original.title ? { title: original.title } : {}), ...(original.firstComment ? { firstComment: original.firstComment } : {}), media: original.media, targets }, []));
    },
  };
}

export type DraftService = ReturnType<typeof createDraftService>;
