import { bearerToken, json, readForm, type SandboxRequest, type SandboxResponse } from '../http';
import { checkAccessToken, randomText, type AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';
import { isPageToken } from './identity';

/** The Graph API's error shape and token checks for Facebook (https://developers.facebook.com/docs/graph-api/guides/error-handling). */

export interface GraphErrorDetails {
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

/** {error: {message, type, code, error_subcode, fbtrace_id}}, HTTP 400 as the Graph API answers OAuthExceptions (500 for transient ones). */
export function graphError(code: number, message: string, subcode?: number, details: GraphErrorDetails = {}): SandboxResponse {
  const headers: Record<string, string> = code === 190 ? { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message}"` } : {};
  return json(
    details.is_transient ? 500 : 400,
    { error: { message, type: code === 190 || code === 102 ? 'OAuthException' : 'GraphMethodException', code, ...(subcode === undefined ? {} : { error_subcode: subcode }), ...details, fbtrace_id: randomText(27) } },
    headers,
  );
}

/** Query parameters, then the form's. */
export async function parameters(request: SandboxRequest): Promise<URLSearchParams> {
  const merged = new URLSearchParams(request.query);
  const form = request.method === 'POST' ? await readForm(request) : undefined;
  for (const [name, value] of form ?? []) if (!merged.has(name)) merged.set(name, value);
  return merged;
}

/** The caller's Page token (for the named Page, when one is), or the refusal (publishing.ts builds it). */
export type PageAccess = (request: SandboxRequest, pageId?: string) => Promise<Extract<AccessCheck, { token: unknown }> | SandboxResponse>;

/** A checked token, and whether it acts for a Page (or for the user). */
export type GraphAccess = (Extract<AccessCheck, { token: unknown }> & { page: boolean }) | SandboxResponse;

/** The token from the access_token parameter (query or form) or the bearer header, checked; a refusal in the Graph API's words. */
export async function graphAccess(context: PlatformContext, request: SandboxRequest): Promise<GraphAccess> {
  const raw = (await parameters(request)).get('access_token') ?? bearerToken(request);
  const check = checkAccessToken(context, raw ?? undefined);
  if ('failure' in check) return tokenRefused(context, check, isPageToken(raw ?? undefined));
  return { ...check, page: isPageToken(raw ?? undefined) };
}

function tokenRefused(context: PlatformContext, check: Extract<AccessCheck, { failure: string }>, page: boolean): SandboxResponse {
  switch (check.failure) {
    case 'missing':
      return graphError(2500, 'An active access token must be used to query information about the current user.');
    case 'unknown':
      return graphError(190, 'Invalid OAuth access token - Cannot parse access token');
    case 'expired': {
      const expiredAt = new Date(check.token?.expiresAt ?? context.now()).toUTCString();
      return graphError(190, `Error validating access token: Session has expired on ${expiredAt}. The current time is ${new Date(context.now()).toUTCString()}.`, 463);
    }
    case 'revoked':
      // A Page's token dies when its user loses their role on the Page (492); a User token when the user removes the app (458).
      return page
        ? graphError(190, 'Error validating access token: The session is invalid because the user is not an admin of the page.', 492)
        : graphError(190, `Error validating access token: The user has not authorized application ${context.client.clientId}.`, 458);
  }
}
