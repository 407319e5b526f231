import { apiDependencies } from '../composition/http';
import { reviewLinks } from '../composition/review';
import { createHttpHandler } from '../http/httpHandler';

const links = reviewLinks();

export const handler = createHttpHandler(
  'review',
  {
    // The workspace routes act in the workspace the gate admitted the caller to (`user` is its partition).
    createReviewLink: ({ user, caller, input }) => links.create(user.userId, caller, input.body),
    listReviewLinks: ({ user }) => links.list(user.userId),
    revokeReviewLink: ({ user, input }) => links.revoke(user.userId, input.path.linkId),
    // The public page: the link's secret is the only credential, in the body.
    openReview: ({ input }) => links.open(input.body.token),
    approveReviewPost: ({ input }) => links.approve(input.body.token, input.body.postId, input.body.name),
    commentReviewPost: ({ input }) => links.comment(input.body.token, input.body.postId, input.body.name, input.body.comment),
  },
  apiDependencies('review'),
);
