import { platforms } from '../shared/platforms';

/**
 * Budgets that fail `npm test` when exceeded (issue 28): what is deterministic is held here, in
 * one place, each with why it is that size; timings stay in `npm run bench`. A budget sits a
 * little (~5%) above the figure measured when it was set (docs/benchmarks.md, "Budgets"), so a
 * change that grows a figure past it is a decision: make it smaller, or raise the budget here
 * with the reason.
 */
export interface Budget {
  /** The most it may be, in KiB (1,024 bytes). */
  readonly kib: number;
  /** What makes it that size, or why the budget is what it is. */
  readonly why: string;
}

// Every Lambda function carries a base of ~455–515 KiB: the AWS SDK's core (@smithy/core,
// @aws-sdk/core and its nested clients), zod (the route table's schemas), Powertools' logger and
// the DynamoDB client (~31 KiB). Each entry says what the function adds and its size when the
// budget was set (2026-11-28; test/support/lambdaBundle.ts prints them by source).
//
// Raised once, on purpose: the platforms' credentials moved from Secrets Manager to Parameter
// Store (idle $2.40 a month less, docs/decisions.md), and the SSM client is 79 KiB where Secrets
// Manager's was 13 (its error classes, 39 KiB, and schemas, 32 KiB, cannot be shaken out), so
// the ten functions that read credentials grew 65–75 KiB.
const base = 'the base';
const credentials = 'SSM (~79 KiB, the platforms\' app credentials) and KMS (~28 KiB, sealed tokens)';
const publishFunction: Budget = { kib: 910, why: `${base}, S3 (~100 KiB, the media), ${credentials}, the publish pipeline and one platform's adapter (9–20 KiB); 854–865 KiB` };

