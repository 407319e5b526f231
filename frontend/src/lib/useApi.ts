import { createContext, useContext } from 'react';
import type { ApiCall } from './apiClient';

/** The signed-in API client; app/ApiProvider provides it, features call `useApi()`. */
export const ApiContext = createContext<ApiCall | undefined>(undefined);

export function useApi(): ApiCall {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside <ApiProvider>');
  return client;
}
