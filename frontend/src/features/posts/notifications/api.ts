import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/useApi';

/** The bell's queries, in a file of their own: the dashboard shell loads them, and not the scheduling actions with them. */
const notificationsKey = ['notifications'] as const;
/** How often the notification badge looks for new failures. */
const NOTIFICATIONS_REFRESH_MS = 30_000;

export function useNotifications(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: notificationsKey, queryFn: () => api('listNotifications'), enabled, refetchInterval: NOTIFICATIONS_REFRESH_MS });
}

export function useReadNotifications() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('readNotifications'),
    onSuccess: (list) => queryClient.setQueryData(notificationsKey, list),
  });
}
