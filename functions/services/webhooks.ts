import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookPayload,
} from '../../shared/api/webhooks';
import type { Clock } from '../clock';
import { InvalidInput, NotFound, QuotaExceeded } from '../errors';
import type { UserIdentity } from './memberships';
import { attemptWords, disableReason, newWebhookSecret, nextAttemptAt, noAnswerWords, webhookHeaders } from './webhookRules';
import { retryAfterSeconds } from './feedBackoff';
import { createWebhookQueue, deliveryPrefix, deliveryRecord, endpointRecord, webhookMessageId, WEBHOOK_SHARD, type DeliveryItem, type EndpointItem } from './webhookQueue';

/** How long a run's claim on a delivery holds before another run may attempt it (a run that died). */
const CLAIM_SECONDS = 120;
/** A rotated secret still signs (beside the new one) this long, so receivers can switch without losing a delivery. */
const PREVIOUS_SECRET_HOURS = 24;
/** Attempts kept in a delivery's log. */
const ATTEMPTS_KEPT = 20;
/** Deliveries the log lists per endpoint. */
const DELIVERIES_LISTED = 50;

/** An address the outbound rule refused, with why in words (the composition maps the rule's own error to it). */
export class EndpointRefused extends Error {}

export type WebhookFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface WebhookServiceDeps {
  db: DynamoDBDocumentClient;
  /** The memberships table: a workspace's endpoints and their deliveries are rows in its partition. */
  tableName: string;
  /** POSTs under the one outbound rule (functions/http/outbound.ts) with the attempt's timeout; a refusal is an EndpointRefused. */
  fetch: WebhookFetch;
  /** The same rule's address check, for an endpoint's address when it is added or changed (EndpointRefused). */
  checkAddress: (url: string) => Promise<void>;
  /** Tells the workspace's admins (in the app) that an endpoint was disabled, and why. */
  notifyDisabled: (workspaceId: string, endpoint: WebhookEndpoint) => Promise<void>;
  clock: Clock;
}

/** What one job run did. */
export interface WebhooksRunReport {
  due: number;
  attempted: number;
  delivered: number;
  failed: number;
}

function toEndpoint(item: EndpointItem): WebhookEndpoint {
  return {
    endpointId: item.endpointId,
    url: item.url,
    events: item.events,
    description: item.description,
    enabled: item.enabled,
    disabledReason: item.enabled ? null : (item.disabledReason ?? null),
    disabledAt: item.enabled ? null : (item.disabledAt ?? null),
    failingSince: item.failingSince ?? null,
    secretStart: `${item.secret.slice(0, 10)}…`,
    createdAt: item.createdAt,
  };
}

function toDelivery(item: DeliveryItem): WebhookDelivery {
  return {
    deliveryId: item.deliveryId,
    endpointId: item.endpointId,
    type: item.type,
    createdAt: item.createdAt,
    status: item.status,
    attempts: item.attempts,
    nextAttemptAt: item.status === 'pending' ? (item.nextAttemptAt ?? null) : null,
    payload: item.payload,
  };
}

/**
 * Signed webhooks (issue 30, item 4). An endpoint is a row of its workspace's partition in the
 * memberships table (`webhook#<endpointId>`); each moment an endpoint chose becomes one delivery
 * row (`webhookDelivery#<endpointId>#<webhook-id>`), written only where none is (a moment reported
 * twice is delivered once). The sparse byWebhookDue index lists the deliveries waiting for an
 * attempt, for the scheduled job; each attempt is signed per Standard Webhooks, goes through the
 * outbound rule, and its outcome is kept in the delivery's log.
 */
