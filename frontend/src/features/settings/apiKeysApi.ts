import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKey } from '../../../../shared/api/apiKeys';
import { useApi } from '../../lib/useApi';
import { useCurrentWorkspaceId } from '../workspaces';

const keysKey = ['apiKeys'] as const;

/** The current workspace's API keys: the caller's, or every member's for an admin or the owner. */
export function useApiKeys() {
  const api = useApi();
  const workspaceId = useCurrentWorkspaceId();
  return useQuery({ queryKey: [...keysKey, workspaceId ?? 'personal'], queryFn: () => api('listApiKeys') });
}

/** The workspace's accounts, to limit a key to some of them. */
export function useKeyAccounts() {
  const api = useApi();
  const workspaceId = useCurrentWorkspaceId();
  return useQuery({ queryKey: [...keysKey, 'accounts', workspaceId ?? 'personal'], queryFn: () => api('listConnections') });
}

export function useCreateApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: CreateApiKey) => api('createApiKey', { body }), onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }) });
}

export function useRevokeApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (keyId: string) => api('revokeApiKey', { path: { keyId } }), onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }) });
}
