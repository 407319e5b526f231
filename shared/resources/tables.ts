/**
 * The DynamoDB tables, defined once. The CDK Data construct and the offline twin both build
 * their tables from this list, and the functions read key names from it.
 *
 * Every item is partitioned by its owner's user id (except the short-lived one-time records,
 * whose key is the secret itself), so every list the product shows is a Query, never a Scan.
 */
export interface KeyAttribute {
  readonly name: string;
  readonly type: 'S' | 'N';
}

export interface IndexDefinition {
  readonly indexName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
}

export interface TableDefinition {
  /** Stable logical name: the environment variable is TABLE_<NAME upper-cased>. */
  readonly name: string;
  readonly purpose: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  readonly globalIndexes?: readonly IndexDefinition[];
  /** Epoch-seconds attribute after which the item is expired (and ignored by our code). */
  readonly timeToLiveAttribute?: string;
  /**
   * Where a user's rows are: the one declaration the data export and the account deletion
   * iterate over (test/unit/shared/userData.test.ts fails for a table without one).
   */
  readonly userData: UserDataLocation;
}

/**
 * - partitionKey: every row of the user is in the partition named by their user id (a Query);
 * - attribute: short-lived records keyed by a secret, carrying the user id in `attribute` and
 *   expiring by TTL; found by a filtered Scan (small tables: nothing lives past minutes or hours);
 * - none: the table holds nothing that names a user (`reason` says why) — or, with
 *   `outlivesDeletion`, records that must survive the user's deletion on purpose (the tombstone
 *   that refuses a deleted user's tokens), removed by TTL instead.
 */
export type UserDataLocation =
  | { readonly by: 'partitionKey'; readonly export: boolean }
  | { readonly by: 'attribute'; readonly attribute: string; readonly export: boolean }
  | { readonly by: 'none'; readonly reason: string; readonly outlivesDeletion?: true };

const s = (name: string): KeyAttribute => ({ name, type: 'S' });