/** Each Lambda function's minified JS bundle (without its source map), as the stack bundles it (test/support/lambdaBundle.ts). */
export const lambdaBundleBudgets: Readonly<Record<string, Budget>> = {
  me: { kib: 665, why: `${base} and the route table; 568 KiB, 619 KiB with issue 29's 26 routes, the workspace gate and the activity recorder, 640.5 KiB with the public API's key gate (issue 30); 654.4 KiB with the MCP server's routes in the route table and its grants in the key service (issue 30: +6.3 KiB in every API function), 650.3 KiB with the tenth platform's data (issue 32) before the MCP server; 657.4 KiB with both` },
  // Raised 850 → 860: it was at 849.2 KiB when the rate limiter began counting a user's calls on
  // their deleted-accounts record and finding a deletion in the same write (docs/decisions.md,
  // "One write admits a call"), which adds 2.0 KiB to every API function and took it to 851.2.
  // Raised 860 → 900 with the ninth platform (LinkedIn Page: its adapter with the organizations, its metrics reader
  // and options, ~5 KiB in each function that builds every platform): 854.8 KiB measured before the one-write admission.
  connections: { kib: 990, why: `${base}, ${credentials}, and every platform's OAuth (~75 KiB for nine); 806 KiB when set, 851 KiB with the one-write admission, about 857 with the ninth platform, 904 with issue 31's routes in the route table (queue, CSV, feeds), 917.4 with the public API's key gate (issue 30); 928 KiB with the public API's key gate and the webhook moments (issue 30); 943.6 KiB with the tenth platform (Mastodon) and the apps registered per server (issue 32), 950.8 KiB with the MCP server's routes besides; 963.0 KiB with the eleventh platform (Google Business Profile: its adapter with the locations, and the local-post rule in the route table); 981.5 KiB with twelve platforms (Pinterest's boards and video Pins, Google Business Profile's account numbers, each Mastodon server's limits: issue 32)` },
  posts: { kib: 1060, why: `${base}, S3 (~100 KiB, signed media URLs), the post services (~47 KiB), Step Functions and Powertools idempotency (~45 KiB with JMESPath); 836 KiB, 965 KiB with approvals (their mail through SES, ~62 KiB), 1,008 KiB with the queue, the CSV import and the feeds' drafts, 1,021.7 KiB with the public API's key gate and account limits (issue 30); 1034 KiB with the public API's key gate and the webhook moments (issue 30); 1,047.3 KiB with the eleventh platform (its data and the local-post rule in the route table)` },
  uploads: { kib: 890, why: `${base}, S3 with its presigner (~100 KiB, multipart uploads); 734 KiB, 783 KiB with the workspace gate and the activity recorder; 864.7 KiB with Powertools idempotency (its writes are idempotent on the public API) and uploads from a URL under the outbound rule (issue 30); 878.5 KiB with the MCP server's routes and grants (+6.3 KiB)` },
  content: { kib: 830, why: `${base}, S3 with its presigner (~100 KiB); 730 KiB, 777 KiB with the workspace gate and the activity recorder; 806 KiB with the public API's key gate and the webhook moments (issue 30); 822.3 KiB with twelve platforms (Pinterest's boards and video Pins, Google Business Profile's account numbers, each Mastodon server's limits: issue 32)` },
  modules: { kib: 835, why: `${base}, S3 (~100 KiB, the modules' files into the library); 734 KiB, 782 KiB with the workspace gate and the activity recorder; 811 KiB with the public API's key gate and the webhook moments (issue 30); 827.1 KiB with twelve platforms (Pinterest's boards and video Pins, Google Business Profile's account numbers, each Mastodon server's limits: issue 32)` },
  workspaces: { kib: 760, why: `${base}, the workspace services and SES (~62 KiB, invitations); within it in the first measured run` },
  review: { kib: 830, why: `${base} and the review-link services; 776 KiB; 806 KiB with the public API's key gate and the webhook moments (issue 30); 821.2 KiB with twelve platforms (Pinterest's boards and video Pins, Google Business Profile's account numbers, each Mastodon server's limits: issue 32)` },
  analytics: { kib: 700, why: `${base} and the analytics services; 588 KiB, 640 KiB with the workspace gate and the activity recorder, 675.2 KiB with the public API's key gate and a post's accounts for keys limited to some (issue 30); 689.1 KiB with the MCP server's routes and grants (+6.3 KiB)` },
  account: { kib: 975, why: `${base}, S3 (~100 KiB), Lambda (~71 KiB, starts the export and the deletion), Cognito (~33 KiB) and Powertools idempotency; 871 KiB, 921 KiB with the workspace gate and the activity recorder; 951 KiB with the public API's key gate and the webhook moments (issue 30); 967.8 KiB with twelve platforms (Pinterest's boards and video Pins, Google Business Profile's account numbers, each Mastodon server's limits: issue 32)` },
  openapi: { kib: 678, why: `${base}, the route table and zod's JSON Schema converter (~8 KiB more than me): the OpenAPI document built from the route table; 637 KiB; 671.2 KiB with twelve platforms (Pinterest's boards and video Pins, Google Business Profile's account numbers, each Mastodon server's limits: issue 32)` },
  feeds: { kib: 1175, why: `${base}, the feed parser (fast-xml-parser ~77 KiB, html-entities ~37 KiB) and the draft services; 802 KiB; 1,153.8 KiB once an item's image is taken as an upload from a URL (S3 ~100 KiB, the upload service) and the queue mode's posts go through the queue and approvals (Step Functions, SES mail, the post services)` },
  fetchFeeds: { kib: 1100, why: `${base}, the feed parser (fast-xml-parser ~77 KiB, html-entities ~37 KiB) and the draft services, without the route table's HTTP layer; 732 KiB; 1,080 KiB with the feed item's image (S3, the upload service) and the queue mode (the queue, approvals, Step Functions, SES mail)` },
  webhooks: { kib: 760, why: `${base}, the route table's HTTP layer, the Standard Webhooks library (~6 KiB) and the outbound rule (ipaddr.js); 680 KiB; 739 KiB with Powertools idempotency (every write takes an Idempotency-Key, issue 30); 751.6 KiB with the eleventh platform (its data and the local-post rule in the route table)` },
  // The MCP server calls its tools' routes in process through their own group handlers (docs/decisions.md, "The MCP server calls the public routes in process"),
  // so it carries the connections, posts, uploads, content and analytics functions together, and the MCP SDK (~57 KiB) with ajv (~103 KiB), which its server imports.
  mcp: { kib: 1630, why: `${base}, five API functions' code and clients (S3, ${credentials}, SES, Step Functions), the MCP SDK and ajv: the largest function; 1,554 KiB` },
  deliverWebhooks: { kib: 650, why: `${base}, the Standard Webhooks library and the outbound rule, without the route table's HTTP layer; 615 KiB` },
  sweepUploads: { kib: 710, why: `${base} and S3 (~100 KiB, aborts stale multipart uploads); 668 KiB` },
  refreshTokens: { kib: 838, why: `${base}, ${credentials}, and every platform's token refresh (nine); 771 KiB; 829.6 KiB with twelve platforms (Pinterest's boards and video Pins, Google Business Profile's account numbers, each Mastodon server's limits: issue 32)` },
  refreshMetrics: { kib: 852, why: `${base}, ${credentials}, and every platform's metrics reads; 743 KiB, 797 KiB when a connection turning to needs_reconnect began to be queued for the workspace's webhooks (issue 30: the webhooks' queue and the memberships table's name), 811.3 KiB with the tenth platform's reads (issue 32), 823.5 KiB with the eleventh platform (Google Business Profile); 843.5 KiB with twelve platforms (Pinterest's boards and video Pins, Google Business Profile's account numbers, each Mastodon server's limits: issue 32)` },
  reconcilePosts: { kib: 630, why: `${base} and Step Functions (~23 KiB); 574 KiB, 610 KiB with issue 31's routes in the route table; 622.2 KiB with the eleventh platform (its data and the local-post rule in the route table)` },
  ...Object.fromEntries(platforms.map((platform) => [`publish-${platform}`, publishFunction])),
  finalizePost: { kib: 600, why: `${base} and Powertools Metrics (the operator's metrics): the smallest function; 562 KiB, 583 KiB recording published and failed posts in the activity log` },
  exportData: { kib: 670, why: `${base}, S3 (~100 KiB) and the zip writer; 631 KiB` },
  deleteAccount: { kib: 1162, why: `${base}, S3, ${credentials}, Cognito, Step Functions, every platform's revocation and the deletion service (~59 KiB): the largest function; 1,022 KiB, 1,082 KiB with the activity log, 1,122.4 KiB with the tenth platform (Mastodon) and the apps registered per server (issue 32), 1,135.8 KiB with the eleventh platform (Google Business Profile); 1,153.6 KiB with twelve platforms (Pinterest's boards and video Pins, Google Business Profile's account numbers, each Mastodon server's limits: issue 32)` },
};

