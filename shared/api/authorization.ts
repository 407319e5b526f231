import type { ActivityKind } from './activity';
import type { RouteId } from './routes';
import type { ApprovalRule, WorkspaceRole } from './workspaces';

/**
 * The one authorization rule: every route names what it does, and each role names what it may
 * do. The HTTP layer (functions/http/workspaceGate.ts) decides every call from this table and the
 * caller's role in the current workspace; nothing else checks roles. The authorization matrix
 * test is generated from it, and a route without an entry does not compile.
 */
export const workspaceActions = [
  /** See the workspace's posts, drafts, accounts, content, analytics and notifications. */
  'read',
  /** Comment on posts. */
  'comment',
  /** Save drafts, upload files, submit posts for approval. */
  'draft',
  /** Publish, schedule, edit, reschedule, cancel, retry and delete posts. */
  'publish',
  /** Approve, reject or ask for changes to others' posts. */
  'approve',
  /** Connect and disconnect social accounts. */
  'connect',
  /** Invite members, change their roles, remove them. */
  'manageMembers',
  /** Rename the workspace, set its approval rule and time zone, create review links. */
  'manageWorkspace',
  /** Transfer ownership. */
  'own',
  /** Leave the workspace. */
  'leave',
] as const;
export type WorkspaceAction = (typeof workspaceActions)[number];

export const roleActions: Record<WorkspaceRole, readonly WorkspaceAction[]> = {
  owner: ['read', 'comment', 'draft', 'publish', 'approve', 'connect', 'manageMembers', 'manageWorkspace', 'own'],
  admin: ['read', 'comment', 'draft', 'publish', 'approve', 'connect', 'manageMembers', 'manageWorkspace', 'leave'],
  editor: ['read', 'comment', 'draft', 'publish', 'approve', 'leave'],
  contributor: ['read', 'comment', 'draft', 'leave'],
  viewer: ['read', 'comment', 'leave'],
};

/**
 * - public: no signed-in caller (the route checks its own secret: an OAuth state, a module
 *   session, a review link);
 * - person: about the signed-in person, not a workspace (their account, their workspaces list);
 *   the workspace header is ignored;
 * - workspace: acts in the current workspace and needs the action.
 */
export type RouteRule = { scope: 'public' } | { scope: 'person' } | { scope: 'workspace'; action: WorkspaceAction };

const publicRoute = { scope: 'public' } as const;
const person = { scope: 'person' } as const;
const may = (action: WorkspaceAction) => ({ scope: 'workspace', action }) as const;

