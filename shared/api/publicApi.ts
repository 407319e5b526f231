import type { RouteId } from './routes';
import type { ApiScope } from './apiScopes';

/**
 * The public API (issue 30): which routes of the route table a script, an integration or an AI
 * assistant may call with an API key, and the key scope each needs. The one list: the HTTP layer
 * mounts each at `/v1<path>` with key authentication, the OpenAPI document describes exactly these,
 * and the MCP tools call through them. A route not listed here is the app's own (sign-in, account
 * deletion, members, review links…): an API key never reaches it.
 *
 * Scopes, each including none of the others:
 * - read: see posts, drafts, accounts, content, analytics, queues, approvals;
 * - write: save drafts, upload files, comment, ask for changes, set queue times — nothing that
 *   reaches a network, so an agent with write alone can prepare posts without posting;
 * - publish: whatever makes a post go out, changes when it goes out, or removes it from a
 *   network: publish now, schedule, queue, edit or reschedule a scheduled post, cancel, retry,
 *   publish again, approve, delete.
 *
 * The role of the key's creator in the workspace still applies on every call
 * (shared/api/authorization.ts): a contributor's key with publish submits for approval.
 */
export { apiScopes, type ApiScope } from './apiScopes';

/** The versioned prefix of the public API's paths. */
export const PUBLIC_API_PREFIX = '/v1';

export const publicApiRoutes = {
  // Accounts, with each network's limits.
  listConnections: 'read',
  getCreatorInfo: 'read',
  getPublishingQuota: 'read',
  // Posts.
  listPosts: 'read',
  getPost: 'read',
  createPost: 'publish',
  editPost: 'publish',
  reschedulePost: 'publish',
  cancelPost: 'publish',
  retryPost: 'publish',
  publishTargetAgain: 'publish',
  deletePost: 'publish',
  duplicatePost: 'write',
  // Drafts.
  createDraft: 'write',
  updateDraft: 'write',
  publishDraft: 'publish',
  // Uploads.
  createUpload: 'write',
  signUploadParts: 'write',
  listUploadParts: 'write',
  completeUpload: 'write',
  abortUpload: 'write',
  putThumbnail: 'write',
  uploadFromUrl: 'write',
  getStorageUsage: 'read',
  // My Content.
  listContent: 'read',
  // Analytics.
  getPostMetrics: 'read',
  getAnalyticsSummary: 'read',
  getBestTimes: 'read',
  getAccountDailyMetrics: 'read',
  exportPosts: 'read',
  // Queue and time slots.
  previewQueue: 'read',
  getQueue: 'read',
  setQueueSlots: 'write',
  pauseQueue: 'publish',
  resumeQueue: 'publish',
  reorderQueue: 'publish',
  skipQueueSlot: 'publish',
  shareQueuePostNext: 'publish',
  // Approvals and comments.
  listApprovals: 'read',
  approvePost: 'publish',
  requestPostChanges: 'write',
  rejectPost: 'write',
  listPostComments: 'read',
  addPostComment: 'write',
  // The workspace the key belongs to (its name, time zone, approval rule, plan).
  getWorkspace: 'read',
  // Webhooks (docs/webhooks.md): managing endpoints is a write; the list and the log are reads.
  // The creator's role still applies: only an owner's or admin's key reaches them.
  listWebhookEndpoints: 'read',
  createWebhookEndpoint: 'write',
  updateWebhookEndpoint: 'write',
  deleteWebhookEndpoint: 'write',
  rotateWebhookSecret: 'write',
  testWebhookEndpoint: 'write',
  listWebhookDeliveries: 'read',
  redeliverWebhook: 'write',
} as const satisfies Partial<Record<RouteId, ApiScope>>;

export type PublicApiRouteId = keyof typeof publicApiRoutes;

export function isPublicApiRoute(id: RouteId): id is PublicApiRouteId {
  return Object.hasOwn(publicApiRoutes, id);
}

/** The scope a route needs from a key, or undefined when the route is not in the public API. */
export function apiScopeOf(id: RouteId): ApiScope | undefined {
  return isPublicApiRoute(id) ? publicApiRoutes[id] : undefined;
}

/** A route's path on the public API: `/v1/posts/{postId}`. */
export function publicApiPath(path: string): string {
  return `${PUBLIC_API_PREFIX}${path}`;
}
