import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createSubmissionKeys } from '../../../../lib/apiClient';
import type { CreatePost } from '../../../../../../shared/api/posts';
import { useApi } from '../../../../lib/useApi';

/** The user's connections (the same cache entry the Accounts page uses). */
export function useConnectedAccounts() {
  const api = useApi();
  return useQuery({ queryKey: ['connections'], queryFn: () => api('listConnections') });
}

/** Publishes the wizard's post; one Idempotency-Key per submission, reused when it is sent again. */
export function usePublishPost() {
  const api = useApi();
  const [keys] = useState(createSubmissionKeys);
  return useMutation({
    mutationFn: (post: CreatePost) => api('createPost', { body: post }, { idempotencyKey: keys.keyFor(post) }),
    onSuccess: () => keys.succeeded(),
  });
}
