import { accessEnded, RateLimited, Rejected, Retryable, truncate } from '../errors';
import type { PlatformResponse } from '../http';

export const NAME = 'Bluesky';

/** An XRPC or OAuth error body: { error, message } or { error, error_description }. */
export function errorOf(response: PlatformResponse): { error?: string; message: string } {
  const body = (response.body ?? {}) as { error?: string; message?: string; error_description?: string };
  return { ...(body.error ? { error: body.error } : {}), message: body.message ?? body.error_description ?? body.error ?? (response.text || `HTTP ${response.status}`) };
}

/**
 * Maps XRPC (atproto.com/specs/xrpc) and OAuth errors to our taxonomy. `ratelimit-reset` is
 * epoch seconds. During OAuth, a refused grant (invalid_grant, 400/401) means reconnecting.
 */
export function classifyBlueskyError(response: PlatformResponse, now: Date, during: 'oauth' | 'api' = 'api'): Error {
  const { error, message } = errorOf(response);
  if (response.status === 429) {
    const reset = Number(response.headers.get('ratelimit-reset'));
    return new RateLimited(`${NAME} rate limit reached`, Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : new Date(now.getTime() + 5 * 60_000));
  }
  if (during === 'oauth' && (error === 'invalid_grant' || response.status === 401)) {
    return accessEnded(NAME);
  }
  if (response.status === 401 || error === 'ExpiredToken' || error === 'InvalidToken' || error === 'invalid_token') {
    return accessEnded(NAME);
  }
  if (response.status >= 500) return new Retryable(`${NAME} is unavailable (${response.status})`);
  return new Rejected(truncate(`${NAME} refused the request: ${message}`));
}
