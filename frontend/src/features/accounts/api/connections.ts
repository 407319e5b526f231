import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Platform } from '../../../../../shared/platforms';
import { useApi } from '../../../lib/useApi';
import { rememberReturnPath } from '../../../lib/returnTo';

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

/**
 * Asks the API for the platform's consent URL and sends the browser there. With `returnTo` (an
 * in-app path, e.g. the wizard), /auth/callback comes back there instead of the Accounts page;
 * an unsafe path is refused before the browser leaves. `server` is the server the account lives
 * on, for platforms whose accounts live on one the user names (`connectServer`).
 */
export function useStartConnection() {
  const api = useApi();
  return useMutation({
    mutationFn: async (target: Platform | { platform: Platform; returnTo?: string; server?: string }) => {
      const platform = typeof target === 'string' ? target : target.platform;
      const returnTo = typeof target === 'string' ? undefined : target.returnTo;
      if (returnTo !== undefined && !rememberReturnPath(returnTo, window.location.origin, sessionStorage)) {
        throw new Error(`Not a page of this app to come back to: ${returnTo}`);
      }
      const server = typeof target === 'string' ? undefined : target.server;
      const { authorizationUrl } = await api('startConnection', { path: { platform }, body: server ? { server } : undefined });
      window.location.assign(authorizationUrl);
    },
  });
}

/** The platform a start-connection call was for. */
export const startedPlatform = (target: Platform | { platform: Platform } | undefined): Platform | undefined => (typeof target === 'string' ? target : target?.platform);

export function useDisconnect() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: { platform: Platform; accountId: string }) => api('disconnectConnection', { path: account }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsKey }),
  });
}
