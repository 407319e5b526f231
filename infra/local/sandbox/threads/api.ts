import { bearerToken, json, type SandboxRequest, type SandboxResponse } from '../http';
import { checkAccessToken, randomText, type AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';

/** The Threads Graph API's error shape and token checks, shared by the OAuth, profile, publishing and insights routes. */

export interface GraphErrorDetails {
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

/** {"error":{"message","type":"OAuthException","code","error_subcode","fbtrace_id"}} with HTTP 400, as graph.threads.net answers. */
export function graphError(code: number, message: string, subcode?: number, details: GraphErrorDetails = {}): SandboxResponse {
  const headers: Record<string, string> = code === 190 ? { 'www-authenticate': `OAuth "Threads Graph API" "invalid_token" "${message}"` } : {};
  return json(
    400,
    { error: { message, type: 'OAuthException', code, ...(subcode === undefined ? {} : { error_subcode: subcode }), ...details, fbtrace_id: randomText(27) } },
    headers,
  );
}

export function tokenRefused(context: PlatformContext, check: Extract<AccessCheck, { failure: string }>): SandboxResponse {
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
      return graphError(190, `Error validating access token: The user has not authorized application ${context.client.clientId}.`, 458);
  }
}

/** Calls take the token as the access_token parameter (query, or the form of a POST) or as a bearer header. */
export function graphAccess(context: PlatformContext, request: SandboxRequest, formToken?: string | null): AccessCheck {
  return checkAccessToken(context, request.query.get('access_token') ?? formToken ?? bearerToken(request));
}
