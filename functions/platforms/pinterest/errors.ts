import { accessEnded, RateLimited, Rejected, Retryable } from '../errors';
import type { PlatformResponse } from '../http';

export const NAME = 'Pinterest';

/** How long to wait on a 429 that names no reset: Pinterest's limits are per minute (org_write, org_read). */
const DEFAULT_WAIT_MS = 60_000;

/** Pinterest's error body: { code, message } (Pinterest.Lib.Error in its OpenAPI description). */
export function errorCode(response: PlatformResponse): number | undefined {
  const code = (response.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** When a 429 says the limit frees up: `X-RateLimit-Reset` (seconds from now) or `Retry-After`, else a minute. */
function resetAt(response: PlatformResponse, now: Date): Date {
  for (const name of ['x-ratelimit-reset', 'retry-after']) {
    const seconds = Number(response.headers.get(name) ?? Number.NaN);
    if (Number.isFinite(seconds) && seconds > 0 && seconds < 86_400) return new Date(now.getTime() + seconds * 1000);
  }
  return new Date(now.getTime() + DEFAULT_WAIT_MS);
}

/**
 * Maps Pinterest API v5 answers to our taxonomy, in our words (Pinterest's own `message` is never
 * what a user reads): 401 a token that expired or was revoked; 403 a permission the grant lacks;
 * 429 the rate limit, until its reset; 5xx worth another try; 404 a board or Pin that is gone;
 * the rest refused with Pinterest's error code.
 */
export function classifyPinterestError(response: PlatformResponse, now: Date): Error {
  if (response.status === 429) return new RateLimited(`${NAME} rate limit reached`, resetAt(response, now));
  if (response.status === 401) return accessEnded(NAME);
  if (response.status >= 500) return new Retryable(`${NAME} is unavailable right now; OneClick tries again.`);
  const code = errorCode(response);
  if (response.status === 403) return new Rejected(`${NAME} did not allow this for the account (its error code ${code ?? 403}): reconnect it and allow everything OneClick asks for.`);
  if (response.status === 404) return new Rejected(`${NAME} did not find the board or the Pin (its error code ${code ?? 404}): it may have been deleted.`);
  return new Rejected(`${NAME} refused the request (its error code ${code ?? response.status}).`);
}
