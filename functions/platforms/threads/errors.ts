import { AuthExpired, Rejected, RateLimited, Retryable, truncate } from '../errors';
import type { PlatformResponse } from '../http';

const NAME = 'Threads';

/** Meta's throttling codes (Graph API "Rate limiting"): app, user, page and per-call limits. */
const rateLimitCodes = new Set([4, 17, 32, 613, 80002]);

interface GraphError {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; is_transient?: boolean; error_user_msg?: string };
}

/**
 * Maps a Threads Graph API error ({"error":{"message","type","code","error_subcode","fbtrace_id"}})
 * to our taxonomy, in our words: the platform's own message is kept out of what a user reads,
 * except its short user-facing text (error_user_msg) where Meta gives one.
 */
export function classifyThreadsError(response: PlatformResponse, now: Date): Error {
  const error = (response.body as GraphError | undefined)?.error;
  const code = error?.code;
  if (code === 190 || code === 102) return new AuthExpired(`${NAME} needs you to reconnect: the access was revoked or has expired.`);
  if (code === 10 || code === 200) return new AuthExpired(`${NAME} permission missing: reconnect the account and allow everything OneClick asks for.`);
  if (code !== undefined && rateLimitCodes.has(code)) return new RateLimited(`${NAME} rate limit reached`, new Date(now.getTime() + 3600_000));
  if (error?.is_transient || response.status >= 500 || code === 1 || code === 2) return new Retryable(`${NAME} is unavailable right now; OneClick tries again.`);
  const userMessage = error?.error_user_msg;
  return new Rejected(truncate(userMessage ? `${NAME} refused the request: ${userMessage}` : `${NAME} refused the request (its error code ${code ?? response.status}).`));
}

