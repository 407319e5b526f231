import { apiDependencies, postAccounts } from '../composition/http';
import { idempotency } from '../composition/idempotency';
import { approvals, draftService, mediaLinks, postDeletion, postService } from '../composition/posts';
import { postImportService } from '../composition/imports';
import { queueService } from '../composition/queue';
import { createHttpHandler, type RouteRequest } from '../http/httpHandler';
import type { Acting } from '../services/approvals';
import type { RouteId } from '../../shared/api/routes';

const posts = postService();
const deletion = postDeletion();
const links = mediaLinks();
const drafts = draftService();
const approval = approvals();
const imports = postImportService();
const queue = queueService();

/** The workspace, the person and their role: every posts route is a workspace route (shared/api/authorization.ts). */
const acting = ({ user, caller, workspace }: Pick<RouteRequest<RouteId>, 'user' | 'caller' | 'workspace'>): Acting => ({
  user: user!,
  caller: caller!,
  workspace: workspace ?? { workspaceId: user!.userId, role: 'owner', personal: true },
});

export const handler = createHttpHandler(
  'posts',
  {
    // With `queue`: the accounts' next free slots (functions/services/queue.ts), then as any post.
    createPost: (request) => (request.input.body.queue ? queue.add(acting(request), request.input.body) : approval.create(acting(request), request.input.body)),
    listPosts: async ({ user, input }) => links.forPage(await posts.list(user, input.query)),
    getPost: async ({ user, input }) => links.forPost(await posts.get(user, input.path.postId)),
    retryPost: ({ user, input }) => posts.retryFailed(user, input.path.postId),
    publishTargetAgain: ({ user, input }) => posts.publishAgain(user, input.path.postId, input.path.targetId),
    reschedulePost: (request) => approval.reschedule(acting(request), request.input.path.postId, request.input.body),
    editPost: (request) => approval.edit(acting(request), request.input.path.postId, request.input.body),
    cancelPost: ({ user, input }) => posts.cancel(user, input.path.postId),
    listNotifications: ({ user, caller }) => posts.notifications(user, caller.userId),
    readNotifications: ({ user, caller }) => posts.readNotifications(user, caller.userId),
    deletePost: ({ user, input }) => deletion.remove(user, input.path.postId, { deleteMedia: input.query.deleteMedia }),
    createDraft: ({ user, input }) => drafts.create(user, input.body),
    updateDraft: (request) => approval.updateDraft(acting(request), request.input.path.postId, request.input.body),
    publishDraft: (request) =>
      request.input.body.queue ? queue.add(acting(request), request.input.body, { draftId: request.input.path.postId }) : approval.publishDraft(acting(request), request.input.path.postId, request.input.body),
    duplicatePost: ({ user, input }) => drafts.duplicate(user, input.path.postId),
    listApprovals: async (request) => {
      const queue = await approval.queue(acting(request));
      return { ...queue, posts: (await links.forPage({ posts: queue.posts, nextCursor: null })).posts };
    },
    approvePost: (request) => approval.approve(acting(request), request.input.path.postId, request.input.body.comment),
    requestPostChanges: (request) => approval.requestChanges(acting(request), request.input.path.postId, request.input.body.comment),
    rejectPost: (request) => approval.reject(acting(request), request.input.path.postId, request.input.body.comment),
    listPostComments: (request) => approval.comments(acting(request), request.input.path.postId),
    addPostComment: (request) => approval.comment(acting(request), request.input.path.postId, request.input.body.text),
    importPosts: (request) => imports.run(acting(request), request.input.body, request.context),
    previewQueue: (request) => queue.preview(acting(request), request.input.body),
    getQueue: (request) => queue.get(acting(request), request.input.path, request.input.query.timeZone),
    setQueueSlots: (request) => queue.setSlots(acting(request), request.input.path, request.input.body),
    pauseQueue: (request) => queue.pause(acting(request), request.input.path),
    resumeQueue: (request) => queue.resume(acting(request), request.input.path),
    reorderQueue: (request) => queue.reorder(acting(request), request.input.path, request.input.body.postIds),
    skipQueueSlot: (request) => queue.skip(acting(request), request.input.path, request.input.body),
    shareQueuePostNext: (request) => queue.shareNext(acting(request), request.input.path, request.input.body.postId),
  },
  { ...apiDependencies('posts'), idempotency: idempotency(), postAccounts },
);
