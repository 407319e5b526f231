import * as z from '../zod';
import { platforms } from '../platforms';

/**
 * Signed webhooks (issue 30, item 4): a workspace's endpoints receive its posts' and accounts'
 * moments as Standard Webhooks (https://www.standardwebhooks.com: the `webhook-id`,
 * `webhook-timestamp` and `webhook-signature` headers, HMAC-SHA256 with a `whsec_` secret),
 * delivered from a queue with retries for about a day (functions/services/webhooks.ts).
 */
export const webhookEventTypes = [
  'post.published',
  'post.partially_published',
  'post.failed',
  'post.needs_approval',
  'post.approved',
  'connection.needs_reconnect',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What "Send test" sends: chosen by no endpoint, delivered to the one tested. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** At most this many endpoints per workspace. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/**
 * When each attempt is made, in seconds after the one before: the Standard Webhooks
 * specification's example schedule ("Deliverability and reliability") up to about a day —
 * immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (27 h 35 min 5 s in all, 8 attempts).
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** An endpoint whose every attempt failed for this long is disabled (re-enabled by hand). */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;

/** How long a delivery stays in the log. */
export const WEBHOOK_LOG_DAYS = 30;

/** One attempt waits this long for the answer. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

const ulidPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;

const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, "Paste the endpoint's address.")
  .max(2000, 'An endpoint address can be at most 2,000 characters.')
  .refine((value) => URL.canParse(value), 'Not an address: paste the whole endpoint address, starting with https://.');

const eventListSchema = z
  .array(z.enum(webhookEventTypes))
  .min(1, 'Choose at least one event.')
  .refine((events) => new Set(events).size === events.length, 'The same event is chosen twice.');

export const createWebhookEndpointSchema = z.object({
  url: webhookUrlSchema,
  events: eventListSchema,
  description: z.string().trim().max(200, 'A description can be at most 200 characters.').default(''),
});
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z.object({
  url: webhookUrlSchema.optional(),
  events: eventListSchema.optional(),
  description: z.string().trim().max(200, 'A description can be at most 200 characters.').optional(),
  /** true: re-enabled by hand (after it was disabled for failing, or by a person); false: disabled. */
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpoint = z.infer<typeof updateWebhookEndpointSchema>;

export const webhookPathSchema = z.object({ endpointId: z.string().regex(ulidPattern, 'Not a webhook endpoint id.') });
export const webhookDeliveryPathSchema = webhookPathSchema.extend({
  deliveryId: z.string().regex(/^msg_[0-9a-z]{26}$/, 'Not a webhook delivery id.'),
});

export const webhookEndpointSchema = z.object({
  endpointId: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  description: z.string(),
  enabled: z.boolean(),
  /** Why it is disabled, in words (by a person, or after failing for a day); null while enabled. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** Since when every attempt to it has failed (null: its last attempt was delivered, or none failed). */
  failingSince: z.string().nullable(),
  /** The secret's first characters, to tell secrets apart (the whole secret is shown once). */
  secretStart: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** An endpoint as created, or with its secret rotated: the secret, shown this once. */
export const webhookEndpointWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookAttemptSchema = z.object({
  attempt: z.number().int().positive(),
  at: z.string(),
  /** The endpoint's status code, or null when no answer came (refused, unreachable, timed out). */
  statusCode: z.number().int().nullable(),
  delivered: z.boolean(),
  /** In words: "Delivered (200).", "The endpoint answered 500.", "No answer within 15 seconds." */
  message: z.string(),
  durationMs: z.number().int().nonnegative(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  /** The webhook-id header: the same for every attempt of one moment, so a receiver can drop a duplicate. */
  deliveryId: z.string(),
  endpointId: z.string(),
  type: z.string(),
  createdAt: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  /** The newest first, at most 20. */
  attempts: z.array(webhookAttemptSchema),
  nextAttemptAt: z.string().nullable(),
  /** The body sent (the signed JSON). */
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** One publish target's outcome in an event's data: the words the app shows, never a platform's body. */
export const webhookTargetSchema = z.object({
  platform: z.enum(platforms),
  accountId: z.string(),
  accountName: z.string(),
  status: z.string(),
  url: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookTarget = z.infer<typeof webhookTargetSchema>;

/** The `data` of a post's event. */
export interface PostEventData {
  workspaceId: string;
  postId: string;
  status: string;
  title: string | null;
  excerpt: string;
  scheduledFor: string | null;
  publishedAt: string | null;
  targets: WebhookTarget[];
  /** The post in the app. */
  link: string;
  /** Who submitted or approved it (approval events). */
  by?: string;
}

/** The `data` of connection.needs_reconnect. */
export interface ConnectionEventData {
  workspaceId: string;
  platform: (typeof platforms)[number];
  accountId: string;
  accountName: string;
  reason: string;
  link: string;
}

/** A Standard Webhooks payload: `{ type, timestamp, data }`. */
export interface WebhookPayload<Data = PostEventData | ConnectionEventData | Record<string, unknown>> {
  type: WebhookDeliveryType;
  timestamp: string;
  data: Data;
}
