import { accessEnded, RateLimited, Rejected, Retryable, truncate } from '../errors';
import type { PlatformResponse } from '../http';

export const NAME = 'Google Business Profile';

/** How long Google's per-minute quota makes us wait when it names no time (the quota is per minute). */
const QUOTA_WINDOW_MS = 60_000;

interface GoogleErrorBody {
  /** The APIs' shape: {"error": {"code", "message", "status"}}; the OAuth endpoints': {"error": "invalid_grant", "error_description"}. */
  error?: { code?: number; message?: string; status?: string } | string;
  error_description?: string;
}

/** Seconds or an HTTP date in Retry-After, as a time; undefined when absent or unreadable. */
function retryAfter(response: PlatformResponse, now: Date): Date | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return new Date(now.getTime() + seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? new Date(at) : undefined;
}

/**
 * Google's answers in our taxonomy (Google APIs' error model, https://cloud.google.com/apis/design/errors;
 * OAuth 2.0 for web server apps): `invalid_grant` at the token endpoint and 401 UNAUTHENTICATED
 * mean the grant is gone (reconnect); 429 RESOURCE_EXHAUSTED waits for Retry-After or the
 * quota's minute; 5xx (UNAVAILABLE, INTERNAL) is tried again; the rest (400 INVALID_ARGUMENT,
 * 403 PERMISSION_DENIED, 404 NOT_FOUND) is refused with Google's `message`, truncated — never the
 * raw body.
 */
export function classifyGoogleBusinessError(response: PlatformResponse, now: Date): Error {
  const body = (response.body && typeof response.body === 'object' ? response.body : {}) as GoogleErrorBody;
  if (typeof body.error === 'string') {
    if (body.error === 'invalid_grant') return accessEnded(NAME);
    if (response.status >= 500) return new Retryable(`${NAME} is unavailable (${response.status})`);
    return new Rejected(truncate(`${NAME} refused the sign-in: ${body.error_description ?? body.error}`));
  }
  const status = body.error?.status;
  if (response.status === 401 || status === 'UNAUTHENTICATED') return accessEnded(NAME);
  if (response.status === 429 || status === 'RESOURCE_EXHAUSTED') {
    return new RateLimited(`${NAME} asked us to slow down (its per-minute quota)`, retryAfter(response, now) ?? new Date(now.getTime() + QUOTA_WINDOW_MS));
  }
  if (response.status >= 500) return new Retryable(`${NAME} is unavailable (${response.status})`);
  if (response.status === 403 || status === 'PERMISSION_DENIED') {
    return new Rejected(`${NAME} does not let this account post for this location any more (permission denied): check its managers in Google Business Profile.`);
  }
  if (response.status === 404 || status === 'NOT_FOUND') return new Rejected(`${NAME} no longer has this location or post.`);
  const message = typeof body.error?.message === 'string' ? body.error.message : `HTTP ${response.status}`;
  return new Rejected(truncate(`${NAME} refused the request: ${message}`));
}
