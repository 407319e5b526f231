import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { WEBHOOK_TIMEOUT_MS, type WebhookEndpoint } from '../../shared/api/webhooks';
import type { Clock } from '../clock';
import { checkOutboundAddress, createOutboundFetch, OutboundRefused, outboundAllowedOrigins, type OutboundFetch, type OutboundRule } from '../http/outbound';
import { NOTIFICATION_PREFIX, type PostStore } from '../services/postStore';
import { createWebhookService, EndpointRefused, type WebhookService } from '../services/webhooks';
import { createWorkspaceService, type WorkspaceService } from '../services/workspaces';
import { postStore } from './postStore';
import { clock, documentClient, readSiteUrl, tableName } from './shared';

/** An attempt reads at most 64 KiB of the endpoint's answer (its body is never shown), within 15 seconds. */
const WEBHOOK_RULE: Pick<OutboundRule, 'maxBytes' | 'timeoutMs'> = { maxBytes: 64 * 1024, timeoutMs: WEBHOOK_TIMEOUT_MS };

/** The rule's refusal as the webhook service's own error (services do not import the HTTP layer). */
async function refusedInWords<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw error instanceof OutboundRefused ? new EndpointRefused(error.message) : error;
  }
}

/** The webhook service's POST and address check under the outbound rule (the twin's and the tests' too). */
export function webhookOutbound(rule: OutboundRule, fetchImpl?: OutboundFetch) {
  const outboundFetch = createOutboundFetch({ ...WEBHOOK_RULE, ...rule }, fetchImpl);
  return {
    fetch: (url: string, init: RequestInit) => refusedInWords(outboundFetch(url, init)),
    checkAddress: (url: string) => refusedInWords(checkOutboundAddress(url, rule)),
  };
}

/**
 * The in-app notice that an endpoint was disabled: for each owner and admin of a shared workspace
 * (who may manage webhooks), for the owner of a personal one. Once per disabling (its id names the time).
 */
export function disabledNotifier({ posts, workspaces, clock }: { posts: Pick<PostStore, 'putNotification'>; workspaces: Pick<WorkspaceService, 'team'>; clock: Clock }) {
  return async (workspaceId: string, endpoint: WebhookEndpoint): Promise<void> => {
    const team = await workspaces.team(workspaceId);
    const admins = team.members.filter((member) => member.role === 'owner' || member.role === 'admin').map((member) => member.userId);
    const recipients: Array<string | undefined> = admins.length ? admins : [undefined];
    const about = `webhook.${endpoint.endpointId}`;
    const at = endpoint.disabledAt ?? clock.now().toISOString();
    for (const recipientId of recipients) {
      await posts.putNotification({
        userId: workspaceId,
        postId: `${NOTIFICATION_PREFIX}${about}#webhook_disabled#${at}${recipientId ? `#${recipientId}` : ''}`,
        notificationId: `${about}.disabled.${at}${recipientId ? `.${recipientId}` : ''}`,
        kind: 'webhook_disabled',
        postStatus: 'failed',
        excerpt: endpoint.url,
        scheduledFor: null,
        failures: [],
        comment: endpoint.disabledReason,
        createdAt: at,
        ...(recipientId ? { recipientId } : {}),
      });
    }
  };
}

export interface WebhookServiceParts {
  db: DynamoDBDocumentClient;
  tableName: string;
  rule: OutboundRule;
  posts: Pick<PostStore, 'putNotification'>;
  workspaces: Pick<WorkspaceService, 'team'>;
  clock: Clock;
  fetchImpl?: OutboundFetch;
}

/** The webhook service from its parts (the function's, the twin's and the tests'). */
export function buildWebhookService({ db, tableName, rule, posts, workspaces, clock, fetchImpl }: WebhookServiceParts): WebhookService {
  return createWebhookService({ db, tableName, ...webhookOutbound(rule, fetchImpl), notifyDisabled: disabledNotifier({ posts, workspaces, clock }), clock });
}

let service: WebhookService | undefined;
/**
 * Webhooks for the API function and the delivery job: endpoints and deliveries in the memberships
 * table, the disabled notice in the posts table (the workspace's notifications), the admins from the
 * workspace's members (no mail is sent from here).
 */
export function webhookService(): WebhookService {
  if (service) return service;
  const db = documentClient();
  const workspaces = createWorkspaceService({
    db,
    tableName: tableName('memberships'),
    clock,
    mailer: { send: () => Promise.reject(new Error('Webhooks send no mail')) },
    siteUrl: () => readSiteUrl(process.env),
  });
  service = buildWebhookService({ db, tableName: tableName('memberships'), rule: { allowedOrigins: outboundAllowedOrigins(process.env) }, posts: postStore(), workspaces, clock });
  return service;
}
