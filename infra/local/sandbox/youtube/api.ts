import { createHash } from 'node:crypto';
import { json, type SandboxResponse } from '../http';
import type { AccessFailure } from '../oauth';

/** The YouTube Data API's scopes and error envelope, shared by the profile and publishing routes. */

export const scopePrefix = 'https://www.googleapis.com/auth/';
/** Scopes that read the channel and its videos. */
export const channelReadScopes = ['youtube', 'youtube.readonly', 'youtube.force-ssl', 'youtubepartner'].map((scope) => scopePrefix + scope);
/** Scopes that may call videos.insert (platform-apis.md §1). */
export const uploadScopes = ['youtube.upload', 'youtube', 'youtube.force-ssl', 'youtubepartner'].map((scope) => scopePrefix + scope);

/** The Google API error envelope (`errors[0].reason` is what clients classify by). */
export function apiError(
  code: number,
  status: string,
  message: string,
  reason: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
): SandboxResponse {
  return json(code, { error: { code, message, errors: [{ message, domain: 'global', reason, ...extra }], status } }, headers);
}

export function unauthenticated(failure: AccessFailure): SandboxResponse {
  const detail = 'Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
  const missing = failure === 'missing';
  return json(
    401,
    {
      error: {
        code: 401,
        message: missing ? `Request is missing required authentication credential. ${detail}` : `Request had invalid authentication credentials. ${detail}`,
        errors: [
          {
            message: missing ? 'Login Required.' : 'Invalid Credentials',
            domain: 'global',
            reason: missing ? 'required' : 'authError',
            location: 'Authorization',
            locationType: 'header',
          },
        ],
        status: 'UNAUTHENTICATED',
      },
    },
    { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  );
}

export function insufficientScopes(): SandboxResponse {
  return apiError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', 'insufficientPermissions', {}, {
    'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="insufficient_scope"',
  });
}

export function etag(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27);
}

/** A `part` list: the parts, or the 400 the API answers for a missing or unknown one. */
export function parseParts(raw: string | null, known: readonly string[]): string[] | SandboxResponse {
  const parts = (raw ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) return apiError(400, 'INVALID_ARGUMENT', 'Required parameter: part', 'required', { location: 'part', locationType: 'parameter' });
  const unknownPart = parts.find((part) => !known.includes(part));
  if (unknownPart) {
    return json(400, {
      error: { code: 400, message: `'${unknownPart}'`, errors: [{ message: `'${unknownPart}'`, domain: 'youtube.part', reason: 'unknownPart', location: 'part', locationType: 'parameter' }] },
    });
  }
  return parts;
}
