import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddFeed, UpdateFeed } from '../../../../shared/api/feeds';
import { useApi } from '../../lib/useApi';
import { useCurrentWorkspaceId } from '../workspaces';

const feedsKey = ['feeds'] as const;

/** The current workspace's followed feeds; refetched each minute while the page is open (the job fetches them). */
export function useFeeds() {
  const api = useApi();
  const workspaceId = useCurrentWorkspaceId();
  return useQuery({ queryKey: [...feedsKey, workspaceId ?? 'personal'], queryFn: () => api('listFeeds'), refetchInterval: 60_000 });
}

/** The workspace's connected accounts a feed's drafts can be for. */
export function useFeedAccounts() {
  const api = useApi();
  const workspaceId = useCurrentWorkspaceId();
  return useQuery({ queryKey: [...feedsKey, 'accounts', workspaceId ?? 'personal'], queryFn: () => api('listConnections') });
}

function useFeedMutation<Input>(call: (api: ReturnType<typeof useApi>, input: Input) => Promise<unknown>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(api, input),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: feedsKey }), queryClient.invalidateQueries({ queryKey: ['posts'] })]),
  });
}

export const useAddFeed = () => useFeedMutation((api, body: AddFeed) => api('addFeed', { body }));
export const useUpdateFeed = () => useFeedMutation((api, { feedId, ...body }: UpdateFeed & { feedId: string }) => api('updateFeed', { path: { feedId }, body }));
export const useRemoveFeed = () => useFeedMutation((api, feedId: string) => api('removeFeed', { path: { feedId } }));
export const useFetchFeed = () => useFeedMutation((api, feedId: string) => api('fetchFeed', { path: { feedId } }));
