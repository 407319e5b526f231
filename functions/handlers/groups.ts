import type { HandlerGroupName } from '../../shared/api/routes';
import type { Platform } from '../../shared/platforms';
import { tableKeys, tables, type TableKey } from '../../shared/resources/tables';
import { bucketKeys, buckets, type BucketKey } from '../../shared/resources/buckets';

/**
 * What each handler group touches. The stack grants exactly this, and passes the names in
 * the environment; the handler reads only these at cold start.
 */
export type TableAccess = 'read' | 'readUpdate' | 'readWrite' | 'put';

export interface HandlerGroupNeeds {
  readonly entry: string;
  /**
   * 'readUpdate': read, and UpdateItem only (no PutItem, DeleteItem or batch writes); 'put':
   * PutItem only, nothing read (adding to the activity log).
   */
  readonly tables: Partial<Record<TableKey, TableAccess>>;
  readonly buckets: Partial<Record<BucketKey, 'read' | 'readWrite'>>;
  /** Uses platform connections: the token key (encrypt/decrypt) and the platforms' credentials (each platform's own secret). */
  readonly platformAccess?: boolean;
  /** Starts PublishPost executions (the state machine's ARN). */
  readonly startsPublishing?: boolean;
  /** The reconciler: starts, describes and stops PublishPost executions. */
  readonly reconcilesPublishing?: boolean;
  /** Lists objects under a user's prefix in its buckets (s3:ListBucket, for export and deletion). */
  readonly listsUserObjects?: boolean;
  /** Turns users' sign-in off in the Cognito user pool (AdminDisableUser; USER_POOL_ID): a deletion's first act. */
  readonly disablesUsers?: boolean;
  /** Signs users out everywhere and deletes them from the Cognito user pool (AdminUserGlobalSignOut, AdminDeleteUser; USER_POOL_ID). */
  readonly deletesUsers?: boolean;
  /** Sends mail (invitations, approval requests): SES SendEmail from ONECLICK_MAIL_FROM. */
  readonly sendsMail?: boolean;
  /** Starts these background tasks (asynchronous Lambda invokes; <TASK>_FUNCTION_NAME). */
  readonly startsTasks?: readonly BackgroundTaskName[];
}

/** Every table that declares where a user's rows are (shared/resources/tables.ts): what deleting an account touches. */
const tablesWithUserData = Object.fromEntries(
  tableKeys.filter((key) => tables[key].userData.by !== 'none').map((key) => [key, 'readWrite' as const]),
) as Partial<Record<TableKey, 'readWrite'>>;
const allBuckets = Object.fromEntries(bucketKeys.map((key) => [key, 'readWrite' as const])) as Record<BucketKey, 'readWrite'>;
/** What "Download my data" reads: the tables and buckets whose declaration says export. */
const exportedTables = Object.fromEntries(
  tableKeys.filter((key) => tables[key].userData.by !== 'none' && (tables[key].userData as { export: boolean }).export).map((key) => [key, 'read' as const]),
) as Partial<Record<TableKey, TableAccess>>;
const exportedBuckets = Object.fromEntries(
  bucketKeys.filter((key) => buckets[key].userData.export).map((key) => [key, 'read' as const]),
) as Partial<Record<BucketKey, 'read' | 'readWrite'>>;

/**
 * Every API function reads and updates the deleted-accounts table (it never puts or deletes an
 * item there): its HTTP layer counts a user's calls on their record and, in the same write,
 * finds a deletion (functions/http/rateLimit.ts, functions/http/accountGate.ts). It also reads
 * the memberships table, where the caller's role in a shared workspace is (functions/http/workspaceGate.ts),
 * and updates it (UpdateItem only): the public API's keys are there, and their last use is
 * written at most once a minute (functions/http/keyGate.ts). It puts items in the activity table
 * (PutItem only): the HTTP layer records each write the rule table names there
 * (functions/http/activityRecorder.ts).
 */
const withAccountGate = (groups: Record<HandlerGroupName, HandlerGroupNeeds>): Record<HandlerGroupName, HandlerGroupNeeds> =>
  Object.fromEntries(
    Object.entries(groups).map(([name, needs]) => [name, { ...needs, tables: { deletedAccounts: 'readUpdate', memberships: 'readUpdate', activity: 'put', ...needs.tables } }]),
  ) as Record<HandlerGroupName, HandlerGroupNeeds>;

