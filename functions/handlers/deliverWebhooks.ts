import { createLogger } from '../composition/shared';
import { webhookService } from '../composition/webhooks';
import type { WebhooksRunReport } from '../services/webhooks';

const logger = createLogger('deliver-webhooks');
const webhooks = webhookService();

/** Scheduled (EventBridge every minute on AWS, a timer offline): attempts the webhook deliveries that are due. */
export async function handler(): Promise<WebhooksRunReport> {
  const report = await webhooks.run();
  logger.info('Webhooks delivered', { ...report });
  return report;
}
