import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/useApi';

/** "Duplicate": a new draft with the post's text, title, accounts and files. */
export function useDuplicatePost() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api('duplicatePost', { path: { postId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['posts', 'draft'] }),
  });
}

/** Deletes a draft and the files no other post uses (their storage is given back). */
export function useDeleteDraft() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api('deletePost', { path: { postId }, query: { deleteMedia: true } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['posts', 'draft'] }), queryClient.invalidateQueries({ queryKey: ['storage'] })]),
  });
}
