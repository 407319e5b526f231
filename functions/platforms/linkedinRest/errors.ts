import { accessEnded, AuthExpired, Rejected, RateLimited, Retryable, truncate } from '../errors';
import type { PlatformResponse } from '../http';

const NAME = 'LinkedIn';

/** The next 00:00 UTC, when LinkedIn's daily limits reset. */
function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** Maps LinkedIn errors to our taxonomy (platform-apis.md §5 Errors). */
export function classifyLinkedinError(response: PlatformResponse, now: Date): Error {
  const body = (response.body ?? {}) as { status?: number; serviceErrorCode?: number; code?: string; message?: string; error?: string; error_description?: string };
  const message = body.message ?? body.error_description ?? body.error ?? response.text;
  if (body.error === 'invalid_grant' || body.error === 'invalid_token') return accessEnded(NAME);
  if (response.status === 401 || body.serviceErrorCode === 65600 || body.serviceErrorCode === 65601) return accessEnded(NAME);
  if (response.status === 403 && /permission|scope/i.test(message)) {
    return new AuthExpired(`${NAME} needs you to reconnect and allow every permission OneClick asks for (a permission is missing or was removed).`);
  }
  if (response.status === 429) return new RateLimited(`${NAME} daily limit reached`, nextUtcMidnight(now));
  if (response.status >= 500) return new Retryable(`${NAME} is unavailable (${response.status})`);
  if (response.status === 426) return new Rejected(`LinkedIn API error: the configured LinkedIn-Version is no longer active (${message})`);
  // LinkedIn's own sentence where it gave one ("Content is invalid"), never the whole answer.
  return new Rejected(truncate(`LinkedIn refused the request (${response.status}): ${body.message ?? 'no reason given'}`));
}
