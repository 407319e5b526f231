import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewLink, Review, ReviewPost } from '../../../../../shared/api/review';
import { useApi } from '../../../lib/useApi';
import { useCurrentWorkspaceId } from '../../workspaces';

const linksKey = ['reviewLinks'] as const;

/** The current workspace's review links (owners and admins). */
export function useReviewLinks(enabled: boolean) {
  const api = useApi();
  const workspaceId = useCurrentWorkspaceId();
  return useQuery({ queryKey: [...linksKey, workspaceId ?? 'personal'], enabled, queryFn: () => api('listReviewLinks') });
}

export function useCreateReviewLink() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: CreateReviewLink) => api('createReviewLink', { body }), onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }) });
}

export function useRevokeReviewLink() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (linkId: string) => api('revokeReviewLink', { path: { linkId } }), onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey }) });
}

/** The scheduled posts a link can be made for (the first pages of the Scheduled list). */
export function useSchedulablePosts(enabled: boolean) {
  const api = useApi();
  const workspaceId = useCurrentWorkspaceId();
  return useInfiniteQuery({
    queryKey: ['reviewLinks', 'scheduled', workspaceId ?? 'personal'],
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api('listPosts', { query: { status: 'scheduled', limit: 50, ...(pageParam ? { cursor: pageParam } : {}) } }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** The public page: the link's posts, opened with the secret from the URL's fragment. */
export function useReview(token: string | undefined) {
  const api = useApi();
  return useQuery({ queryKey: ['review', token], enabled: token !== undefined, retry: false, queryFn: () => api('openReview', { body: { token: token! } }) });
}

/** Approves or comments on one post; the page's copy of that post is replaced by the answer. */
export function useReviewAction(token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { postId: string; name: string; comment?: string }) =>
      action.comment === undefined
        ? api('approveReviewPost', { body: { token, postId: action.postId, name: action.name } })
        : api('commentReviewPost', { body: { token, postId: action.postId, name: action.name, comment: action.comment } }),
    onSuccess: (post: ReviewPost) =>
      queryClient.setQueryData<Review>(['review', token], (review) => review && { ...review, posts: review.posts.map((candidate) => (candidate.postId === post.postId ? post : candidate)) }),
  });
}
