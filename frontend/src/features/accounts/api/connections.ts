import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Platform } from '../../../../../shared/platforms';
import { useApi } from '../../../lib/useApi';

const connectionsKey = ['connections'] as const;

/** The user's connections; refetched when the window regains focus (e.g. back from a consent tab). */
export function useConnections() {
  const api = useApi();
  return useQuery({
    queryKey: connectionsKey,
    queryFn: () => api('listConnections'),
    refetchOnWindowFocus: true,
  });
}

/** Asks the API for the platform's consent URL and sends the browser there. */
export function useStartConnection() {
  const api = useApi();
  return useMutation({
    mutationFn: async (platform: Platform) => {
      const { authorizationUrl } = await api('startConnection', { path: { platform } });
      window.location.assign(authorizationUrl);
    },
  });
}

export function useDisconnect() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: { platform: Platform; accountId: string }) => api('disconnectConnection', { path: account }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsKey }),
  });
}
