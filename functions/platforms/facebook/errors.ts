import { AuthExpired, Rejected, RateLimited, Retryable, truncate } from '../errors';
import type { PlatformResponse } from '../http';

/**
 * The Graph API's error shape, {error: {message, type, code, error_subcode, error_user_msg,
 * fbtrace_id}} (https://developers.facebook.com/docs/graph-api/guides/error-handling), mapped to
 * our four errors. A copy of the Graph mapping rather than a share of Instagram's: that one
 * carries Instagram Login's own OAuth shape and content-publishing codes, and a platform never
 * imports another; what both have in common is small (docs/platforms/facebook.md, "Errors").
 */

const NAME = 'Facebook';
const HOUR_MS = 3600_000;

/** Throttling: 4 app, 17 user, 32 Page, 613 calls in a period, 80001 Pages' business-use-case limit. */
const rateLimitCodes = new Set([4, 17, 32, 613, 80001]);

/** Why a Page's token stopped working, in our words, by the Graph API's subcode of code 190. */
const invalidTokenReasons: Record<number, string> = {
  458: 'OneClick was removed from your Facebook account',
  459: 'Facebook needs you to log in to facebook.com to confirm your account',
  460: 'the password of the Facebook account that connected it changed',
  463: 'the Facebook login expired',
  464: 'the Facebook account is not confirmed',
  467: 'the Facebook login is no longer valid (logged out, or OneClick was removed)',
  492: 'the person who connected it no longer has a role on this Page',
};

interface GraphErrorBody {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; is_transient?: boolean; error_user_msg?: string };
}

/** When Facebook says the throttled caller may call again: X-Business-Use-Case-Usage's estimated_time_to_regain_access (minutes). */
function regainAt(response: PlatformResponse, now: Date): Date {
  const header = response.headers.get('x-business-use-case-usage');
  let minutes = 60;
  if (header) {
    try {
      const usage = JSON.parse(header) as Record<string, Array<{ estimated_time_to_regain_access?: number }>>;
      const longest = Math.max(0, ...Object.values(usage).flat().map((entry) => Number(entry.estimated_time_to_regain_access) || 0));
      if (longest > 0) minutes = longest;
    } catch {
      // An unreadable header: the hour Meta's guide suggests waiting.
    }
  }
  return new Date(now.getTime() + minutes * 60_000);
}

export function graphErrorOf(response: PlatformResponse): GraphErrorBody['error'] {
  return (response.body as GraphErrorBody | undefined)?.error;
}

/** A failed Graph call as AuthExpired (reconnect), RateLimited, Retryable or Rejected, in our words. */
export function classifyFacebookError(response: PlatformResponse, now: Date): Error {
  const error = graphErrorOf(response);
  const code = error?.code;
  if (code === 190 || code === 102) {
    const reason = invalidTokenReasons[error?.error_subcode ?? -1] ?? 'the Page\'s access token is no longer valid';
    return new AuthExpired(`${NAME} needs you to reconnect this Page: ${reason}.`);
  }
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) {
    return new AuthExpired(`${NAME} needs you to reconnect this Page and allow every permission OneClick asks for (a permission is missing or was removed).`);
  }
  if (code !== undefined && rateLimitCodes.has(code)) return new RateLimited(`${NAME} asked OneClick to slow down for this Page (its error code ${code}).`, regainAt(response, now));
  if (code === 368) return new RateLimited(`${NAME} has temporarily blocked this Page from posting (its error code 368).`, new Date(now.getTime() + 24 * HOUR_MS));
  if (code === 1 || code === 2 || error?.is_transient || response.status >= 500) {
    return new Retryable(`${NAME} could not do it right now${code === undefined ? '' : ` (its error code ${code})`}; OneClick tries again.`);
  }
  if (code === 506) return new Rejected(`${NAME} refused a duplicate post: the Page just published the same text.`);
  if (code === 1609005) return new Rejected(`${NAME} could not read the link in the post: check the address.`);
  const said = error?.error_user_msg ?? error?.message;
  return new Rejected(said ? truncate(`${NAME} refused it: ${said}`) : `${NAME} refused it (HTTP ${response.status}).`);
}
