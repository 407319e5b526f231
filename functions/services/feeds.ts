import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import {
  FEED_FIRST_FETCH_ITEMS,
  FEED_ITEMS_PER_FETCH,
  MAX_FEEDS,
  QUEUE_NEEDS_ACCOUNTS,
  type AddFeed,
  type Feed,
  type FeedFetch,
  type FeedMode,
  type FeedOrigin,
  type UpdateFeed,
} from '../../shared/api/feeds';
import type { Platform } from '../../shared/platforms';
import type { Clock } from '../clock';
import { Conflict, DomainError, InvalidInput, NotFound, QuotaExceeded } from '../errors';
import { nextFetchAt, retryAfterSeconds } from './feedBackoff';
import { entryKeyHash, imageFileName, NotAFeed, parseFeedEntries, type FeedEntry } from './feedItems';
import type { UserIdentity } from './memberships';
import type { OnceMarker } from './postDrafts';
import type { Post, SaveDraft } from '../../shared/api/posts';
import type { UploadedMedia } from '../../shared/api/uploads';
import { recordsWithPrefix } from './recordsWithPrefix';

/** The sparse byFeedDue index's one partition: every feed that is not paused, by when it is due. */
export const FEED_SHARD = 'feeds';
/** How long a job's claim on a feed holds before another run may fetch it (a run that died). */
const CLAIM_MINUTES = 10;

interface FeedItem {
  userId: string;
  record: string;
  feedId: string;
  url: string;
  title?: string;
  accounts: Array<{ platform: Platform; accountId: string }>;
  mode: FeedMode;
  paused: boolean;
  createdAt: string;
  createdBy: string;
  /** The e-mail of who added it: the drafts' author. */
  createdByEmail: string;
  etag?: string;
  lastModified?: string;
  lastFetch?: FeedFetch;
  failures: number;
  /** Whether a fetch has read the feed once (its older items then count as seen). */
  fetched: boolean;
  nextFetchAt?: string;
  feedShard?: string;
  feedDueAt?: string;
}

/** A request the outbound rule refused, with why in words (the composition maps the rule's own error to it). */
export class AddressRefused extends Error {}

export type FeedFetcher = (url: string, init: RequestInit) => Promise<Response>;

export interface FeedServiceDeps {
  db: DynamoDBDocumentClient;
  /** The memberships table: a workspace's feeds and the items they made drafts of are rows in its partition. */
  tableName: string;
  /** Fetches under the one outbound rule (functions/http/outbound.ts); a refusal is an AddressRefused. */
  fetch: FeedFetcher;
  /** The same rule's address check, for a feed's address when it is added (AddressRefused). */
  checkAddress: (url: string) => Promise<void>;
  /** The workspace's connected accounts (a feed's accounts must be among them). */
  accounts: (userId: string) => Promise<Array<{ platform: Platform; accountId: string }>>;
  drafts: {
    createOnce(user: UserIdentity, input: SaveDraft, once: OnceMarker, options: { fromFeed?: FeedOrigin }): Promise<Post | 'duplicate'>;
  };
  /**
   * Takes an item's image into the workspace's media as POST /uploads/from-url does (the upload
   * service's fromUrl: the outbound rule, its size and time bounds, the type check, the upload
   * record, the storage quota), under a key that is the same on every try (`keyPart`).
   */
  images: { take(user: UserIdentity, input: { url: string; fileName: string }, keyPart: string): Promise<UploadedMedia> };
  /**
   * Puts a feed's draft into its accounts' queues as its follower would ("Add to queue": the queue
   * service with the draft, going for approval where the workspace's rule says): `queued`, or
   * `gone` when it is no longer a draft (queued already by an earlier try). A refusal is a
   * DomainError in words.
   */
  queue: { add(feed: FeedOwner, postId: string): Promise<'queued' | 'gone'> };
  clock: Clock;
}

/** The workspace a feed belongs to and the person who followed it (who its drafts and queued posts are by). */
export interface FeedOwner {
  workspaceId: string;
  createdBy: string;
  createdByEmail: string;
}

/** An item's marker: the draft it made (null: seen at the first fetch), and, in the queue mode, whether that draft is queued yet. */
interface ItemMarker {
  record: string;
  postId?: string | null;
  /** `pending` from the draft's write until its queueing is done (a run that died between the two leaves it, and the next fetch queues it). */
  queue?: 'pending' | 'done' | 'refused';
}