export const routeRules = {
  getMe: person,
  listConnections: may('read'),
  startConnection: may('connect'),
  completeConnection: publicRoute,
  confirmConnection: may('connect'),
  chooseConnectionAccounts: may('connect'),
  getClientMetadata: publicRoute,
  disconnectConnection: may('connect'),
  getCreatorInfo: may('read'),
  getAccountDailyMetrics: may('read'),
  getPublishingQuota: may('read'),
  listAccountCollections: may('read'),
  // A new board shows on the network under the account's name: whoever may publish there.
  createAccountCollection: may('publish'),
  // Creating a post is open to whoever may draft: a role that may not publish, or one the
  // workspace's approval rule names, submits it for approval instead (needsApproval below).
  createPost: may('draft'),
  listPosts: may('read'),
  getPost: may('read'),
  retryPost: may('publish'),
  publishTargetAgain: may('publish'),
  // Changing a scheduled post is open to whoever may draft, decided like createPost: a change by
  // someone the approval rule names is a submission (back to pending); a role that may not
  // publish is refused with approvals off (functions/services/approvals.ts).
  reschedulePost: may('draft'),
  editPost: may('draft'),
  cancelPost: may('publish'),
  listNotifications: may('read'),
  readNotifications: may('read'),
  createUpload: may('draft'),
  signUploadParts: may('draft'),
  listUploadParts: may('draft'),
  completeUpload: may('draft'),
  listContent: may('read'),
  deleteContent: may('publish'),
  createModuleToken: may('draft'),
  generateCustomToken: may('draft'),
  exchangeModuleToken: publicRoute,
  createModuleContentUpload: publicRoute,
  registerModuleContent: publicRoute,
  abortUpload: may('draft'),
  getStorageUsage: may('read'),
  putThumbnail: may('draft'),
  deletePost: may('publish'),
  createDraft: may('draft'),
  updateDraft: may('draft'),
  publishDraft: may('draft'),
  duplicatePost: may('draft'),
  getPostMetrics: may('read'),
  getAnalyticsSummary: may('read'),
  getBestTimes: may('read'),
  getAccount: person,
  updateAccountSettings: person,
  startDataExport: person,
  getDataExport: person,
  deleteAccount: person,
  getAccountDeletion: person,
  listWorkspaces: person,
  createWorkspace: person,
  getInvitation: person,
  acceptInvitation: person,
  declineInvitation: person,
  getWorkspace: may('read'),
  updateWorkspace: may('manageWorkspace'),
  listMembers: may('read'),
  inviteMember: may('manageMembers'),
  revokeInvitation: may('manageMembers'),
  changeMemberRole: may('manageMembers'),
  removeMember: may('manageMembers'),
  leaveWorkspace: may('leave'),
  transferOwnership: may('own'),
  listApprovals: may('read'),
  approvePost: may('approve'),
  requestPostChanges: may('approve'),
  rejectPost: may('approve'),
  listPostComments: may('read'),
  addPostComment: may('comment'),
  listActivity: may('read'),
  createReviewLink: may('manageWorkspace'),
  listReviewLinks: may('manageWorkspace'),
  revokeReviewLink: may('manageWorkspace'),
  // A review link's secret is the caller's only credential: the routes find the link by its hash
  // and show or record only what the link names (functions/services/reviewLinks.ts).
  openReview: publicRoute,
  approveReviewPost: publicRoute,
  commentReviewPost: publicRoute,
  importPosts: may('draft'),
  exportPosts: may('read'),
  // Feeds make drafts on their own for the accounts chosen, so following one is for whoever may
  // publish; everyone sees them (functions/services/feeds.ts).
  listFeeds: may('read'),
  addFeed: may('publish'),
  updateFeed: may('publish'),
  removeFeed: may('publish'),
  fetchFeed: may('publish'),
  // The queue (docs/queue.md): whoever may draft sees where "Add to queue" would put a post (a
  // contributor's queued post goes for approval, decided as createPost); changing an account's
  // slots and order moves scheduled posts, so it is publishing.
  previewQueue: may('draft'),
  getQueue: may('read'),
  setQueueSlots: may('publish'),
  pauseQueue: may('publish'),
  resumeQueue: may('publish'),
  reorderQueue: may('publish'),
  skipQueueSlot: may('publish'),
  shareQueuePostNext: may('publish'),
  // API keys (docs/api.md): any member makes keys for themselves, each acting with its maker's
  // role at every call; who sees and revokes every member's keys is whoever may manage members
  // (functions/services/apiKeys.ts reads roleMay for it).
  listApiKeys: may('read'),
  createApiKey: may('read'),
  revokeApiKey: may('read'),
  uploadFromUrl: may('draft'),
  // The API's reference: the same public document for everyone (it names operations, never data).
  getOpenApiDocument: publicRoute,
  // Webhooks send the workspace's posts and accounts to an address outside it, signed with a
  // secret: setting them up, and reading their log, is the workspace's settings (docs/webhooks.md).
  listWebhookEndpoints: may('manageWorkspace'),
  createWebhookEndpoint: may('manageWorkspace'),
  updateWebhookEndpoint: may('manageWorkspace'),
  deleteWebhookEndpoint: may('manageWorkspace'),
  rotateWebhookSecret: may('manageWorkspace'),
  testWebhookEndpoint: may('manageWorkspace'),
  listWebhookDeliveries: may('manageWorkspace'),
  redeliverWebhook: may('manageWorkspace'),
  // The MCP server (docs/mcp.md): its transport and OAuth endpoints check their own credential (an
  // API key or access token, a client registration, a code with its PKCE verifier); each tool is a
  // public route decided by its own rule above, for the key's maker.
  mcpMessage: publicRoute,
  mcpStream: publicRoute,
  mcpEndSession: publicRoute,
  mcpProtectedResource: publicRoute,
  mcpAuthorizationServer: publicRoute,
  registerMcpClient: publicRoute,
  authorizeMcpClient: publicRoute,
  mcpToken: publicRoute,
  // The consent page: what a client asks is about the person; approving makes a connection in the
  // current workspace, which any member may (as making an API key).
  getMcpConsent: person,
  decideMcpConsent: may('read'),
} as const satisfies Record<RouteId, RouteRule>;

export function roleMay(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return roleActions[role].includes(action);
}

/**
 * What becomes of a post this role creates or changes under the workspace's approval rule:
 * published (or scheduled) as asked, submitted for approval, or refused — a contributor cannot
 * publish, and with approvals off there is no one to submit to (they save drafts, an editor
 * publishes them).
 */
export function postDecision(rule: ApprovalRule, role: WorkspaceRole): 'publish' | 'submit' | 'refuse' {
  const canPublish = roleMay(role, 'publish');
  if (rule === 'everyone' || (rule === 'contributors' && !canPublish)) return 'submit';
  return canPublish ? 'publish' : 'refuse';
}

/** What a refusal says: the role and what it cannot do, in words. */
export const actionWords: Record<WorkspaceAction, string> = {
  read: 'see this workspace',
  comment: 'comment on posts',
  draft: 'write drafts or upload files',
  publish: 'publish or schedule posts',
  approve: 'approve posts',
  connect: 'connect or disconnect accounts',
  manageMembers: 'manage members',
  manageWorkspace: "change the workspace's settings",
  own: 'transfer the workspace (only its owner can)',
  leave: 'leave the workspace (transfer ownership to another member first)',
};

