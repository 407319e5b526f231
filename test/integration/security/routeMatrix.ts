import type { RouteId } from '../../../shared/api/routes';
import type { Post } from '../../../shared/api/posts';
import type { TestUser } from '../../support/users';
import type { RouteRequest } from '../../support/routes';
import { tinyJpeg } from '../../support/posts';

/** What the victim owns; the attacker (a valid user of the same pool) aims at it. */
export interface Victim {
  user: TestUser;
  post: Post;
  mediaKey: string;
  accountId: string;
  upload: { key: string; uploadId: string };
  /** A post of the victim's scheduled a month ahead. */
  scheduledPost: Post;
  /** A video the victim's module registered in their content. */
  content: { contentId: string; key: string };
}

/** A request against the victim made by the attacker, and the statuses that count as refused. */
export type VictimAttempt = (victim: Victim) => { request: RouteRequest; refusedWith: number[] };

export type MatrixEntry =
  | {
      auth: 'public';
      /** Why this route takes no token, and a probe that must not disclose or change anything. */
      why: string;
      probe: RouteRequest;
      /**
       * Set for the routes a module's back end calls with a module session (Bearer): no token,
       * a user's Cognito token or a forged session get 401; `againstVictim` is tried with the
       * attacker's own valid module session.
       */
      moduleSession?: { againstVictim: VictimAttempt };
    }
  | {
      auth: 'user';
      /** A well-formed request, used for the bad-token cases (the authorizer answers before the handler). */
      sample: RouteRequest;
      /**
       * The attacker's request against the victim's resources and the statuses it may get, or
       * 'own-data-only' for routes that take no resource id (they answer with the caller's data).
       */
      againstVictim: VictimAttempt | 'own-data-only';
    };

const someUlid = '01JAAAAAAAAAAAAAAAAAAAAAAA';
/** The victim's connected account, as a queue route's path names it. */
const theirQueue = (victim: Victim) => ({ platform: 'youtube', accountId: victim.accountId });
const someUuid = '00000000-0000-4000-8000-000000000000';
const someInvitationToken = 'A'.repeat(43);

/**
 * One entry per route of the route table. The type makes a new route without an entry a
 * compile error, and the first test below fails too, so no route escapes the matrix.
 */
