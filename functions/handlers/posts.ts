import { apiDependencies } from '../composition/http';
import { idempotency } from '../composition/idempotency';
import { draftService, mediaLinks, postDeletion, postService } from '../composition/posts';
import { createHttpHandler } from '../http/httpHandler';

const posts = postService();
const deletion = postDeletion();
const links = mediaLinks();
const drafts = draftService();

export const handler = createHttpHandler(
  'posts',
  {
    createPost: ({ user, input }) => posts.create(user, input.body),
    listPosts: async ({ user, input }) => links.forPage(await posts.list(user, input.query)),
    getPost: async ({ user, input }) => links.forPost(await posts.get(user, input.path.postId)),
    retryPost: ({ user, input }) => posts.retryFailed(user, input.path.postId),
    publishTargetAgain: ({ user, input }) => posts.publishAgain(user, input.path.postId, input.path.targetId),
    reschedulePost: ({ user, input }) => posts.reschedule(user, input.path.postId, input.body),
    editPost: ({ user, input }) => posts.edit(user, input.path.postId, input.body),
    cancelPost: ({ user, input }) => posts.cancel(user, input.path.postId),
    listNotifications: ({ user }) => posts.notifications(user),
    readNotifications: ({ user }) => posts.readNotifications(user),
    deletePost: ({ user, input }) => deletion.remove(user, input.path.postId, { deleteMedia: input.query.deleteMedia }),
    createDraft: ({ user, input }) => drafts.create(user, input.body),
    updateDraft: ({ user, input }) => drafts.update(user, input.path.postId, input.body),
    publishDraft: ({ user, input }) => posts.publishDraft(user, input.path.postId, input.body),
    duplicatePost: ({ user, input }) => drafts.duplicate(user, input.path.postId),
  },
  { ...apiDependencies('posts'), idempotency: idempotency() },
);