export const tables = {
  memberships: {
    name: 'memberships',
    purpose:
      'One membership per user (record "membership"), plus usage counters ("usage#YYYY-MM"), the new drafts\' guard ("drafts"), the bytes stored ' +
      '("storage"), one record per stored or uploading file ("upload#<bucket>#<key>") and a workspace\'s queue times per account ("queue#<platform>#<account id>") with the slots "Add to queue" is giving right now ("queueClaim#<platform>#<account id>#<instant>", a two-minute lease). The sparse bySweepDue ' +
      'index lists the files to remove unless a post or My Content took them by then. A workspace\'s followed feeds ' +
      '("feed#<feedId>") and the items they made drafts of ("feedItem#<feedId>#<hash>"); the sparse byFeedDue index lists ' +
      'the feeds that are not paused, by when they are fetched next. A workspace\'s webhook endpoints ("webhook#<endpointId>") and ' +
      'their deliveries ("webhookDelivery#<endpointId>#<webhook-id>", removed by time to live after 30 days); the sparse byWebhookDue ' +
      'index lists the deliveries waiting for an attempt, by when. ' +
      'A workspace\'s API keys ("apikey#<keyId>": name, scopes, accounts, ' +
      'maker, expiry, last use, and the SHA-256 hash of the secret, which the export leaves out).',
    partitionKey: s('userId'),
    sortKey: s('record'),
    globalIndexes: [
      { indexName: 'bySweepDue', partitionKey: s('sweepShard'), sortKey: s('sweepAt') },
      { indexName: 'byFeedDue', partitionKey: s('feedShard'), sortKey: s('feedDueAt') },
      { indexName: 'byWebhookDue', partitionKey: s('webhookShard'), sortKey: s('webhookDueAt') },
    ],
    // Only webhook deliveries carry it (epoch seconds): the log keeps 30 days.
    timeToLiveAttribute: 'removeAt',
    userData: { by: 'partitionKey', export: true },
  },
  posts: {
    name: 'posts',
    purpose:
      'Posts and their publish targets (a map by target id). byList lists a user\'s posts per list ' +
      '(scheduled, publishing, published), ordered by that list\'s time; the sparse byActive index ' +
      'holds every scheduled or publishing post, for resuming after a restart.',
    partitionKey: s('userId'),
    sortKey: s('postId'),
    globalIndexes: [
      { indexName: 'byList', partitionKey: s('userList'), sortKey: s('listAt') },
      { indexName: 'byActive', partitionKey: s('activeShard'), sortKey: s('activeAt') },
    ],
    userData: { by: 'partitionKey', export: true },
  },
  connections: {
    name: 'connections',
    purpose:
      'Connected social accounts; sort key "<platform>#<platformUserId>" allows several per platform. ' +
      'The sparse byRefreshDue index lists connections whose tokens need attention, by when.',
    partitionKey: s('userId'),
    sortKey: s('connectionId'),
    globalIndexes: [{ indexName: 'byRefreshDue', partitionKey: s('refreshShard'), sortKey: s('refreshDueAt') }],
    userData: { by: 'partitionKey', export: true },
  },
  content: {
    name: 'content',
    purpose:
      'Generated videos and podcasts (the spec\'s 1_click_media); sort key is a time-ordered ULID. ' +
      'byType lists one type of a user\'s content ("<userId>#video|podcast"), newest first too.',
    partitionKey: s('userId'),
    sortKey: s('contentId'),
    globalIndexes: [{ indexName: 'byType', partitionKey: s('userType'), sortKey: s('contentId') }],
    userData: { by: 'partitionKey', export: true },
  },
  metrics: {
    name: 'metrics',
    purpose:
      'Engagement of published targets: one "target#<postId>#<targetId>" record per target with its latest ' +
      'numbers, and "snap#<ISO time>#<postId>#<targetId>" snapshots over time. The sparse byRefreshDue index lists ' +
      'the targets whose numbers the refresh job reads next, by when.',
    partitionKey: s('userId'),
    sortKey: s('record'),
    globalIndexes: [{ indexName: 'byRefreshDue', partitionKey: s('refreshShard'), sortKey: s('nextRefreshAt') }],
    userData: { by: 'partitionKey', export: true },
  },
  activity: {
    name: 'activity',
    purpose:
      'The activity log: who did what and when in a workspace (partition: the workspace, whose id is its owner\'s user id for a ' +
      'personal one), one item per action with a time-ordered ULID sort key: the member, client or OneClick that acted, the kind, ' +
      'and the ids it was about.',
    partitionKey: s('userId'),
    sortKey: s('activityId'),
    userData: { by: 'partitionKey', export: true },
  },
  oauthStates: {
    name: 'oauth-states',
    purpose: 'Single-use OAuth state (and PKCE verifier), bound to a user and platform.',
    partitionKey: s('state'),
    timeToLiveAttribute: 'expiresAt',
    userData: { by: 'attribute', attribute: 'userId', export: false },
  },
  moduleTokens: {
    name: 'module-tokens',
    purpose: 'Single-use sign-in tokens for the embedded modules, stored by their hash.',
    partitionKey: s('tokenHash'),
    timeToLiveAttribute: 'expiresAt',
    userData: { by: 'attribute', attribute: 'userId', export: false },
  },
  rateLimits: {
    name: 'rate-limits',
    purpose: 'Per-caller request counters (an address on a public route, or a user whose deletion started) for the current window; expire in minutes.',
    partitionKey: s('bucket'),
    timeToLiveAttribute: 'expiresAt',
    userData: { by: 'none', reason: 'Request counters for a few seconds, keyed by a hash of the user id (or the address); never read after their window, expired by TTL.' },
  },
  idempotency: {
    name: 'idempotency',
    purpose:
      'Idempotency records (Powertools\' DynamoDB persistence layer: key "id", TTL "expiration") so a write repeated with its ' +
      'Idempotency-Key (POST /posts, retry, reschedule, edit, cancel, export) runs once and answers the same.',
    partitionKey: s('id'),
    timeToLiveAttribute: 'expiration',
    userData: {
      by: 'none',
      reason: 'Keyed by a hash of the user, route and key; holds the answer for 24 hours (a CSV import row\'s post id and outcome for 400 days), then expires (TTL). It names no user in a key or attribute.',
    },
  },
  deletedAccounts: {
    name: 'deleted-accounts',
    purpose:
      'One record per account whose deletion started: the deletion task\'s progress, and the tombstone every ' +
      'route checks so a deleted user\'s still-valid ID token creates nothing. Expires (TTL) once the deletion ' +
      'is complete and every token and session issued before it has expired. Before any deletion, a user\'s record ' +
      'is only their API request counter for the current window (expires a minute after it), so one write counts ' +
      'a call and finds a tombstone.',
    partitionKey: s('userId'),
    timeToLiveAttribute: 'expiresAt',
    userData: {
      by: 'none',
      outlivesDeletion: true,
      reason:
        'The tombstone of a deleted account: the user id, when the deletion started and ended, and its steps. It must ' +
        'outlive the deletion to refuse the old tokens, and it is removed by TTL afterwards. A user\'s request counter ' +
        '(a count and its window) is replaced by the tombstone when the deletion starts.',
    },
  },
} as const satisfies Record<string, TableDefinition>;

export type TableKey = keyof typeof tables;

export const tableKeys = Object.keys(tables) as TableKey[];

/** The environment variable that carries a table's physical name to the functions. */
export function tableEnvName(key: TableKey): string {
  return `TABLE_${tables[key].name.replace(/-/g, '_').toUpperCase()}`;
}