export function createWebhookService({ db, tableName, fetch, checkAddress, notifyDisabled, clock }: WebhookServiceDeps) {
  const newId = monotonicFactory();

  async function load(userId: string, endpointId: string): Promise<EndpointItem> {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId, record: endpointRecord(endpointId) }, ConsistentRead: true }));
    if (!Item) throw new NotFound('This webhook endpoint is not in this workspace (any more).');
    return Item as EndpointItem;
  }

  async function loadDelivery(userId: string, endpointId: string, deliveryId: string): Promise<DeliveryItem> {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId, record: deliveryRecord(endpointId, deliveryId) }, ConsistentRead: true }));
    if (!Item || (Item as DeliveryItem).removeAt * 1000 <= clock.now().getTime()) throw new NotFound('This delivery is not in the log (any more).');
    return Item as DeliveryItem;
  }

  const queue = createWebhookQueue({ db, tableName, clock });
  const { rowsWithPrefix, endpointsOf, enqueue } = queue;

  async function checked(url: string): Promise<string> {
    try {
      await checkAddress(url);
    } catch (error) {
      if (error instanceof EndpointRefused) throw new InvalidInput(`This endpoint address cannot be used: ${error.message}`, [{ path: 'url', message: error.message }]);
      throw error;
    }
    return new URL(url).href;
  }

  /** The secrets that sign now: the current one, and the previous one while it is honoured. */
  function signingSecrets(endpoint: EndpointItem, now: Date): string[] {
    const previous = endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now.toISOString() ? [endpoint.previousSecret] : [];
    return [endpoint.secret, ...previous];
  }

  /** Disables an endpoint (once: only while enabled) and tells the admins. */
  async function disable(endpoint: EndpointItem, reason: string, at: string): Promise<void> {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: endpoint.userId, record: endpoint.record },
          UpdateExpression: 'SET enabled = :false, disabledReason = :reason, disabledAt = :at',
          ConditionExpression: 'enabled = :true',
          ExpressionAttributeValues: { ':false': false, ':true': true, ':reason': reason, ':at': at },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return;
      throw error;
    }
    await notifyDisabled(endpoint.userId, toEndpoint({ ...endpoint, enabled: false, disabledReason: reason, disabledAt: at }));
  }

  /** Records an attempt's outcome on the endpoint: a delivery ends its failing streak; a failure starts or continues it, and may disable it. */
  async function recordOnEndpoint(endpoint: EndpointItem, delivered: boolean, statusCode: number | null, now: Date): Promise<boolean> {
    if (delivered) {
      if (endpoint.failingSince) {
        await db.send(
          new UpdateCommand({ TableName: tableName, Key: { userId: endpoint.userId, record: endpoint.record }, UpdateExpression: 'REMOVE failingSince', ConditionExpression: 'attribute_exists(#record)', ExpressionAttributeNames: { '#record': 'record' } }),
        ).catch(ignoreGone);
      }
      return false;
    }
    const failingSince = endpoint.failingSince ?? now.toISOString();
    if (!endpoint.failingSince) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId: endpoint.userId, record: endpoint.record },
          UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :now)',
          ConditionExpression: 'attribute_exists(#record)',
          ExpressionAttributeNames: { '#record': 'record' },
          ExpressionAttributeValues: { ':now': failingSince },
        }),
      ).catch(ignoreGone);
    }
    const reason = disableReason(now, failingSince, statusCode);
    if (!reason) return false;
    await disable({ ...endpoint, failingSince }, reason, now.toISOString());
    return true;
  }

  /**
   * One attempt of a delivery: signed now, POSTed under the outbound rule (no redirect followed,
   * 15 seconds), 2xx delivered; otherwise the next attempt is scheduled, or the delivery failed.
   * An endpoint removed or disabled meanwhile ends the delivery without a request.
   */
  async function attempt(delivery: DeliveryItem): Promise<DeliveryItem> {
    const now = clock.now();
    const at = now.toISOString();
    const endpoint = await load(delivery.userId, delivery.endpointId).catch(() => undefined);
    const number = delivery.attemptCount + 1;
    let outcome: WebhookAttempt;
    let retryAfter: number | undefined;
    let stop: boolean;
    if (!endpoint || !endpoint.enabled) {
      outcome = { attempt: number, at, statusCode: null, delivered: false, message: endpoint ? 'Not sent: the endpoint is disabled.' : 'Not sent: the endpoint was removed.', durationMs: 0 };
      stop = true;
    } else {
      const started = Date.now();
      try {
        const response = await fetch(endpoint.url, { method: 'POST', headers: webhookHeaders(signingSecrets(endpoint, now), delivery.deliveryId, now, delivery.payload), body: delivery.payload });
        const delivered = response.status >= 200 && response.status < 300;
        retryAfter = retryAfterSeconds(response.headers.get('retry-after'), now);
        outcome = { attempt: number, at, statusCode: response.status, delivered, message: attemptWords(response.status), durationMs: Date.now() - started };
      } catch (error) {
        outcome = { attempt: number, at, statusCode: null, delivered: false, message: noAnswerWords(error, (refused) => refused instanceof EndpointRefused), durationMs: Date.now() - started };
      }
      stop = await recordOnEndpoint(endpoint, outcome.delivered, outcome.statusCode, now);
    }
    const roundAttempts = delivery.roundAttempts + 1;
    const next = outcome.delivered || stop ? undefined : nextAttemptAt(now, roundAttempts, retryAfter);
    const status: DeliveryItem['status'] = outcome.delivered ? 'delivered' : next ? 'pending' : 'failed';
    const updated: DeliveryItem = { ...delivery, attempts: [outcome, ...delivery.attempts].slice(0, ATTEMPTS_KEPT), attemptCount: number, roundAttempts, status };
    delete updated.nextAttemptAt;
    delete updated.webhookShard;
    delete updated.webhookDueAt;
    if (next) Object.assign(updated, { nextAttemptAt: next.toISOString(), webhookShard: WEBHOOK_SHARD, webhookDueAt: next.toISOString() });
    await db.send(new PutCommand({ TableName: tableName, Item: updated, ConditionExpression: 'attribute_exists(#record)', ExpressionAttributeNames: { '#record': 'record' } })).catch(ignoreGone);
    return updated;
  }

  return {
    async list(user: UserIdentity): Promise<{ endpoints: WebhookEndpoint[] }> {
      return { endpoints: (await endpointsOf(user.userId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(toEndpoint) };
    },

    /** Adds an endpoint: its address keeps the outbound rule now (refused in words); its secret is answered this once. */
    async create(user: UserIdentity, caller: UserIdentity, input: CreateWebhookEndpoint): Promise<WebhookEndpointWithSecret> {
      const url = await checked(input.url);
      const existing = await endpointsOf(user.userId);
      if (existing.length >= MAX_WEBHOOK_ENDPOINTS) throw new QuotaExceeded(`A workspace can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: remove one first.`);
      const now = clock.now();
      const endpointId = newId(now.getTime());
      const item: EndpointItem = {
        userId: user.userId,
        record: endpointRecord(endpointId),
        endpointId,
        url,
        events: input.events,
        description: input.description,
        secret: newWebhookSecret(),
        enabled: true,
        createdAt: now.toISOString(),
        createdBy: caller.userId,
      };
      await db.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(#record)', ExpressionAttributeNames: { '#record': 'record' } }));
      return { endpoint: toEndpoint(item), secret: item.secret };
    },

    /** Changes an endpoint's address, events or description, or disables or re-enables it (a re-enabled one starts with a clean record). */
    async update(user: UserIdentity, endpointId: string, input: UpdateWebhookEndpoint): Promise<WebhookEndpoint> {
      const endpoint = await load(user.userId, endpointId);
      const updated: EndpointItem = {
        ...endpoint,
        ...(input.url !== undefined ? { url: await checked(input.url) } : {}),
        ...(input.events ? { events: input.events } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      };
      if (input.enabled === true && !endpoint.enabled) {
        updated.enabled = true;
        delete updated.disabledReason;
        delete updated.disabledAt;
        delete updated.failingSince;
      } else if (input.enabled === false && endpoint.enabled) {
        Object.assign(updated, { enabled: false, disabledReason: 'Disabled by a person in Settings.', disabledAt: clock.now().toISOString() });
      }
      await db.send(new PutCommand({ TableName: tableName, Item: updated, ConditionExpression: 'attribute_exists(#record)', ExpressionAttributeNames: { '#record': 'record' } }));
      return toEndpoint(updated);
    },

    /** Removes an endpoint and its delivery log. */
    async remove(user: UserIdentity, endpointId: string): Promise<WebhookEndpoint> {
      const endpoint = await load(user.userId, endpointId);
      await db.send(new DeleteCommand({ TableName: tableName, Key: { userId: user.userId, record: endpoint.record } }));
      const keys = (await rowsWithPrefix<DeliveryItem>(user.userId, deliveryPrefix(endpointId))).map((row) => ({ userId: row.userId, record: row.record }));
      for (let start = 0; start < keys.length; start += 25) {
        let requests: Array<Record<string, unknown>> = keys.slice(start, start + 25).map((key) => ({ DeleteRequest: { Key: key } }));
        while (requests.length) {
          const answer = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests as never } }));
          requests = (answer.UnprocessedItems?.[tableName] ?? []) as Array<Record<string, unknown>>;
        }
      }
      return toEndpoint({ ...endpoint, enabled: false });
    },

    /** A new secret, answered this once; the old one still signs (beside it) for a day. */
    async rotateSecret(user: UserIdentity, endpointId: string): Promise<WebhookEndpointWithSecret> {
      const endpoint = await load(user.userId, endpointId);
      const now = clock.now();
      const updated: EndpointItem = {
        ...endpoint,
        secret: newWebhookSecret(),
        previousSecret: endpoint.secret,
        previousSecretUntil: new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3_600_000).toISOString(),
      };
      await db.send(
        new PutCommand({ TableName: tableName, Item: updated, ConditionExpression: 'secret = :secret', ExpressionAttributeValues: { ':secret': endpoint.secret } }),
      );
      return { endpoint: toEndpoint(updated), secret: updated.secret };
    },

    /** Sends a `webhook.test` event to one endpoint now (and retries it like any delivery). */
    async sendTest(user: UserIdentity, endpointId: string): Promise<WebhookDelivery> {
      const endpoint = await load(user.userId, endpointId);
      if (!endpoint.enabled) throw new InvalidInput('This endpoint is disabled: enable it first.');
      const now = clock.now();
      const moment = `test:${endpointId}:${newId(now.getTime())}`;
      const payload: WebhookPayload = { type: WEBHOOK_TEST_EVENT, timestamp: now.toISOString(), data: { workspaceId: user.userId, endpointId, message: 'A test event from OneClick.' } };
      const delivery = await enqueue(endpoint, webhookMessageId(user.userId, moment), WEBHOOK_TEST_EVENT, JSON.stringify(payload));
      return toDelivery(await attempt(delivery!));
    },

    /** The endpoint's delivery log, newest first. */
    async deliveries(user: UserIdentity, endpointId: string): Promise<{ deliveries: WebhookDelivery[] }> {
      await load(user.userId, endpointId);
      const now = Math.floor(clock.now().getTime() / 1000);
      const rows = (await rowsWithPrefix<DeliveryItem>(user.userId, deliveryPrefix(endpointId))).filter((row) => row.removeAt > now);
      return { deliveries: rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, DELIVERIES_LISTED).map(toDelivery) };
    },

    /** Sends one delivery again now (same webhook-id and body, signed anew), with a new round of retries if it fails. */
    async redeliver(user: UserIdentity, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
      const endpoint = await load(user.userId, endpointId);
      if (!endpoint.enabled) throw new InvalidInput('This endpoint is disabled: enable it first.');
      const delivery = await loadDelivery(user.userId, endpointId, deliveryId);
      return toDelivery(await attempt({ ...delivery, roundAttempts: 0 }));
    },

    /** Reports a moment (functions/services/webhookQueue.ts). */
    emit: queue.emit,

    /** The scheduled job: attempts every delivery that is due (at most `limit` a run), each claimed so that two runs attempt it once. */
    async run(limit = 50): Promise<WebhooksRunReport> {
      const now = clock.now();
      const page = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'byWebhookDue',
          KeyConditionExpression: 'webhookShard = :shard AND webhookDueAt <= :now',
          ExpressionAttributeValues: { ':shard': WEBHOOK_SHARD, ':now': now.toISOString() },
          Limit: limit,
        }),
      );
      const report: WebhooksRunReport = { due: page.Items?.length ?? 0, attempted: 0, delivered: 0, failed: 0 };
      for (const due of (page.Items ?? []) as DeliveryItem[]) {
        const claimedUntil = new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString();
        try {
          await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: { userId: due.userId, record: due.record },
              UpdateExpression: 'SET webhookDueAt = :claimed',
              ConditionExpression: 'webhookDueAt = :seen',
              ExpressionAttributeValues: { ':claimed': claimedUntil, ':seen': due.webhookDueAt },
            }),
          );
        } catch (error) {
          if (error instanceof ConditionalCheckFailedException) continue;
          throw error;
        }
        const delivery = await loadDelivery(due.userId, due.endpointId, due.deliveryId).catch(() => undefined);
        if (!delivery || delivery.status !== 'pending') continue;
        const attempted = await attempt(delivery);
        report.attempted++;
        if (attempted.status === 'delivered') report.delivered++;
        if (attempted.status === 'failed') report.failed++;
      }
      return report;
    },
  };
}

function ignoreGone(error: unknown): void {
  if (!(error instanceof ConditionalCheckFailedException)) throw error;
}

export type WebhookService = ReturnType<typeof createWebhookService>;