/** What one job run did. */
export interface FeedsRunReport {
  due: number;
  fetched: number;
  newDrafts: number;
  failed: number;
}

const feedRecord = (feedId: string) => `feed#${feedId}`;
const itemRecord = (feedId: string, key: string) => `feedItem#${feedId}#${entryKeyHash(key)}`;

/** What a draft says when the image the feed named could not be taken (the take's reason follows, in words). */
export const FEED_IMAGE_NOTE = "The feed's image was not added:";
/** Why an item of a feed in the queue mode stays a draft when it brought no image (a post needs a file). */
export const NO_FILE_FOR_QUEUE = 'a post needs an image or a video, and the item brought none.';

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

function toFeed(item: FeedItem): Feed {
  return {
    feedId: item.feedId,
    url: item.url,
    title: item.title ?? null,
    accounts: item.accounts,
    mode: item.mode,
    paused: item.paused,
    createdAt: item.createdAt,
    lastFetch: item.lastFetch ?? null,
    failures: item.failures,
    nextFetchAt: item.paused ? null : (item.nextFetchAt ?? null),
  };
}

/** Words for an answer that is not a feed. */
function statusWords(status: number): string {
  if (status === 404 || status === 410) return `The feed answered ${status}: the address has no feed (any more).`;
  if (status === 401 || status === 403) return `The feed answered ${status}: it is not public.`;
  if (status === 429) return 'The feed answered 429: it asks to be fetched less often.';
  if (status >= 500) return `The feed answered ${status}: its server had a problem.`;
  return `The feed answered ${status} instead of the feed.`;
}

/** Why a fetch failed, in words (never the feed server's body). */
function fetchFailure(error: unknown): string {
  if (error instanceof AddressRefused || error instanceof NotAFeed) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'The feed did not answer in time.';
  return 'The feed could not be reached.';
}

/**
 * Feeds to drafts (issue 31, item 4). A workspace's feeds are rows of its partition in the
 * memberships table (`feed#<feedId>`); the sparse byFeedDue index lists the feeds that are not
 * paused by when they are due, for the scheduled job. Each item turned into a draft leaves a
 * marker row (`feedItem#<feedId>#<hash of its key>`) written in the same transaction as its
 * draft, only where no marker is: a re-fetch, a retry or two fetches at once make one draft.
 */
