import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { capabilities, type Platform } from '../../shared/platforms';
import { commonFreeSlot, planQueue, proposeSlots, QUEUE_LEAD_MS, sortedSlots, upcomingSlots, type QueueSlot, type SlotSource } from '../../shared/queue';
import type { BestTimes } from '../../shared/api/analytics';
import type { CreatedPost, CreatePost, Post } from '../../shared/api/posts';
import type { QueueChange, QueuePreviewResult, QueueView } from '../../shared/api/queue';
import type { Clock } from '../clock';
import { Conflict, InvalidInput, NotFound } from '../errors';
import { writeIf } from './conditionalWrite';
import type { Acting } from './approvals';
import { connectionIdOf, type ConnectionItem, type ConnectionStore } from './connectionStore';
import { toPost, type PostItem, type PostStore, type QueueMark } from './postStore';
import type { CreateOptions, PostService } from './posts';

/**
 * The posting queue (docs/queue.md). Per account (a connection in the workspace), weekly slots in
 * the workspace's zone, kept in the memberships table beside the workspace's rows (record
 * "queue#<platform>#<account id>"); queued posts are ordinary scheduled posts carrying a queue
 * mark (postStore.QueueMark), moved only through the posts service's reschedule path
 * (moveQueued: one conditional write per post) and never once they are publishing.
 */

export const QUEUE_RECORD_PREFIX = 'queue#';
/**
 * A slot being given to a post ("queueClaim#<connection id>#<instant>"): "Add to queue" claims
 * each slot with a conditional write before it creates the post, so two adds at once never take
 * the same slot; the loser plans again around it. A claim is a lease: it outlives the add (so an
 * add that planned before the winner's post existed still meets it) and is removed once expired.
 */
export const QUEUE_CLAIM_PREFIX = 'queueClaim#';
const CLAIM_LEASE_MS = 2 * 60_000;
/** How many times an add plans again when its slots were claimed meanwhile, before it says so. */
const CLAIM_ATTEMPTS = 5;
/** How many upcoming slots the Queue view lists beyond its queued posts. */
const VIEW_FREE_SLOTS = 6;

export interface QueueSettingsItem {
  /** The workspace. */
  userId: string;
  record: string;
  slots: QueueSlot[];
  source: SlotSource;
  /** The zone the slots were set in, used when the workspace has none of its own. */
  timeZone?: string;
  paused: boolean;
  pausedAt?: string;
  /** Slot instants (ISO) left empty; past ones are dropped when the settings are next written. */
  skipped: string[];
  updatedAt: string;
}

export interface QueueServiceDeps {
  db: DynamoDBDocumentClient;
  /** The memberships table (the workspace's partition). */
  membershipsTable: string;
  posts: PostStore;
  postService: Pick<PostService, 'moveQueued' | 'holdQueued'>;
  /** Creating a post as POST /posts does: published, scheduled or submitted for approval by the workspace's rule (approvals.ts). */
  createPost: (acting: Acting, input: CreatePost, options: Pick<CreateOptions, 'queue' | 'draftId'>) => Promise<Post>;
  connections: Pick<ConnectionStore, 'list'>;
  /** The account's best times (functions/services/analytics.ts bestTimes) in a zone. */
  bestTimes: (workspaceId: string, account: string, timeZone: string) => Promise<Pick<BestTimes, 'enoughData' | 'cells'>>;
  /** The workspace's own time zone (null: none; each member's own). */
  workspaceZone: (acting: Acting) => Promise<string | null>;
  clock: Clock;
}

/** An account's queue as planned: its settings (stored, or proposed) and the zone they are read in. */
interface AccountQueue {
  connection: ConnectionItem;
  slots: QueueSlot[];
  source: SlotSource;
  timeZone: string;
  workspaceZone: boolean;
  paused: boolean;
  pausedAt: string | null;
  skipped: string[];
  stored: boolean;
}

const nameOf = (connection: ConnectionItem) => connection.username ?? connection.displayName;
const accountWords = (connection: ConnectionItem) => `${capabilities[connection.platform].name} account ${nameOf(connection)}`;

