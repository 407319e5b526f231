import { useMemo, type ReactNode } from 'react';
import { createApiClient } from '../lib/apiClient';
import { ApiContext } from '../lib/useApi';
import { authApi } from '../features/auth/api/amplify';
import { currentWorkspaceId, reportLostAccess } from '../features/workspaces';

export function ApiProvider({ baseUrl, children }: { baseUrl: string; children: ReactNode }) {
  const client = useMemo(
    () =>
      createApiClient({
        baseUrl,
        getToken: () => authApi.idToken(),
        getWorkspace: currentWorkspaceId,
        // A removed member's open page: the shell says so and offers their own workspaces.
        onError: (error) => {
          if (error.code === 'NotAWorkspaceMember') reportLostAccess(error.message);
        },
      }),
    [baseUrl],
  );
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}