/**
 * The JavaScript a page needs before it renders: the module script index.html names and every
 * chunk it lists to preload (the entry's static imports), gzip-compressed as CloudFront serves it
 * (Node's zlib, default level). The public pages and the dashboard's frame share one entry (the
 * dashboard's pages load on demand, its skeleton paints first). Measured on 2026-11-28: 147 KiB
 * gzip (451 KiB raw) in 18 files.
 */
export const initialJsBudgets: Readonly<Record<'/login' | '/dashboard', Budget>> = {
  '/login': { kib: 157, why: 'React and React DOM, the router, TanStack Query, i18next (~49 KiB with its React binding) and the app shell with the sign-in form; Amplify\'s auth client, zod and every other page load on demand. 155.5 KiB with the tenth platform in the platform data and the MCP consent route (issues 30 and 32)' },
  '/dashboard': { kib: 157, why: 'the same entry: the dashboard\'s frame and skeleton; its pages (the wizard, lists, calendar) load on demand; 155.5 KiB as /login' },
};

/**
 * DynamoDB requests one call of a hot API route makes, counted on the wire (every request the
 * posts function sends, whatever the SDK call), each with what it is. One is the HTTP layer's, on
 * every user route: one UpdateItem on the user's record that counts the call for the rate limiter
 * and, by its condition, finds a deletion for the account gate (it was two, an UpdateItem and a
 * GetItem, until 2026-11-28; docs/decisions.md, "One write admits a call"); the rest is the
 * route's own work (test/unit/functions/handlers/postsRequests.test.ts counts them;
 * docs/benchmarks.md, "Where the list's time went", prices them on AWS).
 */
export const dynamoDbRequestBudgets = {
  listPosts: { requests: 2, why: 'the write that counts the call and finds a deletion, and one Query of the byList index for the page (a page of 50 is one Query: no read per card, and its media links are signed with no request)' },
  getPost: { requests: 2, why: 'the write that counts the call and finds a deletion, and one consistent GetItem of the post' },
  createPost: {
    requests: 7,
    why: 'the write that counts the call and finds a deletion; the membership (GetItem), the connections (Query), the file\'s and its thumbnail\'s storage records (two GetItems); one TransactWriteItems (the post, the month\'s slot, the files kept); the activity log\'s entry (PutItem); for a post with one image that has a thumbnail',
  },
} as const satisfies Record<string, { requests: number; why: string }>;

/** The post shapes whose state transitions are budgeted (test/infra/transitionBudgets.test.ts). */
export type TransitionShape = 'oneTarget' | 'fiveTargets' | 'everyPlatform' | 'thread' | 'carousel' | 'scheduledFiveTargets' | 'rateLimitedOnce';

/**
 * Step Functions state transitions of one post (the outer Standard machine; the follow-ups are
 * Express, billed by duration), with every target's media processing through two status checks
 * as the sandbox's does. A post costs 3 (the Map, the YouTube-native Choice, Finalize) and each
 * target 5 (its wait until due, Start, Follow up, Route, done); docs/decisions.md, "Fewer
 * transitions: Express follow-ups". These are exact counts: a new state is a decision.
 */
export const transitionBudgets: Readonly<Record<TransitionShape, { transitions: number; why: string }>> = {
  oneTarget: { transitions: 8, why: '3 per post and 5 per target' },
  fiveTargets: { transitions: 28, why: '3 + 5 × 5 (issue 28 asks ≤ 40; 107 before the follow-ups)' },
  everyPlatform: { transitions: 3 + 5 * platforms.length, why: `3 + ${platforms.length} × 5 for the ${platforms.length} platforms (3 per post, 5 per target; 33 for the six before Threads and Facebook)` },
  thread: { transitions: 8, why: 'a thread\'s replies and the first comment are posted inside the publish step' },
  carousel: { transitions: 8, why: 'the children\'s status checks are follow-up steps (Express)' },
  scheduledFiveTargets: { transitions: 28, why: 'each target\'s wait until its time is the same one state' },
  rateLimitedOnce: { transitions: 12, why: 'one target, and 4 for a rate limit: the wait, the choice of the step that waited, the resumed follow-up, its route' },
};
