import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createSubmissionKeys } from '../../../lib/apiClient';
import type { EditPost, Post, ReschedulePost } from '../../../../../shared/api/posts';
import { useApi } from '../../../lib/useApi';

const postsKey = ['posts'] as const;

/** After a change, every list and the calendar reload (they share the ['posts'] prefix). */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: postsKey });
}

/** Each action keeps one Idempotency-Key per submission (reused if it is sent again), a new one after a success. */
function useSubmissionKeys() {
  const [keys] = useState(createSubmissionKeys);
  return keys;
}

export function useReschedulePost() {
  const api = useApi();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();
  return useMutation({
    mutationFn: (change: ReschedulePost & { postId: string }) => {
      const { postId, ...body } = change;
      return api('reschedulePost', { path: { postId }, body }, { idempotencyKey: keys.keyFor(change) });
    },
    onSuccess: () => {
      keys.succeeded();
      return invalidate();
    },
  });
}

export function useEditPost() {
  const api = useApi();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();
  return useMutation({
    mutationFn: (change: EditPost & { postId: string }) => {
      const { postId, ...body } = change;
      return api('editPost', { path: { postId }, body }, { idempotencyKey: keys.keyFor(change) });
    },
    onSuccess: () => {
      keys.succeeded();
      return invalidate();
    },
  });
}

export function useCancelPost() {
  const api = useApi();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();
  return useMutation({
    mutationFn: (postId: string) => api('cancelPost', { path: { postId } }, { idempotencyKey: keys.keyFor(postId) }),
    onSuccess: () => {
      keys.succeeded();
      return invalidate();
    },
  });
}

/** Every post of a list (all pages), for the calendar. */
export function useAllPosts(list: 'scheduled' | 'published', maxPosts = 1000) {
  const api = useApi();
  return useQuery({
    queryKey: [...postsKey, 'calendar', list],
    queryFn: async () => {
      const posts: Post[] = [];
      let cursor: string | undefined;
      do {
        const page = await api('listPosts', { query: { status: list, limit: 100, ...(cursor ? { cursor } : {}) } });
        posts.push(...page.posts);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && posts.length < maxPosts);
      return posts;
    },
    refetchInterval: 30_000,
  });
}
