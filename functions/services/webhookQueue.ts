import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { WEBHOOK_LOG_DAYS, type WebhookAttempt, type WebhookDelivery, type WebhookDeliveryType, type WebhookEventType, type WebhookPayload } from '../../shared/api/webhooks';
import type { Clock } from '../clock';
import { recordsWithPrefix } from './recordsWithPrefix';

/**
 * The webhooks' queue: a moment becomes one delivery row per endpoint that chose it, due now. The
 * small half of webhooks, without signing or the network, for the functions where the moments
 * happen (the publishing engine's finalize, approvals, token refresh); functions/services/webhooks.ts
 * delivers.
 */

/** The sparse byWebhookDue index's one partition: every delivery waiting for an attempt, by when. */
export const WEBHOOK_SHARD = 'webhooks';

export interface EndpointItem {
  userId: string;
  record: string;
  endpointId: string;
  url: string;
  events: WebhookEventType[];
  description: string;
  secret: string;
  /** The secret before the last rotation, signing too until `previousSecretUntil`. */
  previousSecret?: string;
  previousSecretUntil?: string;
  enabled: boolean;
  disabledReason?: string;
  disabledAt?: string;
  /** Since when every attempt to it has failed (removed by a delivered one). */
  failingSince?: string;
  createdAt: string;
  createdBy: string;
}

export interface DeliveryItem {
  userId: string;
  record: string;
  endpointId: string;
  deliveryId: string;
  type: WebhookDeliveryType;
  /** The body, exactly as signed and sent. */
  payload: string;
  createdAt: string;
  status: WebhookDelivery['status'];
  attempts: WebhookAttempt[];
  /** Attempts made in all (the log's numbering). */
  attemptCount: number;
  /** Attempts made in this round (the schedule's position; a redelivery starts a new round). */
  roundAttempts: number;
  nextAttemptAt?: string;
  webhookShard?: string;
  webhookDueAt?: string;
  /** Epoch seconds: the table's time to live removes the delivery from the log then (and the log ignores it). */
  removeAt: number;
}

/** A moment to report: its type, what makes it unique (the webhook-id comes from it), its time and data. */
export interface WebhookMoment {
  type: WebhookEventType;
  /** "post:<postId>:outcome:<execution>", "connection:<id>:needs_reconnect:<time>"… */
  moment: string;
  at: string;
  data: WebhookPayload['data'];
}

export const endpointRecord = (endpointId: string) => `webhook#${endpointId}`;
export const deliveryPrefix = (endpointId: string) => `webhookDelivery#${endpointId}#`;
export const deliveryRecord = (endpointId: string, deliveryId: string) => `${deliveryPrefix(endpointId)}${deliveryId}`;

/**
 * The webhook-id of a moment (a post's outcome for one execution, a submission, an approval, a
 * connection needing reconnect): derived from the workspace and the moment, never random, so the
 * same moment reported twice (a retried finalize, a second run) is one delivery per endpoint, and
 * a receiver that sees an id again knows it is a duplicate. No `.` (the spec's rule for ids).
 */
export function webhookMessageId(workspaceId: string, moment: string): string {
  return `msg_${createHash('sha256').update(`${workspaceId}\n${moment}`).digest('hex').slice(0, 26)}`;
}

export interface WebhookQueueDeps {
  db: DynamoDBDocumentClient;
  /** The memberships table. */
  tableName: string;
  clock: Clock;
}

export function createWebhookQueue({ db, tableName, clock }: WebhookQueueDeps) {
  const rowsWithPrefix = <T>(userId: string, prefix: string) => recordsWithPrefix<T>(db, tableName, userId, prefix);

  const endpointsOf = (userId: string) => rowsWithPrefix<EndpointItem>(userId, 'webhook#');

  /** A new delivery of `payload` to an endpoint, due now, unless that webhook-id went to it already (then undefined). */
  async function enqueue(endpoint: EndpointItem, deliveryId: string, type: WebhookDeliveryType, payload: string): Promise<DeliveryItem | undefined> {
    const now = clock.now();
    const item: DeliveryItem = {
      userId: endpoint.userId,
      record: deliveryRecord(endpoint.endpointId, deliveryId),
      endpointId: endpoint.endpointId,
      deliveryId,
      type,
      payload,
      createdAt: now.toISOString(),
      status: 'pending',
      attempts: [],
      attemptCount: 0,
      roundAttempts: 0,
      nextAttemptAt: now.toISOString(),
      webhookShard: WEBHOOK_SHARD,
      webhookDueAt: now.toISOString(),
      removeAt: Math.floor(now.getTime() / 1000) + WEBHOOK_LOG_DAYS * 86_400,
    };
    try {
      await db.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(#record)', ExpressionAttributeNames: { '#record': 'record' } }));
      return item;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  return {
    rowsWithPrefix,
    endpointsOf,
    enqueue,

    /**
     * Reports a moment: one delivery for each enabled endpoint of the workspace that chose its
     * type, due now. The webhook-id is derived from the moment, and a delivery is written only
     * where none has that id: reporting a moment again sends nothing more. Answers how many were queued.
     */
    async emit(workspaceId: string, moment: WebhookMoment): Promise<number> {
      const endpoints = (await endpointsOf(workspaceId)).filter((endpoint) => endpoint.enabled && endpoint.events.includes(moment.type));
      if (!endpoints.length) return 0;
      const deliveryId = webhookMessageId(workspaceId, moment.moment);
      const payload: WebhookPayload = { type: moment.type, timestamp: moment.at, data: moment.data };
      const body = JSON.stringify(payload);
      let queued = 0;
      for (const endpoint of endpoints) if (await enqueue(endpoint, deliveryId, moment.type, body)) queued++;
      return queued;
    },
  };
}

export type WebhookQueue = ReturnType<typeof createWebhookQueue>;