/**
 * What a successful call of a route records in the workspace's activity log (the HTTP layer,
 * functions/http/activityRecorder.ts): a kind, or a function of the route's answer that picks one
 * (undefined: nothing happened worth recording, e.g. a connection that still waits for the
 * member's choice of accounts). `workspaceFromOutput`: a route about the person whose answer
 * names the workspace it acted in (joining by invitation). A route not listed records nothing
 * (reads, and the review link's own routes, which record their client's actions themselves).
 * New routes add a line here.
 */
export interface ActivityRule {
  readonly kind: ActivityKind | ((output: unknown, body?: unknown) => ActivityKind | undefined);
  readonly workspaceFromOutput?: true;
}

const connectedWhenDone = (output: unknown): ActivityKind | undefined =>
  typeof output === 'object' && output !== null && 'location' in output ? 'connection.connected' : undefined;
/** A post created as a draft, submitted for approval, or published or scheduled. */
const createdPostKind = (output: unknown): ActivityKind => {
  const post = output as { status?: string; approval?: { state?: string } | null } | undefined;
  if (post?.approval?.state === 'pending') return 'post.submitted';
  return post?.status === 'draft' ? 'draft.saved' : 'post.created';
};

/** An endpoint turned on or off by hand (only `enabled` sent), or otherwise changed (its address, events, description). */
const webhookChangeKind = (body?: unknown): ActivityKind => {
  const change = (body ?? {}) as { enabled?: boolean };
  const fields = Object.keys(change);
  if (fields.length === 1 && typeof change.enabled === 'boolean') return change.enabled ? 'webhook.enabled' : 'webhook.disabled';
  return 'webhook.changed';
};

/** A queue time skipped, or used again. */
const skipKind = (_output: unknown, body?: unknown): ActivityKind => ((body as { skip?: boolean } | undefined)?.skip === false ? 'queue.slotRestored' : 'queue.slotSkipped');
/** An import that made posts or drafts (a dry run, or a file already imported, records nothing). */
const importedKind = (output: unknown): ActivityKind | undefined => (importedCount(output) > 0 ? 'posts.imported' : undefined);
/** How many rows an import's answer made into posts or drafts. */
export const importedCount = (output: unknown): number =>
  ((output as { rows?: Array<{ outcome?: string }> } | undefined)?.rows ?? []).filter((row) => row.outcome === 'scheduled' || row.outcome === 'submitted' || row.outcome === 'drafted').length;

export const routeActivity: { readonly [Id in RouteId]?: ActivityRule } = {
  confirmConnection: { kind: connectedWhenDone },
  chooseConnectionAccounts: { kind: 'connection.connected' },
  disconnectConnection: { kind: 'connection.disconnected' },
  createPost: { kind: createdPostKind },
  retryPost: { kind: 'post.retried' },
  publishTargetAgain: { kind: 'post.retried' },
  reschedulePost: { kind: 'post.rescheduled' },
  editPost: { kind: 'post.edited' },
  cancelPost: { kind: 'post.cancelled' },
  deletePost: { kind: 'post.deleted' },
  createDraft: { kind: 'draft.saved' },
  updateDraft: { kind: 'draft.saved' },
  publishDraft: { kind: createdPostKind },
  duplicatePost: { kind: 'draft.saved' },
  updateWorkspace: { kind: 'workspace.updated' },
  inviteMember: { kind: 'member.invited' },
  revokeInvitation: { kind: 'member.invitationRevoked' },
  acceptInvitation: { kind: 'member.joined', workspaceFromOutput: true },
  changeMemberRole: { kind: 'member.roleChanged' },
  removeMember: { kind: 'member.removed' },
  leaveWorkspace: { kind: 'member.left' },
  transferOwnership: { kind: 'workspace.ownershipTransferred' },
  createReviewLink: { kind: 'reviewLink.created' },
  revokeReviewLink: { kind: 'reviewLink.revoked' },
  approvePost: { kind: 'post.approved' },
  requestPostChanges: { kind: 'post.changesRequested' },
  rejectPost: { kind: 'post.rejected' },
  addPostComment: { kind: 'post.commented' },
  createApiKey: { kind: 'apiKey.created' },
  revokeApiKey: { kind: 'apiKey.revoked' },
  // An assistant let in from the consent page (its grant, a key, is made when it exchanges the code).
  decideMcpConsent: { kind: (_output, body) => ((body as { approve?: unknown } | undefined)?.approve === true ? 'apiKey.assistantApproved' : undefined) },
  createWebhookEndpoint: { kind: 'webhook.created' },
  updateWebhookEndpoint: { kind: (_output, body) => webhookChangeKind(body) },
  rotateWebhookSecret: { kind: 'webhook.secretRotated' },
  deleteWebhookEndpoint: { kind: 'webhook.deleted' },
  setQueueSlots: { kind: 'queue.slotsChanged' },
  pauseQueue: { kind: 'queue.paused' },
  resumeQueue: { kind: 'queue.resumed' },
  reorderQueue: { kind: 'queue.reordered' },
  shareQueuePostNext: { kind: 'queue.reordered' },
  skipQueueSlot: { kind: skipKind },
  addFeed: { kind: 'feed.added' },
  updateFeed: { kind: 'feed.changed' },
  removeFeed: { kind: 'feed.removed' },
  importPosts: { kind: importedKind },
};
