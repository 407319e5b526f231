import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreatePost } from '../../../../../../shared/api/posts';
import { useApi } from '../../../../app/ApiProvider';

/** The user's connections (the same cache entry the Accounts page uses). */
export function useConnectedAccounts() {
  const api = useApi();
  return useQuery({ queryKey: ['connections'], queryFn: () => api('listConnections') });
}

export function usePublishPost() {
  const api = useApi();
  return useMutation({ mutationFn: (post: CreatePost) => api('createPost', { body: post }) });
}
