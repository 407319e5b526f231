import * as z from '../zod';
import './plainMessages';
import { meSchema } from './membership';
import {
  accountPathSchema,
  authorizationSchema,
  chooseAccountsSchema,
  clientMetadataSchema,
  confirmationSchema,
  confirmConnectionSchema,
  connectionListSchema,
  oauthCallbackQuerySchema,
  platformParamSchema,
  redirectSchema,
} from './connections';
import { creatorInfoSchema } from './creatorInfo';
import { publishingQuotaSchema } from './publishingQuota';
import { approvalQueueSchema, createdPostSchema, createPostSchema, editPostSchema, listPostsQuerySchema, postIdSchema, postPageSchema, postSchema, postTargetPathSchema, reschedulePostSchema, saveDraftSchema } from './posts';
import { notificationListSchema } from './notifications';
import { exportPostsQuerySchema, importPostsSchema, importResultSchema, postExportSchema } from './imports';
import { addCommentSchema, approvalDecisionSchema, postCommentListSchema, postCommentSchema } from './approvals';
import { abortUploadSchema, completeUploadSchema, createUploadSchema, storageUsageSchema, uploadedMediaSchema, uploadFromUrlSchema, uploadSessionSchema } from './uploads';
import { listUploadPartsSchema, signedPartsSchema, signUploadPartsSchema, uploadedPartsSchema } from './uploads';
import { putThumbnailSchema, thumbnailSchema } from './uploads';
import { deletePostQuerySchema, postDeletionSchema } from './postDeletion';
import {
  analyticsSummaryQuerySchema,
  analyticsSummarySchema,
  bestTimesQuerySchema,
  bestTimesSchema,
  postMetricsPathSchema,
  postMetricsSchema,
} from './analytics';
import { contentIdSchema, contentItemSchema, contentPageSchema, listContentQuerySchema } from './content';
import { accountDeletionSchema, accountSchema, accountSettingsSchema, dataExportSchema, deleteAccountSchema } from './account';
import {
  contentUploadSchema,
  createContentUploadSchema,
  createModuleTokenSchema,
  customTokenSchema,
  exchangeModuleTokenSchema,
  generateCustomTokenSchema,
  moduleSessionSchema,
  moduleTokenSchema,
  registerContentSchema,
} from './modules';
import {
  changeRoleSchema,
  createWorkspaceSchema,
  currentWorkspaceSchema,
  invitationPathSchema,
  invitationPreviewSchema,
  invitationSummarySchema,
  invitationTokenSchema,
  inviteMemberSchema,
  memberListSchema,
  memberPathSchema,
  memberSchema,
  transferOwnershipSchema,
  updateWorkspaceSchema,
  workspaceListSchema,
  workspaceSchema,
} from './workspaces';
import { activityPageSchema, listActivityQuerySchema } from './activity';
import {
  queueChangeSchema,
  queuePathSchema,
  queuePreviewResultSchema,
  queuePreviewSchema,
  queueQuerySchema,
  queueViewSchema,
  reorderQueueSchema,
  setQueueSlotsSchema,
  shareNextSchema,
  skipQueueSlotSchema,
} from './queue';
import {
  createdReviewLinkSchema,
  createReviewLinkSchema,
  reviewActionSchema,
  reviewCommentSchema,
  reviewLinkListSchema,
  reviewLinkPathSchema,
  reviewLinkSchema,
  reviewPostSchema,
  reviewSchema,
  reviewTokenSchema,
} from './review';
import { addFeedSchema, feedListSchema, feedPathSchema, feedSchema, updateFeedSchema } from './feeds';
import { apiKeyListSchema, apiKeyPathSchema, apiKeySchema, createApiKeySchema, createdApiKeySchema } from './apiKeys';
import { openApiDocumentSchema } from './openapiDocument';

/**
 * The API route table: the one list of routes. The CDK Api construct, the offline twin's HTTP
 * server, the handlers and the front end's typed client all read it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Lambda function groups; each is functions/handlers/<group>.ts. */
export const handlerGroupNames = ['me', 'connections', 'posts', 'uploads', 'content', 'modules', 'analytics', 'account', 'workspaces', 'review', 'feeds', 'openapi'] as const;
export type HandlerGroupName = (typeof handlerGroupNames)[number];

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path template, e.g. /posts/{postId}. */
  readonly path: string;
  /** 'user': a verified Cognito token is required; 'public': no authorizer. */
  readonly auth: 'user' | 'public';
  readonly handler: HandlerGroupName;
  readonly summary: string;
  readonly input: {
    readonly path?: z.ZodType;
    readonly query?: z.ZodType;
    readonly body?: z.ZodType;
  };
  readonly output: z.ZodType;
  /** The implementation returns { location } and the API answers 302 (browser redirects). */
  readonly redirect?: boolean;
  /**
   * A tighter limit than the stage default, for public routes a stranger can call in a loop
   * (API Gateway route throttling: steady requests per second and burst).
   */
  readonly throttle?: { readonly ratePerSecond: number; readonly burst: number };
  /**
   * The route takes an Idempotency-Key header: the same key with the same input answers the
   * first answer and writes nothing again; with another input, 422 (functions/http/idempotency.ts).
   */
  readonly idempotent?: boolean;
  /**
   * A public route's own per-address limit, tighter than the default public one
   * (functions/http/rateLimit.ts): for routes a stranger with a link calls.
   */
  readonly addressLimit?: { readonly requests: number; readonly windowSeconds: number };
  /**
   * The answer is the same for every caller and changes only with a deployment: sent with an ETag
   * and `Cache-Control: public, max-age`, and a request whose If-None-Match names that ETag gets
   * 304 without the body (functions/http/httpHandler.ts).
   */
  readonly cache?: { readonly maxAgeSeconds: number };
}

