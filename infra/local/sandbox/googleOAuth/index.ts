import { json, readForm, tokenJson, type SandboxRequest, type SandboxResponse } from '../http';
import {
  authenticateClient,
  checkRefreshToken,
  isFailure,
  issueForCode,
  randomText,
  redeemCode,
  redirectTo,
  refreshGrant,
  requireParameters,
  revokeGrantOf,
  tokenForm,
  type AuthorizeDialect,
  type TokenFailure,
} from '../oauth';
import type { PlatformContext } from '../platform';

/**
 * Google's OAuth 2.0 for web server apps, as every Google platform's sandbox serves it (not a
 * platform: a platform folder may import it, as linkedinRest): the consent dialect on
 * accounts.google.com, the token and revoke endpoints on oauth2.googleapis.com and their errors.
 * https://developers.google.com/identity/protocols/oauth2/web-server
 */

/** An access token lasts an hour (Google answers expires_in 3599). */
export const GOOGLE_ACCESS_SECONDS = 3599;

export function googleOAuthError(status: number, error: string, description: string): SandboxResponse {
  return tokenJson(status, { error, error_description: description });
}

export function googleTokenError(failure: TokenFailure): SandboxResponse {
  switch (failure.failure) {
    case 'not_form':
      return googleOAuthError(400, 'invalid_request', 'Invalid Content-Type: expected application/x-www-form-urlencoded');
    case 'missing_parameter':
      if (failure.parameter === 'client_id') return googleOAuthError(400, 'invalid_request', 'Could not determine client ID from request.');
      if (failure.parameter === 'client_secret') return googleOAuthError(400, 'invalid_request', 'client_secret is missing.');
      return googleOAuthError(400, 'invalid_request', `Missing required parameter: ${failure.parameter}`);
    case 'unsupported_grant_type':
      return googleOAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${failure.grantType}`);
    case 'invalid_client':
      return googleOAuthError(401, 'invalid_client', failure.reason === 'wrong_secret' ? 'Unauthorized' : 'The OAuth client was not found.');
    case 'invalid_code':
      return googleOAuthError(400, 'invalid_grant', failure.reason === 'unknown' ? 'Malformed auth code.' : 'Bad Request');
    case 'redirect_mismatch':
      return googleOAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
    case 'invalid_verifier':
      return googleOAuthError(400, 'invalid_grant', failure.reason === 'missing' ? 'Missing code verifier.' : 'Invalid code verifier.');
    case 'invalid_refresh_token':
      return googleOAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
  }
}

/** Google's consent page on the `accounts` host, for these scopes. */
export function googleAuthorizeDialect(knownScopes: readonly string[]): AuthorizeDialect {
  return {
    endpoints: [{ hostKey: 'accounts', path: '/o/oauth2/v2/auth' }],
    clientIdParameter: 'client_id',
    scopeDelimiter: 'space',
    knownScopes: [...knownScopes],
    pkce: 'optional',
    validate(query) {
      const accessType = query.get('access_type');
      if (accessType !== null && accessType !== 'online' && accessType !== 'offline') {
        return { error: 'invalid_request', description: `Invalid access_type: ${accessType}` };
      }
      const prompts = (query.get('prompt') ?? '').split(' ').filter(Boolean);
      const unknownPrompt = prompts.find((prompt) => !['none', 'consent', 'select_account'].includes(prompt));
      if (unknownPrompt) return { error: 'invalid_request', description: `Invalid prompt: ${unknownPrompt}` };
      if (prompts.includes('none') && prompts.length > 1) {
        return { error: 'invalid_request', description: 'prompt=none must not be combined with other values' };
      }
      return undefined;
    },
    // A refresh token needs access_type=offline, and comes on the first consent or when consent is forced.
    grantsRefreshToken: (request, firstConsent) =>
      request.query.get('access_type') === 'offline' && (firstConsent || (request.query.get('prompt') ?? '').split(' ').includes('consent')),
    allowRedirect: (request, code) =>
      redirectTo(request.redirectUri, { state: request.state, code, scope: request.scopes.join(' '), authuser: '0', prompt: 'consent' }),
    denyRedirect: (request) => redirectTo(request.redirectUri, { error: 'access_denied', state: request.state }),
    shapes: {
      code: () => `4/0A${randomText(70)}`,
      access: () => `ya29.a0${randomText(150)}`,
      refresh: () => `1//0${randomText(100)}`,
    },
  };
}

/** The `oauth2` host's token (a code or a refresh token → an hour's access token) and revoke endpoints. */
export function googleTokenEndpoints(context: PlatformContext, authorize: AuthorizeDialect) {
  async function token(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await tokenForm(request);
    if (isFailure(form)) return googleTokenError(form);
    const grantType = form.get('grant_type') ?? '';
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') return googleTokenError({ failure: 'unsupported_grant_type', grantType });
    const refused = authenticateClient(context, request, form, { form: 'client_id' });
    if (refused) return googleTokenError(refused);

    if (grantType === 'authorization_code') {
      const missing = requireParameters(form, ['code', 'redirect_uri']);
      if (missing) return googleTokenError(missing);
      const code = redeemCode(context, authorize, form);
      if (isFailure(code)) return googleTokenError(code);
      const grant = issueForCode(context, authorize, code, { accessSeconds: GOOGLE_ACCESS_SECONDS, refreshSeconds: null });
      return tokenJson(200, {
        access_token: grant.accessToken,
        expires_in: GOOGLE_ACCESS_SECONDS,
        ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
        scope: code.scopes.join(' '),
        token_type: 'Bearer',
      });
    }

    const missing = requireParameters(form, ['refresh_token']);
    if (missing) return googleTokenError(missing);
    const refresh = checkRefreshToken(context, form);
    if (isFailure(refresh)) return googleTokenError(refresh);
    // Google does not rotate: the answer has no refresh_token and the old one stays valid.
    const grant = refreshGrant(context, authorize, refresh, { accessSeconds: GOOGLE_ACCESS_SECONDS, rotate: false });
    return tokenJson(200, { access_token: grant.accessToken, expires_in: GOOGLE_ACCESS_SECONDS, scope: refresh.scopes.join(' '), token_type: 'Bearer' });
  }

  async function revoke(request: SandboxRequest): Promise<SandboxResponse> {
    const form = (await readForm(request)) ?? new URLSearchParams();
    const value = form.get('token') ?? request.query.get('token');
    if (!value) return googleOAuthError(400, 'invalid_request', 'Missing required parameter: token');
    const record = context.store.findToken(context.platform, value);
    if (!record || context.store.status(record) !== 'valid') return googleOAuthError(400, 'invalid_token', 'Token expired or revoked');
    revokeGrantOf(context, value);
    return json(200, {});
  }

  return { token, revoke };
}
