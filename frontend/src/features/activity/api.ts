import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ActivityKind } from '../../../../shared/api/activity';
import { useApi } from '../../lib/useApi';
import { useCurrentWorkspaceId } from '../workspaces';

/** The current workspace's activity, newest first, a page at a time, filtered by kind and member. */
export function useActivity(filter: { kind?: ActivityKind | undefined; member?: string | undefined }) {
  const api = useApi();
  const workspaceId = useCurrentWorkspaceId();
  return useInfiniteQuery({
    queryKey: ['activity', workspaceId ?? 'personal', filter.kind ?? 'all', filter.member ?? 'all'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api('listActivity', { query: { ...(filter.kind ? { kind: filter.kind } : {}), ...(filter.member ? { member: filter.member } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** The workspace's members, for the "who" filter. */
export function useActivityMembers() {
  const api = useApi();
  const workspaceId = useCurrentWorkspaceId();
  return useQuery({ queryKey: ['activity', 'members', workspaceId ?? 'personal'], queryFn: () => api('listMembers') });
}