/**
 * Route throttling for public entry points. API Gateway's throttles are shared by every caller,
 * so they are only a backstop for the whole service, far above what one caller may send: each
 * caller's own limit is functions/http/rateLimit.ts (a flood from one caller then refuses only
 * that caller).
 */
export const publicEntryThrottle = { ratePerSecond: 500, burst: 1000 } as const;

/**
 * A review link's routes, per address and route: a client reviewing a few posts sends a handful
 * of calls a minute; a script trying tokens or flooding comments is refused after 30.
 */
export const reviewAddressLimit = { requests: 30, windowSeconds: 60 } as const;

export const routes = {
  getMe: {
    method: 'GET',
    path: '/me',
    auth: 'user',
    handler: 'me',
    summary: 'The signed-in user with their membership; creates the default free membership on first call.',
    input: {},
    output: meSchema,
  },
  listConnections: {
    method: 'GET',
    path: '/connections',
    auth: 'user',
    handler: 'connections',
    summary: "The user's connected accounts (no tokens), the platforms available, and the account quota.",
    input: {},
    output: connectionListSchema,
  },
  startConnection: {
    method: 'POST',
    path: '/connections/{platform}/authorize',
    auth: 'user',
    handler: 'connections',
    summary: "Starts OAuth: a single-use state bound to the user and platform; returns the platform's consent URL.",
    input: { path: platformParamSchema },
    output: authorizationSchema,
  },
  completeConnection: {
    method: 'GET',
    path: '/connections/{platform}/callback',
    auth: 'public',
    handler: 'connections',
    summary: 'Where the platform sends the browser back: checks the state against the browser\'s cookie, keeps the code for the confirm call, redirects to /auth/callback.',
    input: { path: platformParamSchema, query: oauthCallbackQuerySchema },
    output: redirectSchema,
    redirect: true,
    throttle: publicEntryThrottle,
  },
  confirmConnection: {
    method: 'POST',
    path: '/connections/{platform}/confirm',
    auth: 'user',
    handler: 'connections',
    summary:
      'The signed-in user who started the flow, from the browser that started it, finishes it: exchanges the code and stores the connection — or, where one consent manages several accounts, answers the accounts to pick from (no tokens).',
    input: { path: platformParamSchema, body: confirmConnectionSchema },
    output: confirmationSchema,
  },
  chooseConnectionAccounts: {
    method: 'POST',
    path: '/connections/{platform}/choose',
    auth: 'user',
    handler: 'connections',
    summary:
      'The user who confirmed a flow, from the same browser, picks which of the offered accounts to connect (single use, 15 minutes): one connection per chosen account, within the plan\'s limit, all or none.',
    input: { path: platformParamSchema, body: chooseAccountsSchema },
    output: redirectSchema,
  },
  getClientMetadata: {
    method: 'GET',
    path: '/connections/{platform}/client-metadata.json',
    auth: 'public',
    handler: 'connections',
    summary: "The platform's OAuth client metadata document, for platforms whose client_id is the URL it is served at (AT Protocol OAuth); 404 for the others.",
    input: { path: platformParamSchema },
    output: clientMetadataSchema,
    throttle: publicEntryThrottle,
  },
  disconnectConnection: {
    method: 'DELETE',
    path: '/connections/{platform}/{accountId}',
    auth: 'user',
    handler: 'connections',
    summary: 'Revokes at the platform where it can, deletes the tokens, marks the connection disconnected.',
    input: { path: accountPathSchema },
    output: z.undefined(),
  },
  getCreatorInfo: {
    method: 'GET',
    path: '/connections/{platform}/{accountId}/creator-info',
    auth: 'user',
    handler: 'connections',
    summary:
      "The connected account's current posting settings as its platform reports them (TikTok's creator_info: nickname, avatar, privacy levels offered, interactions switched off, longest video); 404 for platforms without them.",
    input: { path: accountPathSchema },
    output: creatorInfoSchema,
  },
  getPublishingQuota: {
    method: 'GET',
    path: '/connections/{platform}/{accountId}/publishing-quota',
    auth: 'user',
    handler: 'connections',
    summary: "How much of its platform's publishing limit the connected account has used (posts in the platform's moving window, as the platform reports them); 404 for platforms that report none.",
    input: { path: accountPathSchema },
    output: publishingQuotaSchema,
  },
  createPost: {
    method: 'POST',
    path: '/posts',
    auth: 'user',
    handler: 'posts',
    summary: 'Creates a post for the chosen connected accounts and starts publishing it (now, at scheduledFor, or with `queue` at the accounts\' next free slots).',
    input: { body: createPostSchema },
    output: createdPostSchema,
    idempotent: true,
  },
  listPosts: {
    method: 'GET',
    path: '/posts',
    auth: 'user',
    handler: 'posts',
    summary: 'A page of one list (scheduled soonest first; publishing and published newest first), optionally for one platform.',
    input: { query: listPostsQuerySchema },
    output: postPageSchema,
  },
  getPost: {
    method: 'GET',
    path: '/posts/{postId}',
    auth: 'user',
    handler: 'posts',
    summary: 'One post with each target\'s status, link and error.',
    input: { path: postIdSchema },
    output: postSchema,
  },
  retryPost: {
    method: 'POST',
    path: '/posts/{postId}/retry',
    auth: 'user',
    handler: 'posts',
    summary: 'Publishes the failed targets of a post again; the published ones are left alone.',
    input: { path: postIdSchema },
    output: postSchema,
    idempotent: true,
  },
  publishTargetAgain: {
    method: 'POST',
    path: '/posts/{postId}/targets/{targetId}/publish-again',
    auth: 'user',
    handler: 'posts',
    summary: 'The user checked their account: a target the platform could not confirm ("check your account") was not published; publish it again.',
    input: { path: postTargetPathSchema },
    output: postSchema,
    idempotent: true,
  },
  reschedulePost: {
    method: 'POST',
    path: '/posts/{postId}/reschedule',
    auth: 'user',
    handler: 'posts',
    summary: 'Moves a scheduled post to a new time (future, within the horizon); its execution is replaced safely.',
    input: { path: postIdSchema, body: reschedulePostSchema },
    output: postSchema,
    idempotent: true,
  },
  editPost: {
    method: 'PUT',
    path: '/posts/{postId}',
    auth: 'user',
    handler: 'posts',
    summary: 'Changes a scheduled post\'s description, each network\'s own text, title and targets; its execution is replaced safely.',
    input: { path: postIdSchema, body: editPostSchema },
    output: postSchema,
    idempotent: true,
  },
  cancelPost: {
    method: 'POST',
    path: '/posts/{postId}/cancel',
    auth: 'user',
    handler: 'posts',
    summary: 'Cancels a scheduled post: stops its execution and marks it cancelled; nothing is published.',
    input: { path: postIdSchema },
    output: postSchema,
    idempotent: true,
  },
  listNotifications: {
    method: 'GET',
    path: '/notifications',
    auth: 'user',
    handler: 'posts',
    summary: 'The user\'s notifications (scheduled posts that failed, with the reasons), newest first, and how many are unread.',
    input: {},
    output: notificationListSchema,
  },
  readNotifications: {
    method: 'POST',
    path: '/notifications/read',
    auth: 'user',
    handler: 'posts',
    summary: 'Marks every notification of the user read.',
    input: {},
    output: notificationListSchema,
  },
  createUpload: {
    method: 'POST',
    path: '/uploads',
    auth: 'user',
    handler: 'uploads',
    summary: "Starts a multipart upload under the user's prefix; returns its layout and the first batch of presigned URLs (15 minutes) to PUT parts straight to S3.",
    input: { body: createUploadSchema },
    output: uploadSessionSchema,
    idempotent: true,
  },
  signUploadParts: {
    method: 'POST',
    path: '/uploads/parts',
    auth: 'user',
    handler: 'uploads',
    summary: "Presigns a further batch of part URLs (at most 100, 15 minutes) for the user's upload in progress, each part within the declared part count.",
    input: { body: signUploadPartsSchema },
    output: signedPartsSchema,
    idempotent: true,
  },
  listUploadParts: {
    method: 'GET',
    path: '/uploads/parts',
    auth: 'user',
    handler: 'uploads',
    summary: "The parts S3 already holds for the user's upload in progress (ListParts, every page) and its layout, so an interrupted upload resumes.",
    input: { query: listUploadPartsSchema },
    output: uploadedPartsSchema,
  },
  completeUpload: {
    method: 'POST',
    path: '/uploads/complete',
    auth: 'user',
    handler: 'uploads',
    summary: 'Assembles the parts, checks the content matches the extension (else deletes it), and reads a video\'s metadata.',
    input: { body: completeUploadSchema },
    output: uploadedMediaSchema,
    idempotent: true,
  },
  listContent: {
    method: 'GET',
    path: '/content',
    auth: 'user',
    handler: 'content',
    summary: "A page of the user's generated videos and podcasts, newest first (optionally one type), with presigned play, download and share URLs.",
    input: { query: listContentQuerySchema },
    output: contentPageSchema,
  },
  deleteContent: {
    method: 'DELETE',
    path: '/content/{contentId}',
    auth: 'user',
    handler: 'content',
    summary: "Deletes one of the user's content items: its file (and a .webm's .mp4 twin), then its record.",
    input: { path: contentIdSchema },
    output: z.undefined(),
  },
  createModuleToken: {
    method: 'POST',
    path: '/module-tokens',
    auth: 'user',
    handler: 'modules',
    summary: 'A short-lived, single-use sign-in token for one embedded module, bound to the signed-in user.',
    input: { body: createModuleTokenSchema },
    output: moduleTokenSchema,
    throttle: publicEntryThrottle,
  },
  generateCustomToken: {
    method: 'POST',
    path: '/generate-custom-token',
    auth: 'user',
    handler: 'modules',
    summary: "The spec's shape of the same: { idToken } or { uid, email } naming the signed-in user → { customToken }.",
    input: { body: generateCustomTokenSchema },
    output: customTokenSchema,
    throttle: publicEntryThrottle,
  },
  exchangeModuleToken: {
    method: 'POST',
    path: '/module-sessions',
    auth: 'public',
    handler: 'modules',
    summary: "A module's back end trades the one-time token (once) for a module session that can only register content for that user.",
    input: { body: exchangeModuleTokenSchema },
    output: moduleSessionSchema,
    throttle: publicEntryThrottle,
  },
  createModuleContentUpload: {
    method: 'POST',
    path: '/module-content/uploads',
    auth: 'public',
    handler: 'modules',
    summary: "Module session (Bearer): a presigned PUT for one generated file under the user's prefix in the content bucket.",
    input: { body: createContentUploadSchema },
    output: contentUploadSchema,
  },
  registerModuleContent: {
    method: 'POST',
    path: '/module-content',
    auth: 'public',
    handler: 'modules',
    summary: "Module session (Bearer): checks the uploaded file and adds it to the user's content (idempotent per key).",
    input: { body: registerContentSchema },
    output: contentItemSchema,
  },
  abortUpload: {
    method: 'POST',
    path: '/uploads/abort',
    auth: 'user',
    handler: 'uploads',
    summary: 'Abandons a multipart upload of the user and frees its parts.',
    input: { body: abortUploadSchema },
    output: z.undefined(),
    idempotent: true,
  },
  getStorageUsage: {
    method: 'GET',
    path: '/storage',
    auth: 'user',
    handler: 'uploads',
    summary: "The bytes the user stores (media and content, uploads in progress at their declared size) and the plan's limit.",
    input: {},
    output: storageUsageSchema,
  },
  putThumbnail: {
    method: 'PUT',
    path: '/uploads/thumbnail',
    auth: 'user',
    handler: 'uploads',
    summary: "Stores a completed upload's thumbnail (a video's poster frame, an image made small; a JPEG the browser made) beside it, within the user's storage.",
    input: { body: putThumbnailSchema },
    output: thumbnailSchema,
    idempotent: true,
  },
  deletePost: {
    method: 'DELETE',
    path: '/posts/{postId}',
    auth: 'user',
    handler: 'posts',
    summary: "Removes a finished, failed or cancelled post, or a draft, from OneClick's history (not from the platforms); with deleteMedia=true also its media no other post uses.",
    input: { path: postIdSchema, query: deletePostQuerySchema },
    output: postDeletionSchema,
    idempotent: true,
  },
  createDraft: {
    method: 'POST',
    path: '/drafts',
    auth: 'user',
    handler: 'posts',
    summary: "Saves the wizard's post as a draft (text, title, chosen accounts, the user's own uploaded files; any may be missing). Publishes nothing and uses none of the month's posts.",
    input: { body: saveDraftSchema },
    output: postSchema,
    idempotent: true,
  },
  updateDraft: {
    method: 'PUT',
    path: '/drafts/{postId}',
    auth: 'user',
    handler: 'posts',
    summary: 'Replaces a draft\'s text, title, accounts and files, while it is still a draft.',
    input: { path: postIdSchema, body: saveDraftSchema },
    output: postSchema,
    idempotent: true,
  },
  publishDraft: {
    method: 'POST',
    path: '/drafts/{postId}/publish',
    auth: 'user',
    handler: 'posts',
    summary: 'Publishes (or schedules) a draft with the final post, checked like POST /posts: the draft becomes the post (same id), once, even under a double submit.',
    input: { path: postIdSchema, body: createPostSchema },
    output: postSchema,
    idempotent: true,
  },
  duplicatePost: {
    method: 'POST',
    path: '/posts/{postId}/duplicate',
    auth: 'user',
    handler: 'posts',
    summary: 'A new draft with the post\'s text, title, accounts and files.',
    input: { path: postIdSchema },
    output: postSchema,
    idempotent: true,
  },
  getPostMetrics: {
    method: 'GET',
    path: '/analytics/posts/{postId}',
    auth: 'user',
    handler: 'analytics',
    summary: "Each published target's latest numbers (views, likes, comments, shares, saves as reported) and when they were read.",
    input: { path: postMetricsPathSchema },
    output: postMetricsSchema,
  },
  getAnalyticsSummary: {
    method: 'GET',
    path: '/analytics/summary',
    auth: 'user',
    handler: 'analytics',
    summary: 'Totals, a daily series and the top posts over 7, 30 or 90 days, for all accounts or one, in the given time zone.',
    input: { query: analyticsSummaryQuerySchema },
    output: analyticsSummarySchema,
  },
  getBestTimes: {
    method: 'GET',
    path: '/analytics/best-times',
    auth: 'user',
    handler: 'analytics',
    summary: "The weekday × hour heat map of the user's own first-48-hours engagement, in the given time zone, and the next best slot.",
    input: { query: bestTimesQuerySchema },
    output: bestTimesSchema,
  },
  getAccount: {
    method: 'GET',
    path: '/account',
    auth: 'user',
    handler: 'account',
    summary: 'Settings: the e-mail, saved settings (language, time zone, theme), membership and this month\'s usage.',
    input: {},
    output: accountSchema,
  },
  updateAccountSettings: {
    method: 'PUT',
    path: '/account/settings',
    auth: 'user',
    handler: 'account',
    summary: 'Saves the language, the time zone scheduling uses and the theme.',
    input: { body: accountSettingsSchema },
    output: accountSchema,
  },
  startDataExport: {
    method: 'POST',
    path: '/account/export',
    auth: 'user',
    handler: 'account',
    summary: 'Download my data: starts preparing an archive of the user\'s data in the background (one at a time).',
    input: {},
    output: dataExportSchema,
    idempotent: true,
  },
  getDataExport: {
    method: 'GET',
    path: '/account/export',
    auth: 'user',
    handler: 'account',
    summary: 'The latest archive\'s state and, when ready, a short-lived download link.',
    input: {},
    output: dataExportSchema,
  },
  deleteAccount: {
    method: 'POST',
    path: '/account/delete',
    auth: 'user',
    handler: 'account',
    summary:
      'Starts deleting the account after the typed confirmation (a background task: signs out everywhere, cancels scheduled posts, revokes and deletes tokens, deletes every row and object, then the sign-in); continues a deletion that stopped. Answers at once with its progress.',
    input: { body: deleteAccountSchema },
    output: accountDeletionSchema,
  },
  getAccountDeletion: {
    method: 'GET',
    path: '/account/deletion',
    auth: 'user',
    handler: 'account',
    summary: "The account deletion's progress: each step done or left, and whether it stopped and can be continued.",
    input: {},
    output: accountDeletionSchema,
  },
  listWorkspaces: {
    method: 'GET',
    path: '/workspaces',
    auth: 'user',
    handler: 'workspaces',
    summary: "The caller's workspaces (the personal one first) with their role in each, the invitations addressed to their e-mail, and how many more they may create.",
    input: {},
    output: workspaceListSchema,
  },
  createWorkspace: {
    method: 'POST',
    path: '/workspaces',
    auth: 'user',
    handler: 'workspaces',
    summary: 'Creates a workspace (for a client or a brand) owned by the caller, on their plan, within its number of workspaces.',
    input: { body: createWorkspaceSchema },
    output: workspaceSchema,
  },
  getInvitation: {
    method: 'POST',
    path: '/invitations/preview',
    auth: 'user',
    handler: 'workspaces',
    summary: "(The link's secret travels in the body, never in a logged path.) What an invitation link offers (workspace, role, who invited) and whether it is for the signed-in user's e-mail.",
    input: { body: invitationTokenSchema },
    output: invitationPreviewSchema,
  },
  acceptInvitation: {
    method: 'POST',
    path: '/invitations/accept',
    auth: 'user',
    handler: 'workspaces',
    summary: 'The invited person (signed in with the invited e-mail) joins the workspace in the invited role; the link is used up.',
    input: { body: invitationTokenSchema },
    output: workspaceSchema,
  },
  declineInvitation: {
    method: 'POST',
    path: '/invitations/decline',
    auth: 'user',
    handler: 'workspaces',
    summary: 'The invited person declines; the link is used up.',
    input: { body: invitationTokenSchema },
    output: z.undefined(),
  },
  getWorkspace: {
    method: 'GET',
    path: '/workspace',
    auth: 'user',
    handler: 'workspaces',
    summary: 'The current workspace (the x-oneclick-workspace header; none: the personal one), the caller\'s role in it, and its plan (its owner\'s).',
    input: {},
    output: currentWorkspaceSchema,
  },
  updateWorkspace: {
    method: 'PUT',
    path: '/workspace',
    auth: 'user',
    handler: 'workspaces',
    summary: "Renames the current workspace, or sets its approval rule (off, contributors, everyone) or the time zone its schedules use.",
    input: { body: updateWorkspaceSchema },
    output: workspaceSchema,
  },
  listMembers: {
    method: 'GET',
    path: '/workspace/members',
    auth: 'user',
    handler: 'workspaces',
    summary: "The current workspace's members with their roles, its open invitations, and the plan's limit on members.",
    input: {},
    output: memberListSchema,
  },
  inviteMember: {
    method: 'POST',
    path: '/workspace/invitations',
    auth: 'user',
    handler: 'workspaces',
    summary: 'Invites an e-mail address in a role (not owner): a link valid for 7 days is mailed, its secret kept only as a hash.',
    input: { body: inviteMemberSchema },
    output: invitationSummarySchema,
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/workspace/invitations/{invitationId}',
    auth: 'user',
    handler: 'workspaces',
    summary: 'Withdraws an open invitation: its link stops working.',
    input: { path: invitationPathSchema },
    output: z.undefined(),
  },
  changeMemberRole: {
    method: 'PUT',
    path: '/workspace/members/{memberId}',
    auth: 'user',
    handler: 'workspaces',
    summary: "Changes a member's role (not the owner's, not one's own); their next request uses the new role.",
    input: { path: memberPathSchema, body: changeRoleSchema },
    output: memberSchema,
  },
  removeMember: {
    method: 'DELETE',
    path: '/workspace/members/{memberId}',
    auth: 'user',
    handler: 'workspaces',
    summary: 'Removes a member (not the owner): their open pages lose access on their next request.',
    input: { path: memberPathSchema },
    output: z.undefined(),
  },
  leaveWorkspace: {
    method: 'POST',
    path: '/workspace/leave',
    auth: 'user',
    handler: 'workspaces',
    summary: 'The caller leaves the current workspace (an owner transfers ownership first).',
    input: {},
    output: z.undefined(),
  },
  transferOwnership: {
    method: 'POST',
    path: '/workspace/transfer',
    auth: 'user',
    handler: 'workspaces',
    summary: "The owner makes another member the owner and stays as an admin; the workspace's plan becomes the new owner's.",
    input: { body: transferOwnershipSchema },
    output: workspaceSchema,
  },
  listApprovals: {
    method: 'GET',
    path: '/approvals',
    auth: 'user',
    handler: 'posts',
    summary: "The current workspace's posts waiting for a decision (pending first, then those sent back to their authors) and who may approve them.",
    input: {},
    output: approvalQueueSchema,
  },
  approvePost: {
    method: 'POST',
    path: '/posts/{postId}/approve',
    auth: 'user',
    handler: 'posts',
    summary: "Approves someone else's pending post: one submitted for now publishes at once (the draft becomes the post, once); one submitted for a time publishes at its time.",
    input: { path: postIdSchema, body: approvalDecisionSchema },
    output: postSchema,
    idempotent: true,
  },
  requestPostChanges: {
    method: 'POST',
    path: '/posts/{postId}/request-changes',
    auth: 'user',
    handler: 'posts',
    summary: "Sends someone else's pending post back to its author with what to change (the comment is required); the author edits and submits it again.",
    input: { path: postIdSchema, body: approvalDecisionSchema },
    output: postSchema,
    idempotent: true,
  },
  rejectPost: {
    method: 'POST',
    path: '/posts/{postId}/reject',
    auth: 'user',
    handler: 'posts',
    summary: "Rejects someone else's post that waits for a decision: it is cancelled and nothing is published.",
    input: { path: postIdSchema, body: approvalDecisionSchema },
    output: postSchema,
    idempotent: true,
  },
  listPostComments: {
    method: 'GET',
    path: '/posts/{postId}/comments',
    auth: 'user',
    handler: 'posts',
    summary: "A post's comment thread, oldest first (decisions' comments marked).",
    input: { path: postIdSchema },
    output: postCommentListSchema,
  },
  addPostComment: {
    method: 'POST',
    path: '/posts/{postId}/comments',
    auth: 'user',
    handler: 'posts',
    summary: 'Adds a comment to a post; each member it names as @their e-mail is notified (anyone else named is refused in words).',
    input: { path: postIdSchema, body: addCommentSchema },
    output: postCommentSchema,
    idempotent: true,
  },
  listActivity: {
    method: 'GET',
    path: '/workspace/activity',
    auth: 'user',
    handler: 'workspaces',
    summary: "Who did what and when in the current workspace, newest first, a page at a time; filtered by kind and by member.",
    input: { query: listActivityQuerySchema },
    output: activityPageSchema,
  },
  createReviewLink: {
    method: 'POST',
    path: '/workspace/review-links',
    auth: 'user',
    handler: 'review',
    summary: 'Makes a review link for chosen posts or the scheduled posts of some days, for a client without an account: answers its secret once (only its hash is kept); it expires in 7 days unless told otherwise (at most 30).',
    input: { body: createReviewLinkSchema },
    output: createdReviewLinkSchema,
  },
  listReviewLinks: {
    method: 'GET',
    path: '/workspace/review-links',
    auth: 'user',
    handler: 'review',
    summary: "The current workspace's review links, newest first: label, what they show, who made them, when they expire, when last opened, whether revoked (never their secrets).",
    input: {},
    output: reviewLinkListSchema,
  },
  revokeReviewLink: {
    method: 'DELETE',
    path: '/workspace/review-links/{linkId}',
    auth: 'user',
    handler: 'review',
    summary: 'Revokes a review link: its next request is refused, in words.',
    input: { path: reviewLinkPathSchema },
    output: reviewLinkSchema,
  },
  openReview: {
    method: 'POST',
    path: '/review/open',
    auth: 'public',
    handler: 'review',
    summary: "(The link's secret travels in the body, never in a logged path.) The posts a review link shows, as their previews need them, with what clients did on each; an expired or revoked link is refused in words.",
    input: { body: reviewTokenSchema },
    output: reviewSchema,
    throttle: publicEntryThrottle,
    addressLimit: reviewAddressLimit,
  },
  approveReviewPost: {
    method: 'POST',
    path: '/review/approve',
    auth: 'public',
    handler: 'review',
    summary: "A client approves one of the link's posts under the name they typed: recorded on the post for the team; it publishes and changes nothing.",
    input: { body: reviewActionSchema },
    output: reviewPostSchema,
    throttle: publicEntryThrottle,
    addressLimit: reviewAddressLimit,
  },
  commentReviewPost: {
    method: 'POST',
    path: '/review/comment',
    auth: 'public',
    handler: 'review',
    summary: "A client comments on one of the link's posts under the name they typed: recorded on the post for the team.",
    input: { body: reviewCommentSchema },
    output: reviewPostSchema,
    throttle: publicEntryThrottle,
    addressLimit: reviewAddressLimit,
  },
  importPosts: {
    method: 'POST',
    path: '/imports',
    auth: 'user',
    handler: 'posts',
    summary:
      'A batch of CSV rows (docs/csv.md): a dry run checks each as POST /posts or POST /drafts would; an import creates each row\'s post once per row identity (the workspace, the file\'s hash, the line). One outcome per row.',
    input: { body: importPostsSchema },
    output: importResultSchema,
  },
  exportPosts: {
    method: 'GET',
    path: '/exports/posts',
    auth: 'user',
    handler: 'analytics',
    summary: "The posts of a list (optionally one platform and a date range) as CSV: text, time, accounts, each target's status, link and latest numbers.",
    input: { query: exportPostsQuerySchema },
    output: postExportSchema,
  },
  listFeeds: {
    method: 'GET',
    path: '/feeds',
    auth: 'user',
    handler: 'feeds',
    summary: "The current workspace's followed feeds, oldest first: address, title, accounts, paused or not, the last fetch and its outcome in words, when the next one is.",
    input: {},
    output: feedListSchema,
  },
  addFeed: {
    method: 'POST',
    path: '/feeds',
    auth: 'user',
    handler: 'feeds',
    summary: 'Follows an RSS or Atom feed (an https address whose host is public, under the outbound rule): each new item becomes a draft for the chosen accounts, once. It is fetched at once, then every 30 minutes.',
    input: { body: addFeedSchema },
    output: feedSchema,
  },
  updateFeed: {
    method: 'PATCH',
    path: '/feeds/{feedId}',
    auth: 'user',
    handler: 'feeds',
    summary: 'Pauses or resumes a feed, or changes its accounts.',
    input: { path: feedPathSchema, body: updateFeedSchema },
    output: feedSchema,
  },
  removeFeed: {
    method: 'DELETE',
    path: '/feeds/{feedId}',
    auth: 'user',
    handler: 'feeds',
    summary: 'Stops following a feed; the drafts it made stay.',
    input: { path: feedPathSchema },
    output: feedSchema,
  },
  fetchFeed: {
    method: 'POST',
    path: '/feeds/{feedId}/fetch',
    auth: 'user',
    handler: 'feeds',
    summary: 'Fetches a feed now: its new items become drafts (never twice), and the outcome is answered in words.',
    input: { path: feedPathSchema },
    output: feedSchema,
  },
  previewQueue: {
    method: 'POST',
    path: '/queues/preview',
    auth: 'user',
    handler: 'posts',
    summary: 'Where "Add to queue" would put a post for these accounts now: each account\'s next free slot, or the earliest one free for all.',
    input: { body: queuePreviewSchema },
    output: queuePreviewResultSchema,
  },
  getQueue: {
    method: 'GET',
    path: '/queues/{platform}/{accountId}',
    auth: 'user',
    handler: 'posts',
    summary: 'An account\'s queue: its weekly slots (proposed from its best times, the defaults, or set), the next slots with their posts, and the posts that wait.',
    input: { path: queuePathSchema, query: queueQuerySchema },
    output: queueViewSchema,
  },
  setQueueSlots: {
    method: 'PUT',
    path: '/queues/{platform}/{accountId}/slots',
    auth: 'user',
    handler: 'posts',
    summary: 'Sets an account\'s weekly slots; its queued posts are re-planned onto them (one conditional write each).',
    input: { path: queuePathSchema, body: setQueueSlotsSchema },
    output: queueChangeSchema,
    idempotent: true,
  },
  pauseQueue: {
    method: 'POST',
    path: '/queues/{platform}/{accountId}/pause',
    auth: 'user',
    handler: 'posts',
    summary: 'Pauses an account\'s queue: its queued posts wait (held, said in words) until it is resumed.',
    input: { path: queuePathSchema },
    output: queueChangeSchema,
    idempotent: true,
  },
  resumeQueue: {
    method: 'POST',
    path: '/queues/{platform}/{accountId}/resume',
    auth: 'user',
    handler: 'posts',
    summary: 'Resumes an account\'s queue: the posts that waited take the next free slots.',
    input: { path: queuePathSchema },
    output: queueChangeSchema,
    idempotent: true,
  },
  reorderQueue: {
    method: 'POST',
    path: '/queues/{platform}/{accountId}/order',
    auth: 'user',
    handler: 'posts',
    summary: 'Puts an account\'s queued posts in a new order; they take the free slots in turn.',
    input: { path: queuePathSchema, body: reorderQueueSchema },
    output: queueChangeSchema,
    idempotent: true,
  },
  skipQueueSlot: {
    method: 'POST',
    path: '/queues/{platform}/{accountId}/skip',
    auth: 'user',
    handler: 'posts',
    summary: 'Leaves one upcoming slot of an account\'s queue empty (or uses it again); the queued posts move past it.',
    input: { path: queuePathSchema, body: skipQueueSlotSchema },
    output: queueChangeSchema,
    idempotent: true,
  },
  shareQueuePostNext: {
    method: 'POST',
    path: '/queues/{platform}/{accountId}/next',
    auth: 'user',
    handler: 'posts',
    summary: '"Share next": moves a queued post to the front of its account\'s queue.',
    input: { path: queuePathSchema, body: shareNextSchema },
    output: queueChangeSchema,
    idempotent: true,
  },
  listApiKeys: {
    method: 'GET',
    path: '/api-keys',
    auth: 'user',
    handler: 'workspaces',
    summary: "The caller's API keys in the current workspace (every member's for an admin or the owner): name, scopes, accounts, expiry, last use; never the key itself.",
    input: {},
    output: apiKeyListSchema,
  },
  createApiKey: {
    method: 'POST',
    path: '/api-keys',
    auth: 'user',
    handler: 'workspaces',
    summary: 'Makes an API key for the caller in the current workspace; its text is answered this once and only its hash is kept.',
    input: { body: createApiKeySchema },
    output: createdApiKeySchema,
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api-keys/{keyId}',
    auth: 'user',
    handler: 'workspaces',
    summary: "Revokes an API key at once (the caller's own; any member's for an admin or the owner).",
    input: { path: apiKeyPathSchema },
    output: apiKeySchema,
  },
  uploadFromUrl: {
    method: 'POST',
    path: '/uploads/from-url',
    auth: 'user',
    handler: 'uploads',
    summary: 'Fetches a file from an https address (under the outbound-address rule) into the media bucket as an upload lands, with the same checks; answers as completing an upload does.',
    input: { body: uploadFromUrlSchema },
    output: uploadedMediaSchema,
    idempotent: true,
  },
  getOpenApiDocument: {
    method: 'GET',
    path: '/openapi.json',
    auth: 'public',
    handler: 'openapi',
    summary: "The public API's OpenAPI 3.1 document, generated from this route table (shared/api/openapi.ts): every /v1 operation, its scope, parameters, schemas and errors.",
    input: {},
    output: openApiDocumentSchema,
    throttle: publicEntryThrottle,
    cache: { maxAgeSeconds: 300 },
  },
} as const satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof routes;
export type Routes = typeof routes;

export const routeIds = Object.keys(routes) as RouteId[];

type SchemaOutput<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type RouteInput<Id extends RouteId> = {
  [K in keyof Routes[Id]['input']]: SchemaOutput<Routes[Id]['input'][K]>;
};
export type RouteOutput<Id extends RouteId> = z.infer<Routes[Id]['output']>;

export function routeKey(route: RouteDefinition): string {
  return `${route.method} ${route.path}`;
}

/** Fills a path template: ('/posts/{postId}', { postId: 'a b' }) -> '/posts/a%20b'. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}
