import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostList } from '../../../../../../shared/api/posts';
import type { Platform } from '../../../../../../shared/platforms';
import { MEDIA_LINK_REFRESH_MS } from '../../../../../../shared/media';
import { useApi } from '../../../../lib/useApi';

export const POST_PAGE_SIZE = 20;
/** How often a list is refetched while one of its posts is still publishing. */
export const LIVE_REFRESH_MS = 2_000;

/** Live while a post publishes; otherwise often enough that the media links on screen stay valid. */
export function listRefreshInterval(live: boolean): number {
  return live ? LIVE_REFRESH_MS : MEDIA_LINK_REFRESH_MS;
}

const postsKey = ['posts'] as const;
const listKey = (list: PostList, platform: Platform | undefined) => [...postsKey, list, platform ?? 'all'] as const;

/** One list, page by page over the API's cursor (newest first, as the API orders). */
export function usePostPages(list: PostList, platform: Platform | undefined, options: { live: boolean }) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: listKey(list, platform),
    queryFn: ({ pageParam }) =>
      api('listPosts', { query: { status: list, limit: POST_PAGE_SIZE, ...(platform ? { platform } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: listRefreshInterval(options.live),
  });
}

/** The posts being published right now; polled while there are any. */
export function usePublishingPosts(platform: Platform | undefined, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: listKey('publishing', platform),
    queryFn: async () => (await api('listPosts', { query: { status: 'publishing', limit: 100, ...(platform ? { platform } : {}) } })).posts,
    enabled,
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? LIVE_REFRESH_MS : false),
  });
}

/** Publishes a post's failed targets again; every list is refreshed so the post shows as publishing. */
export function useRetryPost() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api('retryPost', { path: { postId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}

/** "It was not published — publish again" for one target the platform could not confirm. */
export function usePublishAgain() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, targetId }: { postId: string; targetId: string }) => api('publishTargetAgain', { path: { postId, targetId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}

/** Lets a list reload after posts leave the "publishing" list (they have finished). */
export function useInvalidatePosts() {
  const queryClient = useQueryClient();
  return (list: PostList) => queryClient.invalidateQueries({ queryKey: [...postsKey, list] });
}