const widerAccess: Record<TableAccess, number> = { put: 0, read: 1, readUpdate: 2, readWrite: 3 };

/** What several groups touch together: each table and bucket at the widest access any of them has. */
function unionOf(...groups: HandlerGroupNeeds[]): Omit<HandlerGroupNeeds, 'entry'> {
  const tables: Partial<Record<TableKey, TableAccess>> = {};
  const bucketAccess: Partial<Record<BucketKey, 'read' | 'readWrite'>> = {};
  for (const group of groups) {
    for (const [key, access] of Object.entries(group.tables) as Array<[TableKey, TableAccess]>) {
      const held = tables[key];
      // read and put together need both: readWrite.
      tables[key] = held === undefined ? access : (held === 'put') !== (access === 'put') ? 'readWrite' : widerAccess[access] > widerAccess[held] ? access : held;
    }
    for (const [key, access] of Object.entries(group.buckets) as Array<[BucketKey, 'read' | 'readWrite']>) bucketAccess[key] = bucketAccess[key] === 'readWrite' ? 'readWrite' : access;
  }
  return {
    tables,
    buckets: bucketAccess,
    platformAccess: groups.some((group) => group.platformAccess),
    startsPublishing: groups.some((group) => group.startsPublishing),
    sendsMail: groups.some((group) => group.sendsMail),
  };
}

/** What fetching a feed needs, from "Fetch now" (the feeds function) or the job (fetchFeeds). */
const feedNeeds = {
  tables: { memberships: 'readWrite', posts: 'readWrite', connections: 'read', metrics: 'read' },
  buckets: { media: 'readWrite' },
  startsPublishing: true,
  sendsMail: true,
} satisfies Omit<HandlerGroupNeeds, 'entry'>;

