import { useMemo, type ReactNode } from 'react';
import { createApiClient } from '../lib/apiClient';
import { ApiContext } from '../lib/useApi';
import { authApi } from '../features/auth/api/amplify';

export function ApiProvider({ baseUrl, children }: { baseUrl: string; children: ReactNode }) {
  const client = useMemo(() => createApiClient({ baseUrl, getToken: () => authApi.idToken() }), [baseUrl]);
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}
