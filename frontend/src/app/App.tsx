import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { WebConfig } from '../../../shared/api/webConfig';
import { AuthProvider } from '../features/auth/AuthProvider';
import { ApiProvider } from './ApiProvider';
import { router } from './router';

export function App({ config }: { config: WebConfig }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider baseUrl={config.apiUrl}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
