import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDeletion, AccountSettings, DataExport } from '../../../../shared/api/account';
import { useApi } from '../../lib/useApi';
import { useAuth } from '../auth';

export const accountQueryKey = ['account'] as const;
export const exportQueryKey = ['account', 'export'] as const;
/** While an archive is being prepared, the page asks how it goes this often. */
export const EXPORT_POLL_MS = 2000;

export function useAccount({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  const { status, user } = useAuth();
  return useQuery({
    queryKey: [...accountQueryKey, user?.userId],
    enabled: enabled && status === 'signedIn',
    queryFn: () => api('getAccount'),
  });
}

export function useSaveSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AccountSettings) => api('updateAccountSettings', { body: settings }),
    onSuccess: (account) => queryClient.setQueriesData({ queryKey: accountQueryKey, exact: false }, (old: unknown) => (old && typeof old === 'object' && 'email' in old ? account : old)),
  });
}

export function useDataExport() {
  const api = useApi();
  return useQuery({
    queryKey: exportQueryKey,
    queryFn: () => api('getDataExport'),
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? EXPORT_POLL_MS : false),
  });
}

export function useStartExport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('startDataExport'),
    onSuccess: (state: DataExport) => queryClient.setQueryData(exportQueryKey, state),
  });
}

export const deletionQueryKey = ['account', 'deletion'] as const;
/** While the account is being deleted, the page asks how it goes this often. */
export const DELETION_POLL_MS = 1500;

/** The deletion's progress: polled while it runs (it is a background task, like the export). */
export function useAccountDeletion() {
  const api = useApi();
  const { status, user } = useAuth();
  return useQuery({
    queryKey: [...deletionQueryKey, user?.userId],
    enabled: status === 'signedIn',
    queryFn: () => api('getAccountDeletion'),
    refetchInterval: (query) => (query.state.data?.status === 'deleting' && !query.state.data.stalled ? DELETION_POLL_MS : false),
  });
}

/** Starts the deletion (with the typed confirmation) or continues one that stopped (no confirmation needed). */
export function useDeleteAccount() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) => api('deleteAccount', { body: { confirmation } }),
    onSuccess: (progress: AccountDeletion) => queryClient.setQueriesData({ queryKey: deletionQueryKey, exact: false }, () => progress),
  });
}
