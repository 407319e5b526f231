import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createApiClient, type ApiCall } from '../lib/apiClient';
import { authApi } from '../features/auth/api/amplify';

const ApiContext = createContext<ApiCall | undefined>(undefined);

export function ApiProvider({ baseUrl, children }: { baseUrl: string; children: ReactNode }) {
  const client = useMemo(() => createApiClient({ baseUrl, getToken: () => authApi.idToken() }), [baseUrl]);
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiCall {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside <ApiProvider>');
  return client;
}
