import { tokenJson, type SandboxRequest, type SandboxResponse, json } from '../http';
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
  tokenForm,
  type AuthorizeDialect,
  type IssuedGrant,
  type TokenFailure,
} from '../oauth';
import type { PlatformSandboxFactory } from '../platform';
import { invalidParameters, isResponse, pinterestAccess, pinterestError } from './api';
import { pinterestUserId } from './identity';
import { pinterestPins, userAccount } from './pins';

/**
 * Pinterest (API v5; docs/platforms/pinterest.md): the consent page www.pinterest.com/oauth/
 * (comma-separated scopes, no PKCE), POST api.pinterest.com/v5/oauth/token with the app's id and
 * secret in HTTP Basic (authorization_code, refresh_token), continuous refresh tokens (each refresh
 * answers a new one, 60 days; the old one dies), 30-day access tokens, GET /v5/user_account.
 * Boards, Pins and analytics: pins.ts. API paths carry /v5, which routes and faults do not see.
 */

const ACCESS_SECONDS = 30 * 24 * 3600;
const REFRESH_SECONDS = 60 * 24 * 3600;
const knownScopes = [
  'ads:read',
  'ads:write',
  'boards:read',
  'boards:read_secret',
  'boards:write',
  'boards:write_secret',
  'catalogs:read',
  'catalogs:write',
  'pins:read',
  'pins:read_secret',
  'pins:write',
  'pins:write_secret',
  'user_accounts:read',
];

function tokenError(failure: TokenFailure): SandboxResponse {
  switch (failure.failure) {
    case 'not_form':
      return invalidParameters('The request body must be application/x-www-form-urlencoded.');
    case 'missing_parameter':
      return invalidParameters(`Missing parameter: ${failure.parameter}.`);
    case 'unsupported_grant_type':
      return invalidParameters(`grant_type ${failure.grantType} is not supported.`);
    case 'invalid_client':
      return pinterestError(401, 2, 'Authentication failed.');
    case 'invalid_code':
      return invalidParameters('Invalid authorization code.');
    case 'redirect_mismatch':
      return invalidParameters('redirect_uri does not match the one the code was issued for.');
    case 'invalid_verifier':
      return invalidParameters('Invalid code_verifier.');
    case 'invalid_refresh_token':
      return pinterestError(400, 1, failure.reason === 'expired' ? 'The refresh token has expired.' : 'Invalid refresh token.');
  }
}

const hosts = ['www', 'api'] as const;

export const pinterest: PlatformSandboxFactory = (context) => {
  const authorize: AuthorizeDialect = {
    endpoints: [{ hostKey: 'www', path: '/oauth/' }],
    clientIdParameter: 'client_id',
    scopeDelimiter: 'comma',
    knownScopes,
    pkce: 'ignored',
    grantsRefreshToken: () => true,
    allowRedirect: (request, code) => redirectTo(request.redirectUri, { code, state: request.state }),
    denyRedirect: (request) => redirectTo(request.redirectUri, { error: 'access_denied', state: request.state }),
    shapes: { code: () => randomText(40), access: () => `pina_${randomText(120)}`, refresh: () => `pinr_${randomText(120)}` },
  };

  async function token(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenError(form);
    const refused = authenticateClient(context, request, form, 'basic') ?? requireParameters(form, ['grant_type']);
    if (refused) return tokenError(refused);
    const grantType = form.get('grant_type')!;
    let grant: IssuedGrant;
    let scopes: string[];
    let responseType: string;
    if (grantType === 'authorization_code') {
      const missing = requireParameters(form, ['code', 'redirect_uri']);
      if (missing) return tokenError(missing);
      const code = redeemCode(context, authorize, form);
      if (isFailure(code)) return tokenError(code);
      grant = issueForCode(context, authorize, code, { accessSeconds: ACCESS_SECONDS, refreshSeconds: REFRESH_SECONDS });
      scopes = code.scopes;
      responseType = 'authorization_code';
    } else if (grantType === 'refresh_token') {
      const missing = requireParameters(form, ['refresh_token']);
      if (missing) return tokenError(missing);
      const refresh = checkRefreshToken(context, form);
      if (isFailure(refresh)) return tokenError(refresh);
      grant = refreshGrant(context, authorize, refresh, { accessSeconds: ACCESS_SECONDS, refreshSeconds: REFRESH_SECONDS, rotate: true });
      scopes = refresh.scopes;
      responseType = 'refresh_token';
    } else {
      return tokenError({ failure: 'unsupported_grant_type', grantType });
    }
    return tokenJson(200, {
      access_token: grant.accessToken,
      refresh_token: grant.refreshToken,
      response_type: responseType,
      token_type: 'bearer',
      expires_in: ACCESS_SECONDS,
      refresh_token_expires_in: REFRESH_SECONDS,
      refresh_token_expires_at: Math.floor(context.now() / 1000) + REFRESH_SECONDS,
      scope: scopes.join(' '),
    });
  }

  function account(request: SandboxRequest): SandboxResponse {
    const access = pinterestAccess(context, request, ['user_accounts:read']);
    if (isResponse(access)) return access;
    return json(200, userAccount(context, access.account));
  }

  const pins = pinterestPins(context);
  return {
    hosts,
    authorize,
    avatarId: pinterestUserId,
    canonicalPath: (hostKey, path) => (hostKey === 'api' ? path.replace(/^\/v5(?=\/)/, '') : path),
    routes: [{ method: 'POST', hostKey: 'api', path: '/oauth/token', handle: token }, { method: 'GET', hostKey: 'api', path: '/user_account', handle: account }, ...pins.routes],
    uploadHosts: pins.uploadHosts,
    limits: pins.limits,
    reset: pins.reset,
  };
};
