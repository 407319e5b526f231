import { apiDependencies } from '../composition/http';
import { idempotency } from '../composition/idempotency';
import { webhookService } from '../composition/webhooks';
import { createHttpHandler } from '../http/httpHandler';

const webhooks = webhookService();

export const handler = createHttpHandler(
  'webhooks',
  {
    // `user` is the workspace's partition; `caller` the person.
    listWebhookEndpoints: ({ user }) => webhooks.list(user),
    createWebhookEndpoint: ({ user, caller, input }) => webhooks.create(user, caller!, input.body),
    updateWebhookEndpoint: ({ user, input }) => webhooks.update(user, input.path.endpointId, input.body),
    deleteWebhookEndpoint: ({ user, input }) => webhooks.remove(user, input.path.endpointId),
    rotateWebhookSecret: ({ user, input }) => webhooks.rotateSecret(user, input.path.endpointId),
    testWebhookEndpoint: ({ user, input }) => webhooks.sendTest(user, input.path.endpointId),
    listWebhookDeliveries: ({ user, input }) => webhooks.deliveries(user, input.path.endpointId),
    redeliverWebhook: ({ user, input }) => webhooks.redeliver(user, input.path.endpointId, input.path.deliveryId),
  },
  // Every write takes an Idempotency-Key (issue 30); a create's or rotation's answer, the secret
  // included, is kept 24 hours for a retry, as the secret itself is kept beside the endpoint.
  { ...apiDependencies('webhooks'), idempotency: idempotency() },
);
