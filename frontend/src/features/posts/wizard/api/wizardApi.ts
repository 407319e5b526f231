import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createSubmissionKeys } from '../../../../lib/apiClient';
import type { CreatePost, SaveDraft } from '../../../../../../shared/api/posts';
import { useApi } from '../../../../lib/useApi';

/** The user's connections (the same cache entry the Accounts page uses). */
export function useConnectedAccounts() {
  const api = useApi();
  return useQuery({ queryKey: ['connections'], queryFn: () => api('listConnections') });
}

/**
 * Publishes the wizard's post; one Idempotency-Key per submission, reused when it is sent again.
 * A post opened from a draft is published through the draft (it becomes the post, once).
 */
export function usePublishPost() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [keys] = useState(createSubmissionKeys);
  return useMutation({
    mutationFn: ({ post, draftId }: { post: CreatePost; draftId?: string | undefined }) =>
      draftId
        ? api('publishDraft', { path: { postId: draftId }, body: post }, { idempotencyKey: keys.keyFor({ draftId, post }) })
        : api('createPost', { body: post }, { idempotencyKey: keys.keyFor(post) }),
    onSuccess: () => {
      keys.succeeded();
      return queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}

/** Saves the wizard's post as a draft: a new one the first time, then that draft again. */
export function useSaveDraft() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [keys] = useState(createSubmissionKeys);
  return useMutation({
    mutationFn: ({ draft, draftId }: { draft: SaveDraft; draftId?: string | undefined }) =>
      draftId
        ? api('updateDraft', { path: { postId: draftId }, body: draft }, { idempotencyKey: keys.keyFor({ draftId, draft }) })
        : api('createDraft', { body: draft }, { idempotencyKey: keys.keyFor(draft) }),
    onSuccess: () => {
      keys.succeeded();
      return queryClient.invalidateQueries({ queryKey: ['posts', 'draft'] });
    },
  });
}

/** One post (a draft to open in the wizard). */
export function usePost(postId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['post', postId],
    queryFn: () => api('getPost', { path: { postId: postId! } }),
    enabled: Boolean(postId),
    staleTime: 0,
    gcTime: 0,
  });
}
