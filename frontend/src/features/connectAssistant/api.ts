import { useMutation, useQuery } from '@tanstack/react-query';
import type { McpAuthorizationRequest, McpConsentResult } from '../../../../shared/api/mcp';
import { useApi } from '../../lib/useApi';
import { useAuth } from '../auth';

/** What the assistant asks (its name, where it returns, the scopes it wants), or why it cannot. */
export function useConsent(request: McpAuthorizationRequest | undefined) {
  const api = useApi();
  const { status } = useAuth();
  return useQuery({ queryKey: ['mcpConsent', request], enabled: status === 'signedIn' && request !== undefined, retry: false, queryFn: () => api('getMcpConsent', { query: request! }) });
}

/** The person's answer; the server says where the browser goes back to. */
export function useDecideConsent() {
  const api = useApi();
  return useMutation({ mutationFn: (body: McpConsentResult) => api('decideMcpConsent', { body }) });
}
