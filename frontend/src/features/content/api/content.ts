import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentKind } from '../../../../../shared/api/content';
import { useApi } from '../../../lib/useApi';

export const CONTENT_PAGE_SIZE = 20;
/** Presigned URLs last 15 minutes: the list is fetched again well before they lapse. */
const URL_REFRESH_MS = 10 * 60 * 1000;

export const contentQueryKey = ['content'] as const;

/** The user's content, newest first, one type or all, page by page over the API's cursor. */
export function useContentPages(type: ContentKind | undefined) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...contentQueryKey, type ?? 'all'],
    queryFn: ({ pageParam }) => api('listContent', { query: { limit: CONTENT_PAGE_SIZE, ...(type ? { type } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: URL_REFRESH_MS,
  });
}

export function useDeleteContent() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contentId: string) => api('deleteContent', { path: { contentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentQueryKey }),
  });
}
