import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookEndpoint, UpdateWebhookEndpoint } from '../../../../shared/api/webhooks';
import { useApi } from '../../lib/useApi';
import { useCurrentWorkspaceId } from '../workspaces';

const webhooksKey = ['webhooks'] as const;

/** The current workspace's webhook endpoints; refetched each minute while shown (the job delivers). */
export function useWebhookEndpoints(enabled: boolean) {
  const api = useApi();
  const workspaceId = useCurrentWorkspaceId();
  return useQuery({ queryKey: [...webhooksKey, workspaceId ?? 'personal'], queryFn: () => api('listWebhookEndpoints'), enabled, refetchInterval: 60_000 });
}

/** An endpoint's delivery log, while it is open. */
export function useWebhookDeliveries(endpointId: string, enabled: boolean) {
  const api = useApi();
  const workspaceId = useCurrentWorkspaceId();
  return useQuery({
    queryKey: [...webhooksKey, workspaceId ?? 'personal', endpointId, 'deliveries'],
    queryFn: () => api('listWebhookDeliveries', { path: { endpointId } }),
    enabled,
    refetchInterval: 30_000,
  });
}

function useWebhookMutation<Input, Output>(call: (api: ReturnType<typeof useApi>, input: Input) => Promise<Output>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: Input) => call(api, input), onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }) });
}

export const useCreateWebhookEndpoint = () => useWebhookMutation((api, body: CreateWebhookEndpoint) => api('createWebhookEndpoint', { body }));
export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation((api, { endpointId, ...body }: UpdateWebhookEndpoint & { endpointId: string }) => api('updateWebhookEndpoint', { path: { endpointId }, body }));
export const useDeleteWebhookEndpoint = () => useWebhookMutation((api, endpointId: string) => api('deleteWebhookEndpoint', { path: { endpointId } }));
export const useRotateWebhookSecret = () => useWebhookMutation((api, endpointId: string) => api('rotateWebhookSecret', { path: { endpointId } }));
export const useTestWebhookEndpoint = () => useWebhookMutation((api, endpointId: string) => api('testWebhookEndpoint', { path: { endpointId } }));
export const useRedeliverWebhook = () =>
  useWebhookMutation((api, path: { endpointId: string; deliveryId: string }) => api('redeliverWebhook', { path }));
