import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/useApi';

const queueKey = ['posts', 'approvals'] as const;
const commentsKey = (postId: string) => ['posts', 'comments', postId] as const;
/** How often the Approvals page looks for new submissions and decisions made elsewhere. */
const QUEUE_REFRESH_MS = 30_000;

/** The posts waiting for a decision in the current workspace, and who may approve them. */
export function useApprovalQueue() {
  const api = useApi();
  return useQuery({ queryKey: queueKey, queryFn: () => api('listApprovals'), refetchInterval: QUEUE_REFRESH_MS });
}

export type Decision = 'approve' | 'changes' | 'reject';

/** Approve, ask for changes, or reject, with an optional comment; the lists and the thread are read again. */
export function useDecide() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, decision, comment }: { postId: string; decision: Decision; comment: string }) => {
      const request = { path: { postId }, body: comment.trim() ? { comment: comment.trim() } : {} };
      return decision === 'approve' ? api('approvePost', request) : decision === 'changes' ? api('requestPostChanges', request) : api('rejectPost', request);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
}

export function usePostComments(postId: string) {
  const api = useApi();
  return useQuery({ queryKey: commentsKey(postId), queryFn: () => api('listPostComments', { path: { postId } }) });
}

export function useAddComment(postId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api('addPostComment', { path: { postId }, body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKey(postId) }),
  });
}
