import { bearerToken, json, type SandboxRequest, type SandboxResponse } from '../http';
import { checkAccessToken, type AccessCheck } from '../oauth';
import type { PlatformContext } from '../platform';

/**
 * Pinterest API v5's error wire format (Pinterest.Lib.Error in its OpenAPI description):
 * `{ "code": <integer>, "message": <text> }` with the HTTP status. The codes: 1 invalid parameters,
 * 2 authentication failed (the OpenAPI's own example), 29 not permitted (its example too), 3 not
 * found, 8 rate limited (the sandbox's choice where the description gives none).
 */
export function pinterestError(status: number, code: number, message: string, headers: Record<string, string> = {}): SandboxResponse {
  return json(status, { code, message }, headers);
}

export const invalidParameters = (message: string) => pinterestError(400, 1, message);
export const notFound = (what: string) => pinterestError(404, 3, `${what} not found.`);

/** The bearer token's account, or Pinterest's 401; a missing scope is 403 code 29. */
export function pinterestAccess(context: PlatformContext, request: SandboxRequest, scopes: readonly string[]): Extract<AccessCheck, { account: unknown }> | SandboxResponse {
  const access = checkAccessToken(context, bearerToken(request));
  if ('failure' in access) return pinterestError(401, 2, 'Authentication failed.');
  const missing = scopes.find((scope) => !access.token.scopes.includes(scope));
  if (missing) return pinterestError(403, 29, `You are not permitted to access that resource (missing scope ${missing}).`);
  return access;
}

export const isResponse = (value: object): value is SandboxResponse => 'status' in value;