export const matrix: Record<RouteId, MatrixEntry> = {
  getMe: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  listConnections: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  startConnection: { auth: 'user', sample: { path: { platform: 'youtube' } }, againstVictim: 'own-data-only' },
  getClientMetadata: {
    auth: 'public',
    why: "A platform's authorization server fetches it without a token (its client_id is this URL); it holds only public data: client id, redirect URI, public key.",
    probe: { path: { platform: 'bluesky' } },
  },
  completeConnection: {
    auth: 'public',
    why: 'The platform redirects the browser here without our token; the single-use state binds it to a user.',
    probe: { path: { platform: 'youtube' }, query: { code: 'stolen-code', state: 'youtube.forged-state' } },
  },
  confirmConnection: {
    auth: 'user',
    sample: { path: { platform: 'youtube' }, body: { state: 'youtube_someone' } },
    againstVictim: () => ({ request: { path: { platform: 'youtube' }, body: { state: 'youtube_victims-flow' } }, refusedWith: [400] }),
  },
  chooseConnectionAccounts: {
    auth: 'user',
    sample: { path: { platform: 'youtube' }, body: { choiceId: 'choice_someone', accountIds: ['a-page'] } },
    // A choice id is random and reaches only its user; a guessed or foreign one is an unknown choice.
    againstVictim: () => ({ request: { path: { platform: 'youtube' }, body: { choiceId: 'choice_victims-choice', accountIds: ['a-page'] } }, refusedWith: [400] }),
  },
  disconnectConnection: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' } },
    againstVictim: (victim) => ({ request: { path: { platform: 'youtube', accountId: victim.accountId } }, refusedWith: [404] }),
  },
  getCreatorInfo: {
    auth: 'user',
    sample: { path: { platform: 'tiktok', accountId: 'someone' } },
    // The victim's account id under a platform that has creator settings: the attacker has no such connection.
    againstVictim: (victim) => ({ request: { path: { platform: 'tiktok', accountId: victim.accountId } }, refusedWith: [404] }),
  },
  getPublishingQuota: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' } },
    // The victim's account id under a platform that reports a quota: the attacker has no such connection.
    againstVictim: (victim) => ({ request: { path: { platform: 'threads', accountId: victim.accountId } }, refusedWith: [404] }),
  },
  listAccountCollections: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' } },
    // The victim's account id: the attacker has no such connection, whatever its platform.
    againstVictim: (victim) => ({ request: { path: { platform: 'youtube', accountId: victim.accountId } }, refusedWith: [404] }),
  },
  createAccountCollection: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' }, body: { name: 'Recipes' } },
    againstVictim: (victim) => ({ request: { path: { platform: 'youtube', accountId: victim.accountId }, body: { name: 'Recipes' } }, refusedWith: [404] }),
  },
  createPost: {
    auth: 'user',
    sample: { body: { description: 'x', media: [{ key: 'k' }], targets: [{ platform: 'youtube', accountId: 'a' }] } },
    againstVictim: (victim) => ({
      request: {
        body: { description: 'posted with your files and account', title: 'stolen', media: [{ key: victim.mediaKey }], targets: [{ platform: 'linkedin', accountId: victim.accountId }] },
      },
      refusedWith: [400, 404],
    }),
  },
  listPosts: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  getPost: {
    auth: 'user',
    sample: { path: { postId: someUlid } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.post.postId } }, refusedWith: [404] }),
  },
  retryPost: {
    auth: 'user',
    sample: { path: { postId: someUlid } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.post.postId } }, refusedWith: [404] }),
  },
  publishTargetAgain: {
    auth: 'user',
    sample: { path: { postId: someUlid, targetId: 'linkedin#someone' } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.post.postId, targetId: victim.post.targets[0]!.targetId } }, refusedWith: [404] }),
  },
  createUpload: {
    auth: 'user',
    sample: { body: { fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 } },
    againstVictim: 'own-data-only',
  },
  completeUpload: {
    auth: 'user',
    sample: { body: { key: 'k', uploadId: 'u', parts: [{ partNumber: 1, etag: 'e' }] } },
    againstVictim: (victim) => ({
      request: { body: { key: victim.upload.key, uploadId: victim.upload.uploadId, parts: [{ partNumber: 1, etag: '"0"' }] } },
      refusedWith: [404],
    }),
  },
  signUploadParts: {
    auth: 'user',
    sample: { body: { key: 'k', uploadId: 'u', partNumbers: [1] } },
    againstVictim: (victim) => ({ request: { body: { key: victim.upload.key, uploadId: victim.upload.uploadId, partNumbers: [1] } }, refusedWith: [404] }),
  },
  listUploadParts: {
    auth: 'user',
    sample: { query: { key: 'k', uploadId: 'u' } },
    againstVictim: (victim) => ({ request: { query: { key: victim.upload.key, uploadId: victim.upload.uploadId } }, refusedWith: [404] }),
  },
  listContent: { auth: 'user', sample: { query: { type: 'video' } }, againstVictim: 'own-data-only' },
  deleteContent: {
    auth: 'user',
    sample: { path: { contentId: someUlid } },
    againstVictim: (victim) => ({ request: { path: { contentId: victim.content.contentId } }, refusedWith: [404] }),
  },
  createModuleToken: { auth: 'user', sample: { body: { module: 'autotoon' } }, againstVictim: 'own-data-only' },
  generateCustomToken: {
    auth: 'user',
    sample: { body: { uid: 'someone', email: 'someone@example.com' } },
    againstVictim: (victim) => ({ request: { body: { uid: victim.user.userId, email: victim.user.email, module: 'autotoon' } }, refusedWith: [403] }),
  },
  exchangeModuleToken: {
    auth: 'public',
    why: "A module's back end trades the one-time token it was handed for a session; the token itself is the credential.",
    probe: { body: { token: 'mt_forged-token-that-was-never-issued', module: 'autotoon' } },
  },
  createModuleContentUpload: {
    auth: 'public',
    why: "Called by a module's back end with a module session (Bearer), not a Cognito token.",
    probe: { body: { type: 'video', fileName: 'clip.mp4', contentType: 'video/mp4', size: 1000 } },
    moduleSession: {
      againstVictim: (victim) => ({
        request: { body: { type: 'video', fileName: 'clip.mp4', contentType: 'video/mp4', size: 1000, twinOf: victim.content.key } },
        refusedWith: [400, 403, 404],
      }),
    },
  },
  registerModuleContent: {
    auth: 'public',
    why: "Called by a module's back end with a module session (Bearer), not a Cognito token.",
    probe: { body: { key: 'someone/videos/clip.mp4' } },
    moduleSession: { againstVictim: (victim) => ({ request: { body: { key: victim.content.key } }, refusedWith: [400, 403, 404] }) },
  },
  reschedulePost: {
    auth: 'user',
    sample: { path: { postId: someUlid }, body: { scheduledFor: '2099-01-01T10:00:00Z', timeZone: 'Europe/Istanbul' } },
    againstVictim: (victim) => ({
      request: { path: { postId: victim.scheduledPost.postId }, body: { scheduledFor: new Date(Date.now() + 2 * 86_400_000).toISOString(), timeZone: 'Europe/Istanbul' } },
      refusedWith: [404],
    }),
  },
  editPost: {
    auth: 'user',
    sample: { path: { postId: someUlid }, body: { description: 'x', targets: [{ platform: 'linkedin', accountId: 'a' }] } },
    againstVictim: (victim) => ({
      request: { path: { postId: victim.scheduledPost.postId }, body: { description: 'rewritten by someone else', targets: [{ platform: 'linkedin', accountId: victim.accountId }] } },
      refusedWith: [404],
    }),
  },
  cancelPost: {
    auth: 'user',
    sample: { path: { postId: someUlid } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.scheduledPost.postId } }, refusedWith: [404] }),
  },
  listNotifications: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  readNotifications: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  getPostMetrics: {
    auth: 'user',
    sample: { path: { postId: someUlid } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.post.postId } }, refusedWith: [404] }),
  },
  getAnalyticsSummary: { auth: 'user', sample: { query: { days: '30', timeZone: 'Europe/Istanbul' } }, againstVictim: 'own-data-only' },
  getBestTimes: { auth: 'user', sample: { query: { timeZone: 'Europe/Istanbul' } }, againstVictim: 'own-data-only' },
  getAccountDailyMetrics: {
    auth: 'user',
    sample: { path: { platform: 'googleBusiness', accountId: 'someone' } },
    // The victim's account id under a platform that reports numbers per account: the attacker has no such connection.
    againstVictim: (victim) => ({ request: { path: { platform: 'googleBusiness', accountId: victim.accountId } }, refusedWith: [404] }),
  },
  abortUpload: {
    auth: 'user',
    sample: { body: { key: 'k', uploadId: 'u' } },
    againstVictim: (victim) => ({ request: { body: { key: victim.upload.key, uploadId: victim.upload.uploadId } }, refusedWith: [404] }),
  },
  getStorageUsage: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  putThumbnail: {
    auth: 'user',
    sample: { body: { key: 'k', image: tinyJpeg.toString('base64') } },
    againstVictim: (victim) => ({ request: { body: { key: victim.mediaKey, image: tinyJpeg.toString('base64') } }, refusedWith: [404] }),
  },
  deletePost: {
    auth: 'user',
    sample: { path: { postId: someUlid }, query: { deleteMedia: 'true' } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.post.postId }, query: { deleteMedia: 'true' } }, refusedWith: [404] }),
  },
  createDraft: {
    auth: 'user',
    sample: { body: { description: 'x', media: [], targets: [] } },
    // A draft naming the victim's file is refused: a draft's files must be the caller's own uploads.
    againstVictim: (victim) => ({ request: { body: { description: 'with your file', media: [{ key: victim.mediaKey }], targets: [] } }, refusedWith: [400] }),
  },
  updateDraft: {
    auth: 'user',
    sample: { path: { postId: someUlid }, body: { description: 'x', media: [], targets: [] } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.post.postId }, body: { description: 'overwritten', media: [], targets: [] } }, refusedWith: [404] }),
  },
  publishDraft: {
    auth: 'user',
    sample: { path: { postId: someUlid }, body: { description: 'x', media: [{ key: 'k' }], targets: [{ platform: 'youtube', accountId: 'a' }] } },
    againstVictim: (victim) => ({
      request: {
        path: { postId: victim.post.postId },
        body: { description: 'published as you', media: [{ key: victim.mediaKey }], targets: [{ platform: 'linkedin', accountId: victim.accountId }] },
      },
      refusedWith: [404],
    }),
  },
  duplicatePost: {
    auth: 'user',
    sample: { path: { postId: someUlid } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.post.postId } }, refusedWith: [404] }),
  },
  getAccount: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  updateAccountSettings: { auth: 'user', sample: { body: { language: 'en', timeZone: 'UTC', theme: 'system' } }, againstVictim: 'own-data-only' },
  startDataExport: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  getDataExport: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  deleteAccount: {
    auth: 'user',
    sample: { body: { confirmation: 'not-my-address@example.com' } },
    // Typing the victim's address deletes nothing: the confirmation must be the caller's own.
    againstVictim: (victim) => ({ request: { body: { confirmation: victim.user.email } }, refusedWith: [400] }),
  },
  getAccountDeletion: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  // Workspace routes act on the caller's current workspace (none named: their personal one); a
  // workspace named in the header is decided by the role matrix (test/integration/security/workspaceMatrix.test.ts).
  listWorkspaces: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  createWorkspace: { auth: 'user', sample: { body: { name: 'Matrix probe' } }, againstVictim: 'own-data-only' },
  getInvitation: { auth: 'user', sample: { body: { token: someInvitationToken } }, againstVictim: () => ({ request: { body: { token: someInvitationToken } }, refusedWith: [404] }) },
  acceptInvitation: { auth: 'user', sample: { body: { token: someInvitationToken } }, againstVictim: () => ({ request: { body: { token: someInvitationToken } }, refusedWith: [404] }) },
  declineInvitation: { auth: 'user', sample: { body: { token: someInvitationToken } }, againstVictim: () => ({ request: { body: { token: someInvitationToken } }, refusedWith: [404] }) },
  getWorkspace: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  updateWorkspace: { auth: 'user', sample: { body: { timeZone: 'Europe/Istanbul' } }, againstVictim: 'own-data-only' },
  listMembers: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  inviteMember: { auth: 'user', sample: { body: { email: 'someone@example.com', role: 'editor' } }, againstVictim: 'own-data-only' },
  revokeInvitation: { auth: 'user', sample: { path: { invitationId: someUlid } }, againstVictim: () => ({ request: { path: { invitationId: someUlid } }, refusedWith: [404] }) },
  changeMemberRole: {
    auth: 'user',
    sample: { path: { memberId: someUuid }, body: { role: 'viewer' } },
    againstVictim: (victim) => ({ request: { path: { memberId: victim.user.userId }, body: { role: 'viewer' } }, refusedWith: [404] }),
  },
  removeMember: {
    auth: 'user',
    sample: { path: { memberId: someUuid } },
    againstVictim: (victim) => ({ request: { path: { memberId: victim.user.userId } }, refusedWith: [404] }),
  },
  leaveWorkspace: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  transferOwnership: {
    auth: 'user',
    sample: { body: { memberId: someUuid } },
    againstVictim: (victim) => ({ request: { body: { memberId: victim.user.userId } }, refusedWith: [400] }),
  },
  // Approvals and comments act on the caller's current workspace's posts: another's post is not found.
  listApprovals: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  approvePost: {
    auth: 'user',
    sample: { path: { postId: someUlid }, body: {} },
    againstVictim: (victim) => ({ request: { path: { postId: victim.scheduledPost.postId }, body: {} }, refusedWith: [404] }),
  },
  requestPostChanges: {
    auth: 'user',
    sample: { path: { postId: someUlid }, body: { comment: 'Change it' } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.scheduledPost.postId }, body: { comment: 'Change it' } }, refusedWith: [404] }),
  },
  rejectPost: {
    auth: 'user',
    sample: { path: { postId: someUlid }, body: {} },
    againstVictim: (victim) => ({ request: { path: { postId: victim.scheduledPost.postId }, body: {} }, refusedWith: [404] }),
  },
  listPostComments: {
    auth: 'user',
    sample: { path: { postId: someUlid } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.post.postId } }, refusedWith: [404] }),
  },
  addPostComment: {
    auth: 'user',
    sample: { path: { postId: someUlid }, body: { text: 'Nice' } },
    againstVictim: (victim) => ({ request: { path: { postId: victim.post.postId }, body: { text: 'Nice' } }, refusedWith: [404] }),
  },
  listActivity: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  // A review link is made in the caller's own workspace: naming the victim's post refuses it as not there.
  createReviewLink: {
    auth: 'user',
    sample: { body: { label: 'Matrix probe', scope: { type: 'posts', postIds: [someUlid] } } },
    againstVictim: (victim) => ({ request: { body: { label: 'Theirs', scope: { type: 'posts', postIds: [victim.post.postId] } } }, refusedWith: [400] }),
  },
  listReviewLinks: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  revokeReviewLink: { auth: 'user', sample: { path: { linkId: someUlid } }, againstVictim: () => ({ request: { path: { linkId: someUlid } }, refusedWith: [404] }) },
  openReview: {
    auth: 'public',
    why: "A client without an account opens the posts a review link shows; the link's secret (in the body) is the credential.",
    probe: { body: { token: someInvitationToken } },
  },
  approveReviewPost: {
    auth: 'public',
    why: "A client without an account approves a post a review link shows; the link's secret (in the body) is the credential.",
    probe: { body: { token: someInvitationToken, postId: someUlid, name: 'Probe' } },
  },
  commentReviewPost: {
    auth: 'public',
    why: "A client without an account comments on a post a review link shows; the link's secret (in the body) is the credential.",
    probe: { body: { token: someInvitationToken, postId: someUlid, name: 'Probe', comment: 'Probe' } },
  },
  // An import acts in the caller's workspace only; a row naming someone else's file or account is
  // refused in that row's outcome (200), as test/integration/posts/postImport.test.ts shows.
  importPosts: {
    auth: 'user',
    sample: { body: { fileId: '0'.repeat(64), dryRun: true, rows: [{ line: 2, rowHash: '0'.repeat(64), timing: 'draft', post: { description: 'x', media: [], targets: [] } }] } },
    againstVictim: 'own-data-only',
  },
  exportPosts: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  listFeeds: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  // A feed is followed in the caller's own workspace: naming the victim's account refuses it as not connected there.
  addFeed: {
    auth: 'user',
    sample: { body: { url: 'https://feeds.example.com/rss.xml' } },
    againstVictim: (victim) => ({ request: { body: { url: 'https://feeds.example.com/rss.xml', accounts: [{ platform: 'youtube', accountId: victim.accountId }] } }, refusedWith: [400] }),
  },
  updateFeed: { auth: 'user', sample: { path: { feedId: someUlid }, body: { paused: true } }, againstVictim: () => ({ request: { path: { feedId: someUlid }, body: { paused: true } }, refusedWith: [404] }) },
  removeFeed: { auth: 'user', sample: { path: { feedId: someUlid } }, againstVictim: () => ({ request: { path: { feedId: someUlid } }, refusedWith: [404] }) },
  fetchFeed: { auth: 'user', sample: { path: { feedId: someUlid } }, againstVictim: () => ({ request: { path: { feedId: someUlid } }, refusedWith: [404] }) },
  // The queue routes find the account among the caller's workspace's connections: the victim's is not there.
  previewQueue: {
    auth: 'user',
    sample: { body: { accounts: [{ platform: 'youtube', accountId: 'someone' }] } },
    againstVictim: (victim) => ({ request: { body: { accounts: [theirQueue(victim)] } }, refusedWith: [400] }),
  },
  getQueue: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' } },
    againstVictim: (victim) => ({ request: { path: theirQueue(victim) }, refusedWith: [404] }),
  },
  setQueueSlots: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' }, body: { slots: [{ weekday: 0, time: '09:00' }] } },
    againstVictim: (victim) => ({ request: { path: theirQueue(victim), body: { slots: [{ weekday: 0, time: '09:00' }] } }, refusedWith: [404] }),
  },
  pauseQueue: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' } },
    againstVictim: (victim) => ({ request: { path: theirQueue(victim) }, refusedWith: [404] }),
  },
  resumeQueue: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' } },
    againstVictim: (victim) => ({ request: { path: theirQueue(victim) }, refusedWith: [404] }),
  },
  reorderQueue: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' }, body: { postIds: [someUlid] } },
    againstVictim: (victim) => ({ request: { path: theirQueue(victim), body: { postIds: [victim.scheduledPost.postId] } }, refusedWith: [404] }),
  },
  skipQueueSlot: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' }, body: { at: '2099-01-05T09:00:00Z' } },
    againstVictim: (victim) => ({ request: { path: theirQueue(victim), body: { at: '2099-01-05T09:00:00Z' } }, refusedWith: [404] }),
  },
  shareQueuePostNext: {
    auth: 'user',
    sample: { path: { platform: 'youtube', accountId: 'someone' }, body: { postId: someUlid } },
    againstVictim: (victim) => ({ request: { path: theirQueue(victim), body: { postId: victim.scheduledPost.postId } }, refusedWith: [404] }),
  },
  listApiKeys: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  createApiKey: { auth: 'user', sample: { body: { name: 'Matrix probe', scopes: ['read'] } }, againstVictim: 'own-data-only' },
  // The victim's key ids are not known to the attacker; any id outside their own workspace is no key of theirs.
  revokeApiKey: { auth: 'user', sample: { path: { keyId: someUlid } }, againstVictim: () => ({ request: { path: { keyId: someUlid } }, refusedWith: [404] }) },
  // The file lands in the caller's own partition; a loopback address is refused before any request.
  uploadFromUrl: { auth: 'user', sample: { body: { url: 'http://127.0.0.1/photo.png' } }, againstVictim: 'own-data-only' },
  getOpenApiDocument: {
    auth: 'public',
    why: 'The public API\'s reference, the same for everyone: it describes operations and holds no data of anyone\'s.',
    probe: {},
  },
  // Webhook endpoints live in the caller's own workspace: the victim's ids are not there (404).
  listWebhookEndpoints: { auth: 'user', sample: {}, againstVictim: 'own-data-only' },
  createWebhookEndpoint: { auth: 'user', sample: { body: { url: 'https://hooks.example.com/in', events: ['post.published'] } }, againstVictim: 'own-data-only' },
  updateWebhookEndpoint: { auth: 'user', sample: { path: { endpointId: someUlid }, body: { enabled: false } }, againstVictim: () => ({ request: { path: { endpointId: someUlid }, body: { enabled: false } }, refusedWith: [404] }) },
  deleteWebhookEndpoint: { auth: 'user', sample: { path: { endpointId: someUlid } }, againstVictim: () => ({ request: { path: { endpointId: someUlid } }, refusedWith: [404] }) },
  rotateWebhookSecret: { auth: 'user', sample: { path: { endpointId: someUlid } }, againstVictim: () => ({ request: { path: { endpointId: someUlid } }, refusedWith: [404] }) },
  testWebhookEndpoint: { auth: 'user', sample: { path: { endpointId: someUlid } }, againstVictim: () => ({ request: { path: { endpointId: someUlid } }, refusedWith: [404] }) },
  listWebhookDeliveries: { auth: 'user', sample: { path: { endpointId: someUlid } }, againstVictim: () => ({ request: { path: { endpointId: someUlid } }, refusedWith: [404] }) },
  redeliverWebhook: {
    auth: 'user',
    sample: { path: { endpointId: someUlid, deliveryId: `msg_${'a'.repeat(26)}` } },
    againstVictim: () => ({ request: { path: { endpointId: someUlid, deliveryId: `msg_${'a'.repeat(26)}` } }, refusedWith: [404] }),
  },
  // The MCP server: its own credential (an API key or MCP access token) is checked by the function.
  mcpMessage: {
    auth: 'public',
    why: 'The MCP endpoint takes an API key or an MCP access token (checked by the function, 401 with the resource metadata otherwise), never the app\'s sign-in.',
    probe: { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
  },
  mcpStream: { auth: 'public', why: 'Answers 405 to everyone: a stateless MCP server offers no event stream.', probe: {} },
  mcpEndSession: { auth: 'public', why: 'Answers 405 to everyone: a stateless MCP server has no session to end.', probe: {} },
  mcpProtectedResource: { auth: 'public', why: 'OAuth protected resource metadata (RFC 9728): public by definition, the same for everyone.', probe: {} },
  mcpAuthorizationServer: { auth: 'public', why: 'OAuth authorization server metadata (RFC 8414): public by definition, the same for everyone.', probe: {} },
  registerMcpClient: {
    auth: 'public',
    why: 'Dynamic client registration (RFC 7591) is open to any MCP client; a registration grants nothing until a member consents.',
    probe: { body: { redirect_uris: ['http://example.com/not-https'] } },
  },
  authorizeMcpClient: {
    auth: 'public',
    why: 'The browser arrives from the MCP client without our token; it only checks the client and sends the browser to the consent page.',
    probe: { query: { response_type: 'code', client_id: 'mcp_forged', redirect_uri: 'https://attacker.example/cb', code_challenge: 'A'.repeat(43), code_challenge_method: 'S256' } },
  },
  mcpToken: {
    auth: 'public',
    why: 'The token endpoint takes a code with its PKCE verifier, or a refresh token: those are the credential.',
    probe: { body: { grant_type: 'authorization_code', code: 'forged', client_id: 'mcp_forged', redirect_uri: 'https://attacker.example/cb', code_verifier: 'A'.repeat(43) } },
  },
  getMcpConsent: {
    auth: 'user',
    sample: { query: { response_type: 'code', client_id: 'mcp_forged', redirect_uri: 'https://attacker.example/cb', code_challenge: 'A'.repeat(43), code_challenge_method: 'S256' } },
    againstVictim: 'own-data-only',
  },
  // A code is made for the caller's own workspace; nobody else's can be named.
  decideMcpConsent: {
    auth: 'user',
    sample: { body: { request: { response_type: 'code', client_id: 'mcp_forged', redirect_uri: 'https://attacker.example/cb', code_challenge: 'A'.repeat(43), code_challenge_method: 'S256' }, approve: true, scopes: ['read'] } },
    againstVictim: 'own-data-only',
  },
};