const groupNeeds = {
  me: { entry: 'functions/handlers/me.ts', tables: { memberships: 'readWrite' }, buckets: {} },
  connections: {
    entry: 'functions/handlers/connections.ts',
    tables: { memberships: 'readWrite', connections: 'readWrite', oauthStates: 'readWrite' },
    buckets: {},
    platformAccess: true,
  },
  posts: {
    entry: 'functions/handlers/posts.ts',
    // idempotency: the routes flagged idempotent keep their answers per Idempotency-Key.
    // metrics: the queue proposes an account's slots from its best times (functions/services/queue.ts).
    tables: { memberships: 'readWrite', connections: 'read', posts: 'readWrite', idempotency: 'readWrite', metrics: 'read' },
    // media readWrite: deleting a post may delete its media (functions/services/postDeletion.ts).
    buckets: { media: 'readWrite' },
    startsPublishing: true,
    // Approvals mail the approvers and the authors (functions/services/approvals.ts).
    sendsMail: true,
  },
  // memberships: the storage quota (usage counter and upload records) and the plan's limit.
  // idempotency: its writes are idempotent on the public API (an upload from a URL, a script's retry).
  uploads: { entry: 'functions/handlers/uploads.ts', tables: { memberships: 'readWrite', idempotency: 'readWrite' }, buckets: { media: 'readWrite' } },
  content: { entry: 'functions/handlers/content.ts', tables: { content: 'readWrite', memberships: 'readWrite' }, buckets: { content: 'readWrite' } },
  modules: {
    entry: 'functions/handlers/modules.ts',
    tables: { moduleTokens: 'readWrite', content: 'readWrite', memberships: 'readWrite' },
    buckets: { content: 'readWrite' },
  },
  analytics: { entry: 'functions/handlers/analytics.ts', tables: { metrics: 'read', posts: 'read' }, buckets: {} },
  // Workspaces, members and invitations live in the memberships table; inviting sends mail.
  // activity: it lists the workspace's activity log (and, like every API function, adds to it).
  workspaces: { entry: 'functions/handlers/workspaces.ts', tables: { memberships: 'readWrite', activity: 'readWrite' }, buckets: {}, sendsMail: true },
  // Review links (their rows beside the workspace's in the memberships table) and the public review
  // page: the linked posts' previews (posts, the accounts' names and avatars, media read links) and
  // a client's approvals and comments, added to the post.
  review: {
    entry: 'functions/handlers/review.ts',
    tables: { memberships: 'readWrite', posts: 'readWrite', connections: 'read' },
    buckets: { media: 'read' },
  },
  // Settings, export and account deletion. The deletion itself is a task (deleteAccount below);
  // this function writes the tombstone that starts it, turns the user's sign-in off before it
  // answers, and presigns the archive's download link.
  account: {
    entry: 'functions/handlers/account.ts',
    // idempotency: the export is flagged idempotent (its answer kept per Idempotency-Key).
    tables: { memberships: 'readWrite', deletedAccounts: 'readWrite', idempotency: 'readWrite' },
    buckets: { exports: 'read' },
    startsTasks: ['exportData', 'deleteAccount'],
    disablesUsers: true,
  },
  // Feeds to drafts: a workspace's feeds and their items' markers (memberships table), the drafts
  // they make (posts; the draft limit's guard is in memberships), the accounts they are for; an
  // item's image taken into the media bucket as an upload from a URL (its record and the storage
  // quota in memberships); the queue mode's posts (the queue service: the accounts' best times in
  // metrics, publishing started, approvers mailed).
  feeds: { entry: 'functions/handlers/feeds.ts', ...feedNeeds },
  // The public API's OpenAPI document (shared/api/openapi.ts), built from the route table: no data of
  // its own, only what every API function has (its callers counted per address).
  openapi: { entry: 'functions/handlers/openapi.ts', tables: {}, buckets: {} },
  // Webhooks: a workspace's endpoints and their deliveries (memberships table); "Send test" and
  // "Redeliver" attempt at once; a disabled endpoint leaves its admins a notification (posts, put only).
  webhooks: { entry: 'functions/handlers/webhooks.ts', tables: { memberships: 'readWrite', posts: 'put', idempotency: 'readWrite' }, buckets: {} },
} satisfies Record<Exclude<HandlerGroupName, 'mcp'>, HandlerGroupNeeds>;

export const handlerGroups: Record<HandlerGroupName, HandlerGroupNeeds> = withAccountGate({
  ...groupNeeds,
  // The MCP server (docs/mcp.md): its tools call the public routes of these groups in process,
  // through their own handlers, so it needs what they need; its OAuth clients and codes are rows
  // of the oauth-states table, its grants API keys in the memberships table.
  mcp: (() => {
    const { connections, posts, uploads, content, analytics } = groupNeeds;
    const union = unionOf(connections, posts, uploads, content, analytics);
    return { entry: 'functions/handlers/mcp.ts', ...union, tables: { ...union.tables, oauthStates: 'readWrite' } };
  })(),
});

