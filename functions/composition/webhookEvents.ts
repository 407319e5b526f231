import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../clock';
import { readTableNames } from '../config';
import { createWebhookEvents, type WebhookEvents } from '../services/webhookEvents';
import { createWebhookQueue } from '../services/webhookQueue';
import { readSiteUrl } from './shared';

/**
 * The moments' reporter for a function where they happen (finalize, approvals, token freshness):
 * the webhooks' queue in the memberships table, without signing or the network.
 */
export function webhookEventsFor(env: NodeJS.ProcessEnv, db: DynamoDBDocumentClient, clock: Clock): WebhookEvents {
  const queue = createWebhookQueue({ db, tableName: readTableNames(env, ['memberships']).memberships, clock });
  return createWebhookEvents({ queue, siteUrl: () => readSiteUrl(env), now: () => clock.now() });
}
