import { useQuery } from '@tanstack/react-query';
import type { Platform } from '../../../../shared/platforms';
import { useApi } from '../../lib/useApi';

/** The browser's IANA time zone: analytics are shown in it. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const analyticsKey = ['analytics'] as const;

export function useAnalyticsSummary(days: number, account: string | undefined) {
  const api = useApi();
  const timeZone = userTimeZone();
  return useQuery({
    queryKey: [...analyticsKey, 'summary', days, account ?? 'all', timeZone],
    queryFn: () => api('getAnalyticsSummary', { query: { days, timeZone, ...(account ? { account } : {}) } }),
  });
}

export function useBestTimes(account: string | undefined) {
  const api = useApi();
  const timeZone = userTimeZone();
  return useQuery({
    queryKey: [...analyticsKey, 'bestTimes', account ?? 'all', timeZone],
    queryFn: () => api('getBestTimes', { query: { timeZone, ...(account ? { account } : {}) } }),
  });
}

/** A connected account's own numbers per day over the last 28 days, where its platform reports them per account. */
export function useAccountDailyMetrics(platform: Platform, accountId: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...analyticsKey, 'accountDaily', platform, accountId],
    queryFn: () => api('getAccountDailyMetrics', { path: { platform, accountId } }),
    staleTime: 15 * 60_000,
    retry: false,
  });
}

/** A published post's per-target numbers; read again every minute while shown. */
export function usePostMetrics(postId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...analyticsKey, 'post', postId],
    queryFn: () => api('getPostMetrics', { path: { postId } }),
    enabled,
    refetchInterval: 60_000,
  });
}