export function createFeedService({ db, tableName, fetch, checkAddress, accounts, drafts, images, queue, clock }: FeedServiceDeps) {
  const newId = monotonicFactory();

  async function load(userId: string, feedId: string): Promise<FeedItem> {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId, record: feedRecord(feedId) }, ConsistentRead: true }));
    if (!Item) throw new NotFound('This feed is not followed in this workspace (any more).');
    return Item as FeedItem;
  }

  const rowsWithPrefix = <T>(userId: string, prefix: string, projection?: string) => recordsWithPrefix<T>(db, tableName, userId, prefix, projection ? { projection } : {});

  const list = (userId: string): Promise<FeedItem[]> => rowsWithPrefix<FeedItem>(userId, 'feed#');

  async function checkAccounts(userId: string, chosen: AddFeed['accounts']): Promise<void> {
    if (!chosen.length) return;
    const connected = await accounts(userId);
    const missing = chosen.filter((account) => !connected.some((known) => known.platform === account.platform && known.accountId === account.accountId));
    if (missing.length) throw new InvalidInput('Choose accounts connected in this workspace.', [{ path: 'accounts', message: 'Not a connected account of this workspace.' }]);
  }

  /** The markers of the items already made into drafts (or seen at the first fetch), among these, by item key. */
  async function markers(userId: string, feedId: string, entries: FeedEntry[]): Promise<Map<string, ItemMarker>> {
    const found = new Map<string, ItemMarker>();
    for (let start = 0; start < entries.length; start += 100) {
      const chunk = entries.slice(start, start + 100);
      let keys: Array<Record<string, unknown>> = chunk.map((entry) => ({ userId, record: itemRecord(feedId, entry.key) }));
      while (keys.length) {
        const answer = await db.send(
          new BatchGetCommand({
            RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true, ProjectionExpression: '#record, postId, #queue', ExpressionAttributeNames: { '#record': 'record', '#queue': 'queue' } } },
          }),
        );
        for (const row of answer.Responses?.[tableName] ?? []) found.set(String(row['record']), row as ItemMarker);
        keys = (answer.UnprocessedKeys?.[tableName]?.Keys ?? []) as Array<Record<string, unknown>>;
      }
    }
    return new Map(entries.flatMap((entry) => (found.has(itemRecord(feedId, entry.key)) ? [[entry.key, found.get(itemRecord(feedId, entry.key))!] as const] : [])));
  }

  /** Records how an item's queueing ended on its marker (`done`, or `refused`: it stays a draft). */
  async function queueSettled(userId: string, feedId: string, key: string, state: 'done' | 'refused'): Promise<void> {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { userId, record: itemRecord(feedId, key) },
        UpdateExpression: 'SET #queue = :state',
        ConditionExpression: '#queue = :pending',
        ExpressionAttributeNames: { '#queue': 'queue' },
        ExpressionAttributeValues: { ':state': state, ':pending': 'pending' },
      }),
    ).catch((error: unknown) => {
      // Settled by another fetch, or the feed was removed meanwhile (its markers with it).
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
  }

  /**
   * Queues a feed's draft (the queue mode): `queued`, or the reason it stays a draft in words. A
   * failure that is no refusal (a service down) leaves the marker pending: the next fetch tries again.
   */
  async function queueDraft(feed: FeedItem, key: string, postId: string): Promise<'queued' | 'already' | { reason: string | null }> {
    try {
      const added = await queue.add({ workspaceId: feed.userId, createdBy: feed.createdBy, createdByEmail: feed.createdByEmail }, postId);
      await queueSettled(feed.userId, feed.feedId, key, 'done');
      return added === 'queued' ? 'queued' : 'already';
    } catch (error) {
      if (!(error instanceof DomainError)) return { reason: null };
      await queueSettled(feed.userId, feed.feedId, key, 'refused');
      return { reason: error.message };
    }
  }

  /**
   * The item's image as the draft's file, taken under a key of its own (the same on every try, so
   * a fetch after a run that died between the take and the draft finds it taken); or why not, in
   * words. `busy`: another fetch is taking it right now (the item waits for the next fetch).
   */
  async function imageOf(feed: FeedItem, entry: FeedEntry): Promise<{ media: SaveDraft['media']; note: string | null } | 'busy'> {
    if (!entry.imageUrl) return { media: [], note: null };
    const author: UserIdentity = { userId: feed.userId, email: feed.createdByEmail };
    try {
      const taken = await images.take(author, { url: entry.imageUrl, fileName: imageFileName(entry.imageUrl, entry.imageType) }, entryKeyHash(`${feed.feedId}#${entry.key}`));
      return { media: [{ key: taken.key }], note: null };
    } catch (error) {
      if (error instanceof Conflict) return 'busy';
      const reason = error instanceof DomainError ? error.message : 'it could not be stored just now.';
      return { media: [], note: `${FEED_IMAGE_NOTE} ${reason}` };
    }
  }

  /** Marks items as seen without a draft (the older items at a feed's first fetch). */
  async function markSeen(userId: string, feedId: string, entries: FeedEntry[], at: string): Promise<void> {
    for (let start = 0; start < entries.length; start += 25) {
      let requests: Array<Record<string, unknown>> = entries.slice(start, start + 25).map((entry) => ({ PutRequest: { Item: { userId, record: itemRecord(feedId, entry.key), feedId, postId: null, at } } }));
      while (requests.length) {
        const answer = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests as never } }));
        requests = (answer.UnprocessedItems?.[tableName] ?? []) as Array<Record<string, unknown>>;
      }
    }
  }

  function draftOf(feed: FeedItem, feedTitle: string | null, entry: FeedEntry, image: { media: SaveDraft['media']; note: string | null }): { input: SaveDraft; origin: FeedOrigin } {
    const description = [entry.title, entry.link].filter(Boolean).join('\n\n').slice(0, 10_000);
    return {
      input: { description, ...(entry.title ? { title: entry.title.slice(0, 1000) } : {}), targets: feed.accounts, media: image.media },
      origin: { feedId: feed.feedId, feedTitle, link: entry.link, imageUrl: entry.imageUrl, imageNote: image.note },
    };
  }

  /**
   * Fetches one feed now (conditional GET with the last ETag and Last-Modified) and makes drafts of
   * its new items, oldest first, at most FEED_ITEMS_PER_FETCH (FEED_FIRST_FETCH_ITEMS, the newest,
   * at its first fetch). Records the outcome in words and when to fetch next (backing off on failure).
   */
  async function fetchOne(feed: FeedItem): Promise<FeedItem> {
    const now = clock.now();
    const at = now.toISOString();
    let outcome: FeedFetch;
    let retryAfter: number | undefined;
    let validators: Pick<FeedItem, 'etag' | 'lastModified'> = { ...(feed.etag ? { etag: feed.etag } : {}), ...(feed.lastModified ? { lastModified: feed.lastModified } : {}) };
    let title = feed.title ?? null;
    let fetched = feed.fetched;
    try {
      const response = await fetch(feed.url, {
        method: 'GET',
        headers: {
          accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5',
          'user-agent': 'OneClick feed reader',
          ...(feed.etag ? { 'if-none-match': feed.etag } : {}),
          ...(feed.lastModified ? { 'if-modified-since': feed.lastModified } : {}),
        },
      });
      if (response.status === 304) {
        outcome = { at, outcome: 'unchanged', message: 'Nothing new: the feed has not changed since the last fetch.', newDrafts: 0 };
      } else if (!response.ok) {
        retryAfter = retryAfterSeconds(response.headers.get('retry-after'), now);
        outcome = { at, outcome: 'failed', message: statusWords(response.status), newDrafts: 0 };
      } else {
        const parsed = parseFeedEntries(await response.text());
        title = parsed.title ?? title;
        const marked = await markers(feed.userId, feed.feedId, parsed.entries);
        const unseen = parsed.entries.filter((entry) => !marked.has(entry.key));
        const taken = fetched ? unseen.slice(0, FEED_ITEMS_PER_FETCH) : unseen.slice(0, FEED_FIRST_FETCH_ITEMS);
        if (!fetched) await markSeen(feed.userId, feed.feedId, unseen.slice(FEED_FIRST_FETCH_ITEMS), at);
        const tally = { drafts: 0, queued: 0, stayed: 0, images: 0, waiting: 0 };
        const reasons: { image?: string; queue?: string } = {};
        // A draft whose queueing a run that died left pending (its marker says so) is queued first.
        for (const entry of parsed.entries) {
          const marker = marked.get(entry.key);
          if (marker?.queue !== 'pending' || !marker.postId) continue;
          const queued = await queueDraft(feed, entry.key, marker.postId);
          if (queued === 'queued') tally.queued++;
          else if (typeof queued === 'object' && queued.reason) {
            tally.stayed++;
            reasons.queue ??= queued.reason;
          }
        }
        let stopped: string | undefined;
        const author: UserIdentity = { userId: feed.userId, email: feed.createdByEmail };
        for (const entry of taken.reverse()) {
          const image = await imageOf(feed, entry);
          if (image === 'busy') {
            tally.waiting++;
            continue;
          }
          if (image.note) {
            tally.images++;
            reasons.image ??= image.note.slice(FEED_IMAGE_NOTE.length + 1);
          }
          const { input, origin } = draftOf(feed, title, entry, image);
          const queueIt = feed.mode === 'queue' && input.media.length > 0;
          const marker = { tableName, item: { userId: feed.userId, record: itemRecord(feed.feedId, entry.key), feedId: feed.feedId, at, ...(queueIt ? { queue: 'pending' } : {}) } };
          let made: Post | 'duplicate';
          try {
            made = await drafts.createOnce(author, input, marker, { fromFeed: origin });
          } catch (error) {
            if (!(error instanceof QuotaExceeded || error instanceof Conflict)) throw error;
            stopped = error.message;
            break;
          }
          if (made === 'duplicate') continue;
          if (feed.mode !== 'queue') {
            tally.drafts++;
            continue;
          }
          const queued = queueIt ? await queueDraft(feed, entry.key, made.postId) : { reason: image.note ? 'its image was not added.' : NO_FILE_FOR_QUEUE };
          if (queued === 'queued' || queued === 'already') tally.queued++;
          else {
            tally.stayed++;
            if (queued.reason) reasons.queue ??= queued.reason;
          }
        }
        fetched = true;
        // Only now: a fetch that fails on the way keeps the last validators, so the next one reads the feed whole again.
        validators = { ...(response.headers.get('etag') ? { etag: response.headers.get('etag')! } : {}), ...(response.headers.get('last-modified') ? { lastModified: response.headers.get('last-modified')! } : {}) };
        const left = unseen.length - taken.length + tally.waiting;
        const newDrafts = tally.drafts + tally.queued + tally.stayed;
        const parts = [
          ...(tally.drafts ? [`${plural(tally.drafts, 'new item became a draft', 'new items became drafts')}.`] : []),
          ...(tally.queued ? [`${plural(tally.queued, 'new item went to the queue', 'new items went to the queue')}.`] : []),
          ...(tally.stayed ? [`${plural(tally.stayed, 'item stayed a draft', 'items stayed drafts')}${reasons.queue ? `: ${reasons.queue}` : ' for now: it is queued at the next fetch.'}`] : []),
          ...(tally.images ? [`${plural(tally.images, "item's image was", "items' images were")} not added: ${reasons.image}`] : []),
        ];
        const made = parts.length ? parts.join(' ') : 'No new items.';
        const message = stopped ? `${made} The rest wait: ${stopped}` : left > 0 && feed.fetched ? `${made} ${left} more wait for the next fetch.` : made;
        outcome = { at, outcome: 'ok', message, newDrafts };
      }
    } catch (error) {
      outcome = { at, outcome: 'failed', message: fetchFailure(error), newDrafts: 0 };
    }
    const failures = outcome.outcome === 'failed' ? feed.failures + 1 : 0;
    const next = nextFetchAt(now, failures, retryAfter).toISOString();
    const { etag: _etag, lastModified: _lastModified, ...rest } = feed;
    const updated: FeedItem = { ...rest, ...validators, ...(title ? { title } : {}), lastFetch: outcome, failures, fetched, nextFetchAt: next };
    try {
      // Only over the feed as it still is (not removed meanwhile); its pause and choices as they are now.
      const set = ['lastFetch = :lastFetch', 'failures = :failures', 'fetched = :fetched', 'nextFetchAt = :next', ...(title ? ['title = :title'] : [])];
      const remove: string[] = [];
      for (const name of ['etag', 'lastModified'] as const) {
        if (validators[name]) set.push(`${name} = :${name}`);
        else remove.push(name);
      }
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: feed.userId, record: feedRecord(feed.feedId) },
          UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
          ConditionExpression: 'attribute_exists(#record)',
          ExpressionAttributeNames: { '#record': 'record' },
          ExpressionAttributeValues: {
            ':lastFetch': outcome,
            ':failures': failures,
            ':fetched': fetched,
            ':next': next,
            ...(title ? { ':title': title } : {}),
            ...(validators.etag ? { ':etag': validators.etag } : {}),
            ...(validators.lastModified ? { ':lastModified': validators.lastModified } : {}),
          },
        }),
      );
      // Due again at `next`, unless paused meanwhile (a pause removes it from the index).
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: feed.userId, record: feedRecord(feed.feedId) },
          UpdateExpression: 'SET feedDueAt = :next',
          ConditionExpression: 'attribute_exists(feedShard)',
          ExpressionAttributeValues: { ':next': next },
        }),
      ).catch((error: unknown) => {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      });
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    return updated;
  }

  return {
    async list(user: UserIdentity): Promise<Feed[]> {
      return (await list(user.userId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(toFeed);
    },

    /** Follows a feed: its address keeps the outbound rule now (refused in words), and it is due at once. */
    async add(user: UserIdentity, caller: UserIdentity, input: AddFeed): Promise<Feed> {
      try {
        await checkAddress(input.url);
      } catch (error) {
        if (error instanceof AddressRefused) throw new InvalidInput(`This feed address cannot be followed: ${error.message}`, [{ path: 'url', message: error.message }]);
        throw error;
      }
      await checkAccounts(user.userId, input.accounts);
      const existing = await list(user.userId);
      const url = new URL(input.url).href;
      if (existing.some((feed) => feed.url === url)) throw new Conflict('This workspace already follows this feed.');
      if (existing.length >= MAX_FEEDS) throw new QuotaExceeded(`A workspace can follow at most ${MAX_FEEDS} feeds: remove one first.`);
      const now = clock.now().toISOString();
      const feedId = newId(clock.now().getTime());
      const item: FeedItem = {
        userId: user.userId,
        record: feedRecord(feedId),
        feedId,
        url,
        accounts: input.accounts,
        mode: input.mode,
        paused: false,
        createdAt: now,
        createdBy: caller.userId,
        createdByEmail: caller.email,
        failures: 0,
        fetched: false,
        nextFetchAt: now,
        feedShard: FEED_SHARD,
        feedDueAt: now,
      };
      await db.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(#record)', ExpressionAttributeNames: { '#record': 'record' } }));
      return toFeed(item);
    },

    /** Pauses or resumes a feed, or changes its accounts or mode. A resumed feed is due at once. */
    async update(user: UserIdentity, feedId: string, input: UpdateFeed): Promise<Feed> {
      const feed = await load(user.userId, feedId);
      if (input.accounts) await checkAccounts(user.userId, input.accounts);
      const paused = input.paused ?? feed.paused;
      const now = clock.now().toISOString();
      const resumed = feed.paused && !paused;
      const updated: FeedItem = {
        ...feed,
        paused,
        ...(input.accounts ? { accounts: input.accounts } : {}),
        ...(input.mode ? { mode: input.mode } : {}),
        ...(resumed ? { nextFetchAt: now, failures: 0 } : {}),
      };
      if (updated.mode === 'queue' && updated.accounts.length === 0) throw new InvalidInput(QUEUE_NEEDS_ACCOUNTS, [{ path: 'accounts', message: QUEUE_NEEDS_ACCOUNTS }]);
      if (paused) {
        delete updated.feedShard;
        delete updated.feedDueAt;
      } else {
        updated.feedShard = FEED_SHARD;
        updated.feedDueAt = updated.nextFetchAt ?? now;
      }
      await db.send(new PutCommand({ TableName: tableName, Item: updated, ConditionExpression: 'attribute_exists(#record)', ExpressionAttributeNames: { '#record': 'record' } }));
      return toFeed(updated);
    },

    /** Stops following a feed: its row and its items' markers go; the drafts it made stay. */
    async remove(user: UserIdentity, feedId: string): Promise<Feed> {
      const feed = await load(user.userId, feedId);
      await db.send(new DeleteCommand({ TableName: tableName, Key: { userId: user.userId, record: feedRecord(feedId) } }));
      const keys = await rowsWithPrefix<Record<string, unknown>>(user.userId, `feedItem#${feedId}#`, 'userId, #record');
      for (let start = 0; start < keys.length; start += 25) {
        let requests: Array<Record<string, unknown>> = keys.slice(start, start + 25).map((key) => ({ DeleteRequest: { Key: key } }));
        while (requests.length) {
          const answer = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests as never } }));
          requests = (answer.UnprocessedItems?.[tableName] ?? []) as Array<Record<string, unknown>>;
        }
      }
      return toFeed({ ...feed, paused: true });
    },

    /** Fetches a feed now (the Feeds page's "Fetch now"), whatever its schedule. */
    async fetchNow(user: UserIdentity, feedId: string): Promise<Feed> {
      return toFeed(await fetchOne(await load(user.userId, feedId)));
    },

    /** The scheduled job: fetches every feed that is due (at most `limit` a run), each claimed so that two runs fetch it once. */
    async run(limit = 25): Promise<FeedsRunReport> {
      const now = clock.now();
      const page = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'byFeedDue',
          KeyConditionExpression: 'feedShard = :shard AND feedDueAt <= :now',
          ExpressionAttributeValues: { ':shard': FEED_SHARD, ':now': now.toISOString() },
          Limit: limit,
        }),
      );
      const report: FeedsRunReport = { due: page.Items?.length ?? 0, fetched: 0, newDrafts: 0, failed: 0 };
      for (const due of (page.Items ?? []) as FeedItem[]) {
        const claimedUntil = new Date(now.getTime() + CLAIM_MINUTES * 60_000).toISOString();
        try {
          await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: { userId: due.userId, record: due.record },
              UpdateExpression: 'SET feedDueAt = :claimed',
              ConditionExpression: 'feedDueAt = :seen',
              ExpressionAttributeValues: { ':claimed': claimedUntil, ':seen': due.feedDueAt },
            }),
          );
        } catch (error) {
          if (error instanceof ConditionalCheckFailedException) continue;
          throw error;
        }
        const feed = await load(due.userId, due.feedId).catch(() => undefined);
        if (!feed || feed.paused) continue;
        const fetched = await fetchOne(feed);
        report.fetched++;
        report.newDrafts += fetched.lastFetch?.newDrafts ?? 0;
        if (fetched.lastFetch?.outcome === 'failed') report.failed++;
      }
      return report;
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
