import { accessEnded, RateLimited, Rejected, Retryable, truncate } from '../errors';
import type { PlatformResponse } from '../http';

export const NAME = 'Mastodon';

/** Mastodon's error body: { error } (and OAuth's { error, error_description }). */
export function errorOf(response: PlatformResponse): string {
  const body = (response.body ?? {}) as { error?: unknown; error_description?: unknown };
  const text = typeof body.error_description === 'string' ? body.error_description : typeof body.error === 'string' ? body.error : undefined;
  return text ?? `HTTP ${response.status}`;
}

/**
 * Maps Mastodon's answers (docs.joinmastodon.org/api/guidelines, "Errors"; /api/rate-limits) to
 * our taxonomy: 429 waits until X-RateLimit-Reset (an ISO 8601 time); 401 means the token was
 * revoked (Mastodon's tokens do not expire by time); 5xx is worth another try; the rest (403,
 * 404, 422) is refused with the instance's words, truncated.
 */
export function classifyMastodonError(response: PlatformResponse, now: Date): Error {
  if (response.status === 429) {
    const reset = Date.parse(response.headers.get('x-ratelimit-reset') ?? '');
    return new RateLimited(`${NAME} rate limit reached`, Number.isFinite(reset) && reset > now.getTime() ? new Date(reset) : new Date(now.getTime() + 5 * 60_000));
  }
  if (response.status === 401) return accessEnded(NAME);
  if (response.status >= 500) return new Retryable(`${NAME} is unavailable (${response.status})`);
  return new Rejected(truncate(`${NAME} refused the request: ${errorOf(response)}`));
}
