import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_RETRY_DELAYS_SECONDS, WEBHOOK_TIMEOUT_MS } from '../../shared/api/webhooks';

/**
 * The rules of a webhook delivery, without storage or network: the webhook-id of a moment, the
 * secret, the signature (the Standard Webhooks library), when the next attempt is, and when an
 * endpoint is disabled. Time comes in as a value (tests pass any).
 */

/** A new endpoint secret: 32 random bytes, base64, prefixed `whsec_` (the spec: 24 to 64 bytes). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The webhook-signature header: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` with the
 * current secret, and with the previous one too while it is still honoured after a rotation
 * (space separated: the spec's zero-downtime rotation; a receiver accepts either).
 */
export function signWebhook(secrets: readonly string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}

/** The headers of one attempt (the spec's names; the timestamp is the attempt's, in seconds). */
export function webhookHeaders(secrets: readonly string[], messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'OneClick-Webhooks/1.0',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signWebhook(secrets, messageId, at, body),
  };
}

/**
 * When the next attempt is, after `attemptsMade` attempts of this round failed: the schedule's
 * next delay (WEBHOOK_RETRY_DELAYS_SECONDS), later if the endpoint asked so (Retry-After, at most
 * a day); undefined when the schedule is spent (the delivery failed).
 */
export function nextAttemptAt(now: Date, attemptsMade: number, retryAfterSeconds?: number): Date | undefined {
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attemptsMade];
  if (delay === undefined) return undefined;
  const asked = retryAfterSeconds !== undefined ? Math.min(retryAfterSeconds, 24 * 3600) : 0;
  return new Date(now.getTime() + Math.max(delay, asked) * 1000);
}

/**
 * Whether a failed attempt disables its endpoint, and why in words: the endpoint answered
 * 410 Gone (the spec: it wants no more), or every attempt to it has failed since `failingSince`,
 * WEBHOOK_DISABLE_AFTER_HOURS or more ago.
 */
export function disableReason(now: Date, failingSince: string, statusCode: number | null): string | undefined {
  if (statusCode === 410) return 'The endpoint answered 410 Gone: it asked for no more webhooks.';
  const hours = (now.getTime() - Date.parse(failingSince)) / 3_600_000;
  if (hours >= WEBHOOK_DISABLE_AFTER_HOURS) return `Every delivery attempt failed for ${WEBHOOK_DISABLE_AFTER_HOURS} hours (since ${failingSince.slice(0, 16).replace('T', ' ')} UTC).`;
  return undefined;
}

/** An attempt's outcome in words (never the endpoint's body). */
export function attemptWords(statusCode: number): string {
  if (statusCode >= 200 && statusCode < 300) return `Delivered (${statusCode}).`;
  if (statusCode === 410) return 'The endpoint answered 410 Gone.';
  if (statusCode === 429) return 'The endpoint answered 429: it asks for fewer requests.';
  return `The endpoint answered ${statusCode}.`;
}

/** Why an attempt got no answer, in words. */
export function noAnswerWords(error: unknown, refused: (error: unknown) => boolean): string {
  if (refused(error)) return (error as Error).message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`;
  return 'The endpoint could not be reached.';
}