/** Functions started in the background by a route's function (Lambda InvocationType Event; in-process offline). */
export const backgroundTasks = {
  exportData: {
    entry: 'functions/handlers/exportData.ts',
    description: 'Prepares a user\'s data archive (Download my data) in the exports bucket',
    needs: {
      // The export's own state lives in the memberships table; the archive goes to the exports bucket.
      tables: { ...exportedTables, memberships: 'readWrite' },
      buckets: { ...exportedBuckets, exports: 'readWrite' },
      listsUserObjects: true,
    } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
  deleteAccount: {
    entry: 'functions/handlers/deleteAccount.ts',
    description: 'Deletes an account step by step (sign-out, posts, connections, data, membership, sign-in), recording its progress',
    // Reaches every table holding user data and every bucket, revokes platform grants
    // (platformAccess), stops scheduled posts' executions, and signs out and deletes the Cognito user.
    needs: {
      tables: { ...tablesWithUserData, deletedAccounts: 'readWrite' },
      buckets: allBuckets,
      platformAccess: true,
      startsPublishing: true,
      listsUserObjects: true,
      deletesUsers: true,
    } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
} as const;
export type BackgroundTaskName = keyof typeof backgroundTasks;

/** The environment variable naming a background task's function. */
export function taskFunctionEnvName(task: BackgroundTaskName): string {
  return `${task.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}_FUNCTION_NAME`;
}

/** The Lambdas the PublishPost state machine invokes. */
export const publishingFunctions = {
  /**
   * One per platform, each bundling only its own platform's module (functions/platforms/<platform>/publishFunction.ts):
   * the publish steps of a target. The state machine routes each target to its platform's function.
   */
  publishStep: {
    entry: (platform: Platform) => `functions/platforms/${platform}/publishFunction.ts`,
    needs: {
      // memberships: a connection that turns to needs_reconnect is queued for the workspace's webhooks.
      tables: { posts: 'readWrite', connections: 'readWrite', memberships: 'readWrite' },
      // Writes: a target's large progress (e.g. LinkedIn's part URLs) beside the post item.
      buckets: { media: 'readWrite' },
      platformAccess: true,
    } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
  finalizePost: {
    entry: 'functions/handlers/finalizePost.ts',
    // metrics: a finished post's published targets start being tracked (analytics).
    // activity: a post published or failed is recorded in its workspace's activity log.
    // memberships: the post's outcome queued for the workspace's webhooks (functions/services/webhookQueue.ts).
    needs: { tables: { posts: 'readWrite', metrics: 'readWrite', activity: 'put', memberships: 'readWrite' }, buckets: {} } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
} as const;

/** Functions run on a schedule rather than by a route. */
export const scheduledJobs = {
  sweepUploads: {
    entry: 'functions/handlers/sweepUploads.ts',
    description: 'Removes uploads no post used within a day, module files never registered and abandoned multipart uploads, giving their storage back',
    everyMinutes: 60,
    needs: {
      tables: { memberships: 'readWrite', posts: 'read', content: 'read' },
      buckets: { media: 'readWrite', content: 'readWrite' },
    } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
  refreshTokens: {
    entry: 'functions/handlers/refreshTokens.ts',
    description: 'Refreshes platform tokens that are due and flags connections that will need the user',
    everyMinutes: 15,
    // memberships: a connection that turns to needs_reconnect is queued for the workspace's webhooks.
    needs: { tables: { connections: 'readWrite', memberships: 'readWrite' }, buckets: {}, platformAccess: true } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
  refreshMetrics: {
    entry: 'functions/handlers/refreshMetrics.ts',
    description: 'Reads the engagement of recently published targets on a decaying schedule, within each platform\'s rate limits',
    everyMinutes: 15,
    // memberships: a connection that turns to needs_reconnect is queued for the workspace's webhooks.
    needs: { tables: { metrics: 'readWrite', connections: 'readWrite', memberships: 'readWrite' }, buckets: {}, platformAccess: true } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
  fetchFeeds: {
    entry: 'functions/handlers/fetchFeeds.ts',
    description: 'Fetches the followed feeds that are due (under the outbound rule) and makes drafts of their new items, once each, backing off from feeds that fail',
    everyMinutes: 5,
    // As the feeds function's "Fetch now" (feedNeeds): the drafts, their images, the queue mode's posts.
    needs: feedNeeds,
  },
  reconcilePosts: {
    entry: 'functions/handlers/reconcilePosts.ts',
    description: 'Starts publishing executions that never started and finishes, with the reason, posts whose execution died or outlived its deadline',
    everyMinutes: 1,
    // metrics: a finished post's published targets start being tracked (as finalize does);
    // memberships: its outcome queued for the workspace's webhooks.
    needs: { tables: { posts: 'readWrite', metrics: 'readWrite', activity: 'put', memberships: 'readWrite' }, buckets: {}, reconcilesPublishing: true } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
  deliverWebhooks: {
    entry: 'functions/handlers/deliverWebhooks.ts',
    description: 'Attempts the webhook deliveries that are due (signed per Standard Webhooks, under the outbound rule), scheduling retries and disabling endpoints that fail for a day',
    everyMinutes: 1,
    // posts: a disabled endpoint's notification for the workspace's admins (put only).
    needs: { tables: { memberships: 'readWrite', posts: 'put' }, buckets: {} } satisfies Omit<HandlerGroupNeeds, 'entry'>,
  },
} as const;