export function createQueueService(deps: QueueServiceDeps) {
  const { db, membershipsTable, posts, postService, connections, clock } = deps;

  async function connectionOf(acting: Acting, platform: Platform, accountId: string): Promise<ConnectionItem> {
    const connectionId = connectionIdOf(platform, accountId);
    const connection = (await connections.list(acting.user.userId)).find((item) => item.connectionId === connectionId && item.status === 'connected');
    if (!connection) throw new NotFound(`No connected ${capabilities[platform].name} account ${accountId} in this workspace: connect it first.`);
    return connection;
  }

  async function storedSettings(workspaceId: string, connectionId: string): Promise<QueueSettingsItem | undefined> {
    const { Item } = await db.send(new GetCommand({ TableName: membershipsTable, Key: { userId: workspaceId, record: `${QUEUE_RECORD_PREFIX}${connectionId}` }, ConsistentRead: true }));
    return Item as QueueSettingsItem | undefined;
  }

  async function saveSettings(item: QueueSettingsItem): Promise<void> {
    const now = clock.now().getTime();
    await db.send(new PutCommand({ TableName: membershipsTable, Item: { ...item, skipped: item.skipped.filter((at) => Date.parse(at) > now), updatedAt: clock.now().toISOString() } }));
  }

  /** The account's queue: stored settings, or slots proposed from its best times (the defaults without data). */
  async function queueOf(acting: Acting, connection: ConnectionItem, zoneHint?: string): Promise<AccountQueue> {
    const [stored, workspaceZone] = await Promise.all([storedSettings(acting.user.userId, connection.connectionId), deps.workspaceZone(acting)]);
    const timeZone = workspaceZone ?? stored?.timeZone ?? zoneHint ?? 'UTC';
    const base = { connection, timeZone, workspaceZone: Boolean(workspaceZone) };
    if (stored) {
      return { ...base, slots: stored.slots, source: stored.source, paused: stored.paused, pausedAt: stored.pausedAt ?? null, skipped: stored.skipped, stored: true };
    }
    const proposal = proposeSlots(await deps.bestTimes(acting.user.userId, connection.connectionId, timeZone));
    return { ...base, ...proposal, paused: false, pausedAt: null, skipped: [], stored: false };
  }

  const settingsItem = (acting: Acting, queue: AccountQueue): QueueSettingsItem => ({
    userId: acting.user.userId,
    record: `${QUEUE_RECORD_PREFIX}${queue.connection.connectionId}`,
    slots: queue.slots,
    source: queue.source,
    timeZone: queue.timeZone,
    paused: queue.paused,
    ...(queue.pausedAt ? { pausedAt: queue.pausedAt } : {}),
    skipped: queue.skipped,
    updatedAt: clock.now().toISOString(),
  });

  /** Every scheduled post of the workspace that is queued, soonest first. */
  async function queuedPosts(workspaceId: string): Promise<PostItem[]> {
    const found: PostItem[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await posts.page(workspaceId, 'scheduled', { limit: 100, ...(startKey ? { startKey } : {}) });
      found.push(...page.posts.filter((post) => post.status === 'scheduled' && post.queue));
      startKey = page.nextKey;
    } while (startKey);
    return found.sort((a, b) => (a.scheduledFor ?? '').localeCompare(b.scheduledFor ?? '') || a.postId.localeCompare(b.postId));
  }

  /**
   * Queued posts that have left the queue by publishing (the latest of each list): a slot one of
   * them used stays used while it is still ahead (a post published at its slot on the twin's clock).
   */
  async function usedPosts(workspaceId: string): Promise<PostItem[]> {
    const lists = await Promise.all((['publishing', 'published'] as const).map((list) => posts.page(workspaceId, list, { limit: 100 })));
    return lists.flatMap((page) => page.posts).filter((post) => post.queue && post.scheduledFor && Date.parse(post.scheduledFor) > clock.now().getTime());
  }

  const after = () => new Date(clock.now().getTime() + QUEUE_LEAD_MS);
  /** A post queued for several accounts at once keeps its time when one of them is re-planned. */
  const pinned = (post: PostItem) => (post.queue?.accounts.length ?? 0) > 1;

  /** The instants of an account's queue taken by its queued posts. */
  const takenIn = (queued: PostItem[], connectionId: string) => queued.filter((post) => post.queue!.accounts.includes(connectionId) && !post.queue!.held).map((post) => new Date(post.scheduledFor!).toISOString());

  /**
   * Where "Add to queue" puts a post for these accounts: one time per account, or one for all.
   * `claimed`: instants (per connection id) another add holds right now, taken too.
   */
  async function placements(
    acting: Acting,
    accounts: ConnectionItem[],
    sameTimeForAll: boolean,
    zoneHint?: string,
    claimed: ReadonlyMap<string, readonly string[]> = new Map(),
  ): Promise<Array<{ at: string | null; accounts: ConnectionItem[]; problem: string | null }>> {
    const [queues, waiting, used] = await Promise.all([Promise.all(accounts.map((connection) => queueOf(acting, connection, zoneHint))), queuedPosts(acting.user.userId), usedPosts(acting.user.userId)]);
    const queued = [...waiting, ...used];
    const taken = (connectionId: string) => [...takenIn(queued, connectionId), ...(claimed.get(connectionId) ?? [])];
    const noSlots = queues.find((queue) => queue.slots.length === 0);
    if (noSlots) return [{ at: null, accounts, problem: `The ${accountWords(noSlots.connection)} has no posting slots: set some in its Queue.` }];
    if (sameTimeForAll && accounts.length > 1) {
      const at = commonFreeSlot(queues.map((queue) => ({ slots: queue.slots, timeZone: queue.timeZone, after: after(), skipped: queue.skipped, taken: taken(queue.connection.connectionId) })));
      return [{ at: at?.toISOString() ?? null, accounts, problem: at ? null : 'These accounts have no free slot at the same time: add a common slot, or let each account take its own next slot.' }];
    }
    const found = queues.map((queue) => {
      const [placement] = planQueue({ postIds: ['new'], slots: queue.slots, timeZone: queue.timeZone, after: after(), skipped: queue.skipped, taken: taken(queue.connection.connectionId) });
      return { at: placement?.at ?? null, connection: queue.connection };
    });
    // One post per account (docs/decisions.md): each queue stays the account's own to reorder.
    return found
      .map(({ at, connection }) => ({ at, accounts: [connection], problem: at ? null : `The ${accountWords(connection)} has no free slot within the scheduling horizon.` }))
      .sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
  }

  const claimKey = (workspaceId: string, connectionId: string, at: string) => ({ userId: workspaceId, record: `${QUEUE_CLAIM_PREFIX}${connectionId}#${at}` });

  /** Claims one account's slot for this add: false when another add holds it (its lease not expired). */
  async function claim(workspaceId: string, connectionId: string, at: string): Promise<boolean> {
    const now = clock.now().getTime();
    return writeIf(
      db.send(
        new PutCommand({
          TableName: membershipsTable,
          Item: { ...claimKey(workspaceId, connectionId, at), claimedUntil: now + CLAIM_LEASE_MS },
          ConditionExpression: 'attribute_not_exists(#record) OR claimedUntil < :now',
          ExpressionAttributeNames: { '#record': 'record' },
          ExpressionAttributeValues: { ':now': now },
        }),
      ),
    );
  }

  /**
   * Plans the add and claims every slot it uses; a slot claimed meanwhile by another add is taken
   * and the add plans again. Answers the placements, every one claimed (or with its problem).
   */
  async function claimedPlacements(acting: Acting, accounts: ConnectionItem[], sameTimeForAll: boolean, zoneHint?: string) {
    const workspaceId = acting.user.userId;
    const claimedElsewhere = new Map<string, string[]>();
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const planned = await placements(acting, accounts, sameTimeForAll, zoneHint, claimedElsewhere);
      if (planned.some((entry) => entry.problem)) return planned;
      const outcomes = await Promise.all(
        planned.flatMap((entry) => entry.accounts.map(async (connection) => ({ connectionId: connection.connectionId, at: entry.at!, won: await claim(workspaceId, connection.connectionId, entry.at!) }))),
      );
      const lost = outcomes.filter((outcome) => !outcome.won);
      if (!lost.length) return planned;
      for (const { connectionId, at } of lost) claimedElsewhere.set(connectionId, [...(claimedElsewhere.get(connectionId) ?? []), at]);
    }
    throw new Conflict('Other posts are being added to these queues right now: try again in a moment.');
  }

  /** Removes the expired claims of these accounts (best effort: an expired claim blocks nothing). */
  async function dropExpiredClaims(workspaceId: string, connectionIds: readonly string[]): Promise<void> {
    const now = clock.now().getTime();
    for (const connectionId of connectionIds) {
      const { Items = [] } = await db.send(
        new QueryCommand({
          TableName: membershipsTable,
          KeyConditionExpression: 'userId = :workspace AND begins_with(#record, :prefix)',
          FilterExpression: 'claimedUntil < :now',
          ExpressionAttributeNames: { '#record': 'record' },
          ExpressionAttributeValues: { ':workspace': workspaceId, ':prefix': `${QUEUE_CLAIM_PREFIX}${connectionId}#`, ':now': now },
          ProjectionExpression: 'userId, #record',
        }),
      );
      for (let start = 0; start < Items.length; start += 25) {
        const batch = Items.slice(start, start + 25).map((item) => ({ DeleteRequest: { Key: { userId: item['userId'], record: item['record'] } } }));
        await db.send(new BatchWriteCommand({ RequestItems: { [membershipsTable]: batch } }));
      }
    }
  }

  function chosenConnections(all: ConnectionItem[], targets: ReadonlyArray<{ platform: Platform; accountId: string }>): ConnectionItem[] {
    return targets.map((target) => {
      const connection = all.find((item) => item.connectionId === connectionIdOf(target.platform, target.accountId) && item.status === 'connected');
      if (!connection) throw new InvalidInput(`No connected ${capabilities[target.platform].name} account ${target.accountId} in this workspace: connect it first.`);
      return connection;
    });
  }

  /** The Queue view: the next slots with their posts, skipped ones, and the posts that wait. */
  async function view(acting: Acting, queue: AccountQueue): Promise<QueueView> {
    const connectionId = queue.connection.connectionId;
    const mine = (await queuedPosts(acting.user.userId)).filter((post) => post.queue!.accounts.includes(connectionId));
    const placed = mine.filter((post) => !post.queue!.held);
    const slots = upcomingSlots({ slots: queue.slots, timeZone: queue.timeZone, after: after(), count: placed.length + VIEW_FREE_SLOTS });
    const skipped = new Set(queue.skipped.map((at) => new Date(at).toISOString()));
    const byTime = new Map(placed.map((post) => [new Date(post.scheduledFor!).toISOString(), post]));
    const upcoming = slots.map((at) => {
      const post = byTime.get(at.toISOString());
      byTime.delete(at.toISOString());
      return { at: at.toISOString(), skipped: skipped.has(at.toISOString()), post: post ? toPost(post) : null };
    });
    // Posts at a time that is no slot (slots changed, a post at the same time for all): listed at their time.
    for (const [at, post] of byTime) upcoming.push({ at, skipped: false, post: toPost(post) });
    upcoming.sort((a, b) => a.at.localeCompare(b.at));
    return {
      account: connectionId,
      accountName: nameOf(queue.connection),
      platform: queue.connection.platform,
      accountId: queue.connection.platformUserId,
      timeZone: queue.timeZone,
      workspaceZone: queue.workspaceZone,
      slots: sortedSlots(queue.slots),
      source: queue.source,
      paused: queue.paused,
      pausedAt: queue.pausedAt,
      upcoming,
      waiting: mine.filter((post) => post.queue!.held).map(toPost),
    };
  }

  /**
   * Re-plans an account's queue: its movable posts (in `order`, else their current order) take
   * the free slots in turn; a paused queue holds them. One conditional write per post (the posts
   * service's reschedule path); a post claimed for publishing meanwhile is left, said in words.
   */
  async function replan(acting: Acting, queue: AccountQueue, order?: string[]): Promise<QueueChange['outcomes']> {
    const connectionId = queue.connection.connectionId;
    const queued = await queuedPosts(acting.user.userId);
    const mine = queued.filter((post) => post.queue!.accounts.includes(connectionId));
    const movable = mine.filter((post) => !pinned(post));
    if (order) {
      const rank = new Map(order.map((postId, index) => [postId, index]));
      movable.sort((a, b) => (rank.get(a.postId) ?? Infinity) - (rank.get(b.postId) ?? Infinity));
    } else {
      // Held posts first: they were due before the others.
      movable.sort((a, b) => Number(Boolean(b.queue!.held)) - Number(Boolean(a.queue!.held)) || (a.scheduledFor ?? '').localeCompare(b.scheduledFor ?? ''));
    }
    const used = takenIn(await usedPosts(acting.user.userId), connectionId);
    const taken = [...mine.filter(pinned).filter((post) => !post.queue!.held).map((post) => post.scheduledFor!), ...used];
    const plan = planQueue({ postIds: movable.map((post) => post.postId), slots: queue.slots, timeZone: queue.timeZone, after: after(), skipped: queue.skipped, taken, paused: queue.paused });
    const outcomes: QueueChange['outcomes'] = [];
    const pinnedMine = mine.filter(pinned);
    for (const post of queue.paused ? [...movable, ...pinnedMine] : movable) {
      const placement = plan.find((entry) => entry.postId === post.postId);
      outcomes.push(await placeOne(acting, post, queue, placement?.at ?? null));
    }
    if (!queue.paused) {
      // A post at the same time for all that waited: its time if still ahead, else the earliest common free slot.
      for (const post of pinnedMine.filter((item) => item.queue!.held)) {
        const ahead = Date.parse(post.scheduledFor!) > after().getTime();
        outcomes.push(await placeOne(acting, post, queue, ahead ? post.scheduledFor! : await commonSlotFor(acting, post, queued)));
      }
    }
    return outcomes;
  }

  async function commonSlotFor(acting: Acting, post: PostItem, queued: PostItem[]): Promise<string | null> {
    const all = await connections.list(acting.user.userId);
    const queues = await Promise.all(post.queue!.accounts.flatMap((id) => all.filter((item) => item.connectionId === id)).map((connection) => queueOf(acting, connection)));
    if (queues.some((queue) => queue.paused)) return null;
    const busy = [...queued, ...(await usedPosts(acting.user.userId))];
    const at = commonFreeSlot(queues.map((queue) => ({ slots: queue.slots, timeZone: queue.timeZone, after: after(), skipped: queue.skipped, taken: takenIn(busy, queue.connection.connectionId) })));
    return at?.toISOString() ?? null;
  }

  /** One post to its place: held (paused), kept, or moved; a post that is publishing already is left, in words. */
  async function placeOne(acting: Acting, post: PostItem, queue: AccountQueue, at: string | null): Promise<QueueChange['outcomes'][number]> {
    try {
      if (queue.paused) {
        if (post.queue!.held) return { postId: post.postId, outcome: 'held', message: null };
        await postService.holdQueued(acting.user, post);
        return { postId: post.postId, outcome: 'held', message: null };
      }
      if (!at) return { postId: post.postId, outcome: 'kept', message: 'No free slot within the scheduling horizon: it keeps its time. Add slots to give it one.' };
      if (!post.queue!.held && post.scheduledFor && new Date(post.scheduledFor).toISOString() === at) return { postId: post.postId, outcome: 'kept', message: null };
      await postService.moveQueued(acting.user, post, at, queue.timeZone);
      return { postId: post.postId, outcome: 'moved', message: null };
    } catch (error) {
      if (error instanceof Conflict) return { postId: post.postId, outcome: 'left', message: `Left as it is: ${error.message}` };
      throw error;
    }
  }

  async function changed(acting: Acting, queue: AccountQueue, order?: string[]): Promise<QueueChange> {
    const outcomes = await replan(acting, queue, order);
    return { queue: await view(acting, queue), outcomes };
  }

  async function accountQueue(acting: Acting, path: { platform: Platform; accountId: string }, zoneHint?: string) {
    return queueOf(acting, await connectionOf(acting, path.platform, path.accountId), zoneHint);
  }

  return {
    /**
     * THE QUEUE CONTRACT: puts a post in the queue, as POST /posts does with `queue` (other
     * services — CSV import, feeds, bulk actions — call this).
     *
     *   add(acting: Acting, input: CreatePost & { queue: QueueChoice }, options?: { draftId?: string }): Promise<CreatedPost>
     *
     * Each chosen account's next free slot (after now + QUEUE_LEAD_MS, not skipped, not taken by
     * its queued posts): one post per account, sharing the content, soonest first; with
     * `queue.sameTimeForAll`, one post for all of them at the earliest instant every one has free.
     * Each post is created as POST /posts creates one (approvals.create: scheduled, or submitted
     * for approval when the caller must submit; the month's allowance; exactly once), carrying its
     * queue mark; in a paused queue it is then held (it waits, in words). Refused in words (no
     * slots, no free slot, an account not connected) before anything is written. Answers the
     * first post, with every post made in `queuedPosts`. `options.draftId`: the draft becomes the
     * first post (POST /drafts/{id}/publish).
     */
    async add(acting: Acting, input: CreatePost, options: { draftId?: string } = {}): Promise<CreatedPost> {
      const chosen = chosenConnections(await connections.list(acting.user.userId), input.targets);
      const planned = await claimedPlacements(acting, chosen, Boolean(input.queue?.sameTimeForAll), input.timeZone);
      const problems = planned.filter((entry) => entry.problem);
      if (problems.length) throw new InvalidInput(problems.map((entry) => entry.problem).join(' '), problems.map((entry) => ({ path: 'queue', message: entry.problem! })));
      const made: Post[] = [];
      for (const [index, entry] of planned.entries()) {
        const ids = new Set(entry.accounts.map((connection) => connection.connectionId));
        const queue = await queueOf(acting, entry.accounts[0]!, input.timeZone);
        const { queue: _choice, ...rest } = input;
        const mark: QueueMark = { accounts: [...ids] };
        let post = await deps.createPost(
          acting,
          { ...rest, targets: input.targets.filter((target) => ids.has(connectionIdOf(target.platform, target.accountId))), scheduledFor: entry.at!, timeZone: queue.timeZone },
          { queue: mark, ...(index === 0 && options.draftId ? { draftId: options.draftId } : {}) },
        );
        const paused = (await Promise.all(entry.accounts.map((connection) => queueOf(acting, connection)))).some((item) => item.paused);
        if (paused && post.status === 'scheduled') {
          const item = await posts.get(acting.user.userId, post.postId);
          if (item) post = await postService.holdQueued(acting.user, item);
        }
        made.push(post);
      }
      // Housekeeping only: an expired claim blocks nothing, and the next add removes it.
      await dropExpiredClaims(acting.user.userId, chosen.map((connection) => connection.connectionId)).catch(() => undefined);
      const first = made[0]!;
      return { ...first, queuedPosts: made.map((post) => ({ postId: post.postId, scheduledFor: post.scheduledFor, accounts: post.queue?.accounts ?? [] })) };
    },

    /** Where add would put a post for these accounts now (the wizard shows it before adding). */
    async preview(acting: Acting, input: { accounts: Array<{ platform: Platform; accountId: string }>; sameTimeForAll?: boolean | undefined; timeZone?: string | undefined }): Promise<QueuePreviewResult> {
      const chosen = chosenConnections(await connections.list(acting.user.userId), input.accounts);
      const planned = await placements(acting, chosen, Boolean(input.sameTimeForAll), input.timeZone);
      return { posts: planned.map((entry) => ({ scheduledFor: entry.at, accounts: entry.accounts.map((connection) => connection.connectionId), problem: entry.problem })) };
    },

    /** GET /queues/{platform}/{accountId} */
    async get(acting: Acting, path: { platform: Platform; accountId: string }, zoneHint?: string): Promise<QueueView> {
      return view(acting, await accountQueue(acting, path, zoneHint));
    },

    /** PUT …/slots: new weekly slots; the queued posts are re-planned onto them. */
    async setSlots(acting: Acting, path: { platform: Platform; accountId: string }, input: { slots: QueueSlot[]; timeZone?: string | undefined }): Promise<QueueChange> {
      const queue = await accountQueue(acting, path, input.timeZone);
      const next: AccountQueue = { ...queue, slots: sortedSlots(input.slots), source: 'custom', ...(queue.workspaceZone || !input.timeZone ? {} : { timeZone: input.timeZone }) };
      await saveSettings(settingsItem(acting, next));
      return changed(acting, next);
    },

    /** POST …/pause: the queued posts are held (they wait, in words) until it is resumed. */
    async pause(acting: Acting, path: { platform: Platform; accountId: string }): Promise<QueueChange> {
      const queue = await accountQueue(acting, path);
      const next: AccountQueue = { ...queue, paused: true, pausedAt: queue.pausedAt ?? clock.now().toISOString() };
      await saveSettings(settingsItem(acting, next));
      return changed(acting, next);
    },

    /** POST …/resume: the held posts take the next free slots (those whose time passed first). */
    async resume(acting: Acting, path: { platform: Platform; accountId: string }): Promise<QueueChange> {
      const queue = await accountQueue(acting, path);
      const next: AccountQueue = { ...queue, paused: false, pausedAt: null };
      await saveSettings(settingsItem(acting, next));
      return changed(acting, next);
    },

    /** POST …/order: the queued posts in a new order take the slots in turn. */
    async reorder(acting: Acting, path: { platform: Platform; accountId: string }, postIds: string[]): Promise<QueueChange> {
      const queue = await accountQueue(acting, path);
      const mine = (await queuedPosts(acting.user.userId)).filter((post) => post.queue!.accounts.includes(queue.connection.connectionId) && !pinned(post));
      const known = new Set(mine.map((post) => post.postId));
      const strangers = postIds.filter((postId) => !known.has(postId));
      if (strangers.length) throw new Conflict(`Not in this queue (published, moved or removed meanwhile?): ${strangers.join(', ')}. Reload the queue and try again.`);
      if (new Set(postIds).size !== postIds.length) throw new InvalidInput('A post is named twice in the new order.', [{ path: 'postIds', message: 'Each post once.' }]);
      const missing = mine.filter((post) => !postIds.includes(post.postId));
      return changed(acting, queue, [...postIds, ...missing.map((post) => post.postId)]);
    },

    /** POST …/skip: one slot left empty (or used again); the queued posts move past it (or into it). */
    async skip(acting: Acting, path: { platform: Platform; accountId: string }, input: { at: string; skip: boolean }): Promise<QueueChange> {
      const queue = await accountQueue(acting, path);
      const at = new Date(input.at).toISOString();
      const isSlot = upcomingSlots({ slots: queue.slots, timeZone: queue.timeZone, after: after(), count: 500 }).some((slot) => slot.toISOString() === at);
      if (!isSlot) throw new InvalidInput(`${at} is not one of this queue's upcoming slots: reload the queue and choose one.`, [{ path: 'at', message: 'Not an upcoming slot.' }]);
      const skipped = input.skip ? [...new Set([...queue.skipped.map((item) => new Date(item).toISOString()), at])] : queue.skipped.filter((item) => new Date(item).toISOString() !== at);
      const next: AccountQueue = { ...queue, skipped };
      await saveSettings(settingsItem(acting, next));
      return changed(acting, next);
    },

    /** POST …/next: "share next": the post moves to the front; the others follow in their order. */
    async shareNext(acting: Acting, path: { platform: Platform; accountId: string }, postId: string): Promise<QueueChange> {
      const queue = await accountQueue(acting, path);
      const mine = (await queuedPosts(acting.user.userId)).filter((post) => post.queue!.accounts.includes(queue.connection.connectionId) && !pinned(post));
      if (!mine.some((post) => post.postId === postId)) throw new Conflict('This post is not in this queue any more (published, moved or removed meanwhile?): reload the queue.');
      return changed(acting, queue, [postId, ...mine.filter((post) => post.postId !== postId).map((post) => post.postId)]);
    },
  };
}

export type QueueService = ReturnType<typeof createQueueService>;
