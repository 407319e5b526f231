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
}

const s = (name: string): KeyAttribute => ({ name, type: 'S' });

export const tables = {
  memberships: {
    name: 'memberships',
    purpose: 'One membership per user (record "membership"), plus usage counters ("usage#YYYY-MM").',
    partitionKey: s('userId'),
    sortKey: s('record'),
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
  },
  connections: {
    name: 'connections',
    purpose:
      'Connected social accounts; sort key "<platform>#<platformUserId>" allows several per platform. ' +
      'The sparse byRefreshDue index lists connections whose tokens need attention, by when.',
    partitionKey: s('userId'),
    sortKey: s('connectionId'),
    globalIndexes: [{ indexName: 'byRefreshDue', partitionKey: s('refreshShard'), sortKey: s('refreshDueAt') }],
  },
  content: {
    name: 'content',
    purpose: 'Generated videos and podcasts (the spec\'s 1_click_media); sort key is a time-ordered ULID.',
    partitionKey: s('userId'),
    sortKey: s('contentId'),
  },
  oauthStates: {
    name: 'oauth-states',
    purpose: 'Single-use OAuth state (and PKCE verifier), bound to a user and platform.',
    partitionKey: s('state'),
    timeToLiveAttribute: 'expiresAt',
  },
  moduleTokens: {
    name: 'module-tokens',
    purpose: 'Single-use sign-in tokens for the embedded modules, stored by their hash.',
    partitionKey: s('tokenHash'),
    timeToLiveAttribute: 'expiresAt',
  },
  idempotency: {
    name: 'idempotency',
    purpose: 'Idempotency records (Powertools layout) so a retried request or step runs once.',
    partitionKey: s('id'),
    timeToLiveAttribute: 'expiration',
  },
} as const satisfies Record<string, TableDefinition>;

export type TableKey = keyof typeof tables;

export const tableKeys = Object.keys(tables) as TableKey[];

/** The environment variable that carries a table's physical name to the functions. */
export function tableEnvName(key: TableKey): string {
  return `TABLE_${tables[key].name.replace(/-/g, '_').toUpperCase()}`;
}
