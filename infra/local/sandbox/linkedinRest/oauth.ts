import { empty, tokenJson, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import {
  authenticateClient,
  checkRefreshToken,
  isFailure,
  issueForCode,
  redeemCode,
  refreshGrant,
  requireParameters,
  revokeGrantOf,
  randomText,
  redirectTo,
  tokenForm,
  type AuthorizeDialect,
  type TokenFailure,
} from '../oauth';
import type { PlatformContext } from '../platform';

/**
 * LinkedIn's token endpoint and revoke on www.linkedin.com (platform-apis.md §5), shared by its two
 * sandboxes: access tokens of 60 days; a refresh token (365 days, not renewed by refreshing:
 * "programmatic refresh tokens" are for approved Marketing API partners) only where the app has
 * them (`refreshSeconds`); granted scopes answered comma-separated.
 */

export const LINKEDIN_ACCESS_SECONDS = 5_184_000;

/**
 * LinkedIn's consent page (www /oauth/v2/authorization, scopes space-separated, PKCE not used)
 * for an app that asks for `knownScopes`; `refreshTokens` when LinkedIn gives the app
 * programmatic refresh tokens (a Community Management app), shaped as LinkedIn's are.
 */
export function linkedinAuthorizeDialect(knownScopes: readonly string[], refreshTokens: boolean): AuthorizeDialect {
  return {
    endpoints: [{ hostKey: 'www', path: '/oauth/v2/authorization' }],
    clientIdParameter: 'client_id',
    scopeDelimiter: 'space',
    knownScopes: [...knownScopes],
    pkce: 'ignored',
    grantsRefreshToken: () => refreshTokens,
    allowRedirect: (request, code) => redirectTo(request.redirectUri, { code, state: request.state }),
    denyRedirect: (request) =>
      redirectTo(request.redirectUri, { error: 'user_cancelled_authorize', error_description: 'The user cancelled the authorization', state: request.state }),
    shapes: {
      code: () => `AQT${randomText(150)}`,
      access: () => `AQV${randomText(180)}`,
      ...(refreshTokens ? { refresh: () => `AQX${randomText(180)}` } : {}),
    },
  };
}

function oauthError(status: number, error: string, description: string): SandboxResponse {
  return tokenJson(status, { error, error_description: description });
}

const codeMismatch = () =>
  oauthError(
    400,
    'invalid_request',
    'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
  );

function tokenError(failure: TokenFailure): SandboxResponse {
  switch (failure.failure) {
    case 'not_form':
      return oauthError(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    case 'missing_parameter':
      return oauthError(400, 'invalid_request', `A required parameter "${failure.parameter}" is missing`);
    case 'unsupported_grant_type':
      return oauthError(400, 'unsupported_grant_type', `grant_type "${failure.grantType}" is not supported`);
    case 'invalid_client':
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    case 'invalid_code':
    case 'redirect_mismatch':
    case 'invalid_verifier':
      return codeMismatch();
    case 'invalid_refresh_token':
      return oauthError(400, 'invalid_request', 'The provided authorization grant or refresh token is invalid, expired or revoked.');
  }
}

export function linkedinTokenRoutes(context: PlatformContext, authorize: AuthorizeDialect, tokens: { refreshSeconds?: number }): Route[] {
  const expiresIn = (expiresAt: number | null) => (expiresAt === null ? undefined : Math.max(0, Math.floor((expiresAt - context.now()) / 1000)));

  async function accessToken(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenError(form);
    const missingGrant = requireParameters(form, ['grant_type']);
    if (missingGrant) return tokenError(missingGrant);
    const refused = authenticateClient(context, request, form, { form: 'client_id' });
    if (refused) return tokenError(refused);
    const grantType = form.get('grant_type')!;
    if (grantType === 'refresh_token') {
      // Programmatic refresh tokens are for approved partners only.
      if (tokens.refreshSeconds === undefined) return oauthError(400, 'unauthorized_client', 'The application is not allowed to use programmatic refresh tokens');
      const missing = requireParameters(form, ['refresh_token']);
      if (missing) return tokenError(missing);
      const refresh = checkRefreshToken(context, form);
      if (isFailure(refresh)) return tokenError(refresh);
      // The same refresh token comes back with what is left of its life: refreshing does not extend it.
      const grant = refreshGrant(context, authorize, refresh, { accessSeconds: LINKEDIN_ACCESS_SECONDS, rotate: false });
      return tokenJson(200, {
        access_token: grant.accessToken,
        expires_in: LINKEDIN_ACCESS_SECONDS,
        refresh_token: form.get('refresh_token'),
        refresh_token_expires_in: expiresIn(refresh.expiresAt),
        scope: refresh.scopes.join(','),
        token_type: 'Bearer',
      });
    }
    if (grantType !== 'authorization_code') return tokenError({ failure: 'unsupported_grant_type', grantType });
    const missing = requireParameters(form, ['code', 'redirect_uri']);
    if (missing) return tokenError(missing);
    const code = redeemCode(context, authorize, form);
    if (isFailure(code)) return tokenError(code);
    const grant = issueForCode(context, authorize, code, { accessSeconds: LINKEDIN_ACCESS_SECONDS, ...(tokens.refreshSeconds !== undefined ? { refreshSeconds: tokens.refreshSeconds } : {}) });
    // LinkedIn answers the granted scopes comma-separated.
    return tokenJson(200, {
      access_token: grant.accessToken,
      expires_in: LINKEDIN_ACCESS_SECONDS,
      ...(grant.refreshToken ? { refresh_token: grant.refreshToken, refresh_token_expires_in: tokens.refreshSeconds } : {}),
      scope: code.scopes.join(','),
      token_type: 'Bearer',
    });
  }

  async function revoke(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenError(form);
    const refused = authenticateClient(context, request, form, { form: 'client_id' }) ?? requireParameters(form, ['token']);
    if (refused) return tokenError(refused);
    revokeGrantOf(context, form.get('token')!);
    return empty(200);
  }

  return [
    { method: 'POST', hostKey: 'www', path: '/oauth/v2/accessToken', handle: accessToken },
    { method: 'POST', hostKey: 'www', path: '/oauth/v2/revoke', handle: revoke },
  ];
}
