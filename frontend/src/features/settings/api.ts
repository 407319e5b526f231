import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSettings, DataExport } from '../../../../shared/api/account';
import { useApi } from '../../app/ApiProvider';
import { useAuth } from '../auth/AuthProvider';

export const accountQueryKey = ['account'] as const;
export const exportQueryKey = ['account', 'export'] as const;
/** While an archive is being prepared, the page asks how it goes this often. */
export const EXPORT_POLL_MS = 2000;

export function useAccount() {
  const api = useApi();
  const { status, user } = useAuth();
  return useQuery({
    queryKey: [...accountQueryKey, user?.userId],
    enabled: status === 'signedIn',
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

export function useDeleteAccount() {
  const api = useApi();
  return useMutation({ mutationFn: (confirmation: string) => api('deleteAccount', { body: { confirmation } }) });
}
