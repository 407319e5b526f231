import { bearerToken, empty, json, tokenJson, type SandboxRequest, type SandboxResponse } from '../http';
import { handle, splitName } from '../identity';
import { linkedinSub } from './identity';
import { accessTokenError, serviceError } from './api';
import { linkedinPublishing } from './publishing';
import { linkedinMetrics } from './metrics';
import {
  authenticateClient,
  checkAccessToken,
  isFailure,
  issueForCode,
  randomText,
  redeemCode,
  redirectTo,
  requireParameters,
  revokeGrantOf,
  tokenForm,
  type AuthorizeDialect,
  type TokenFailure,
} from '../oauth';
import type { PlatformSandboxFactory } from '../platform';

/**
 * LinkedIn: OAuth 2.0 on www.linkedin.com and Sign In with OpenID's userinfo on
 * api.linkedin.com (platform-apis.md §5). Access tokens live 60 days; our app is not an
 * approved partner, so there are no refresh tokens. Images, videos and posts: publishing.ts; analytics: metrics.ts.
 */

const ACCESS_SECONDS = 5_184_000;
const knownScopes = ['openid', 'profile', 'email', 'w_member_social', 'r_basicprofile', 'w_organization_social', 'r_organization_social', 'rw_organization_admin', 'r_member_postAnalytics', 'r_member_social'];

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
      return oauthError(400, 'invalid_request', 'The provided refresh token is invalid');
  }
}

/** The platform's real hosts its adapter calls, each served under /linkedin/<hostKey> (the host keys of its PlatformModule). */
const hosts = ['www', 'api'] as const;

export const linkedin: PlatformSandboxFactory = (context) => {
  const authorize: AuthorizeDialect = {
    endpoints: [{ hostKey: 'www', path: '/oauth/v2/authorization' }],
    clientIdParameter: 'client_id',
    scopeDelimiter: 'space',
    knownScopes,
    pkce: 'ignored',
    grantsRefreshToken: () => false,
    allowRedirect: (request, code) => redirectTo(request.redirectUri, { code, state: request.state }),
    denyRedirect: (request) =>
      redirectTo(request.redirectUri, { error: 'user_cancelled_authorize', error_description: 'The user cancelled the authorization', state: request.state }),
    shapes: {
      code: () => `AQT${randomText(150)}`,
      access: () => `AQV${randomText(180)}`,
    },
  };

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
      return oauthError(400, 'unauthorized_client', 'The application is not allowed to use programmatic refresh tokens');
    }
    if (grantType !== 'authorization_code') return tokenError({ failure: 'unsupported_grant_type', grantType });
    const missing = requireParameters(form, ['code', 'redirect_uri']);
    if (missing) return tokenError(missing);
    const code = redeemCode(context, authorize, form);
    if (isFailure(code)) return tokenError(code);
    const grant = issueForCode(context, authorize, code, { accessSeconds: ACCESS_SECONDS });
    // LinkedIn answers the granted scopes comma-separated.
    return tokenJson(200, { access_token: grant.accessToken, expires_in: ACCESS_SECONDS, scope: code.scopes.join(','), token_type: 'Bearer' });
  }

  async function revoke(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenError(form);
    const refused = authenticateClient(context, request, form, { form: 'client_id' }) ?? requireParameters(form, ['token']);
    if (refused) return tokenError(refused);
    revokeGrantOf(context, form.get('token')!);
    return empty(200);
  }

  function userinfo(request: SandboxRequest): SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return accessTokenError(access.failure);
    const { account, token } = access;
    if (!token.scopes.includes('openid')) return serviceError(403, 100, 'ACCESS_DENIED', 'Not enough permissions to access: userinfo.GET.NO_VERSION');
    const names = splitName(account.displayName);
    return json(200, {
      sub: linkedinSub(account.name),
      ...(token.scopes.includes('profile')
        ? {
            name: account.displayName,
            given_name: names.given,
            family_name: names.family,
            picture: context.avatarUrl(linkedinSub(account.name)),
            locale: { country: 'US', language: 'en' },
          }
        : {}),
      ...(token.scopes.includes('email') ? { email: `${handle(account.name, 40)}@sandbox.example.com`, email_verified: true } : {}),
    });
  }

  const publishing = linkedinPublishing(context);
  const metrics = linkedinMetrics(context);
  return {
    hosts,
    authorize,
    avatarId: linkedinSub,
    routes: [
      { method: 'POST', hostKey: 'www', path: '/oauth/v2/accessToken', handle: accessToken },
      { method: 'POST', hostKey: 'www', path: '/oauth/v2/revoke', handle: revoke },
      { method: 'GET', hostKey: 'api', path: '/v2/userinfo', handle: userinfo },
      ...publishing.routes,
      ...metrics.routes,
    ],
    limits: { ...publishing.limits, ...metrics.limits },
    reset: publishing.reset,
  };
};
