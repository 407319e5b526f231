import { json, type SandboxResponse } from '../http';
import type { AccessFailure } from '../oauth';

/**
 * Google's API error model (https://cloud.google.com/apis/design/errors), as the Business Profile
 * APIs answer: {"error": {"code", "message", "status"}}.
 */

export const BUSINESS_SCOPE = 'https://www.googleapis.com/auth/business.manage';

export function googleError(code: number, status: string, message: string, headers: Record<string, string> = {}): SandboxResponse {
  return json(code, { error: { code, message, status } }, headers);
}

export function unauthenticated(failure: AccessFailure): SandboxResponse {
  const detail = 'Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
  return googleError(
    401,
    'UNAUTHENTICATED',
    failure === 'missing' ? `Request is missing required authentication credential. ${detail}` : `Request had invalid authentication credentials. ${detail}`,
    { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  );
}

export const insufficientScopes = () => googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');

export const notFound = (what: string) => googleError(404, 'NOT_FOUND', `Requested entity was not found. (${what})`);

export const invalidArgument = (message: string) => googleError(400, 'INVALID_ARGUMENT', message);

/** The per-minute quota's answer (no Retry-After: Google names no time for it). */
export const quotaExceeded = (service: string) =>
  googleError(429, 'RESOURCE_EXHAUSTED', `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service '${service}' for consumer 'project_number:000000000000'.`);
