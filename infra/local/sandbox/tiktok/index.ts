import { bearerToken, json, tokenJson, type SandboxRequest, type SandboxResponse } from '../http';
import { handle } from '../identity';
import { tiktokOpenId, tiktokUnionId } from './identity';
import {
  authenticateClient,
  checkAccessToken,
  checkRefreshToken,
  isFailure,
  issueForCode,
  randomDigits,
  randomText,
  redeemCode,
  redirectTo,
  refreshGrant,
  requireParameters,
  revokeGrantOf,
  tokenForm,
  type AuthorizeDialect,
  type IssuedGrant,
  type TokenFailure,
} from '../oauth';
import type { PlatformSandboxFactory } from '../platform';
import type { AccountRecord } from '../store';
import { tiktokError, tiktokLogId, tiktokOk } from './api';
import { tiktokPublishing } from './publishing';
import { tiktokMetrics } from './metrics';

/**
 * TikTok: Login Kit (www.tiktok.com) and the v2 Open API (open.tiktokapis.com), platform-apis.md §2.
 * The newest lifetimes: access 2 h, refresh 180 days; refresh tokens rotate. Posting:
 * publishing.ts; metrics: metrics.ts.
 */

const ACCESS_SECONDS = 7200;
const REFRESH_SECONDS = 15_552_000;
const knownScopes = ['user.info.basic', 'user.info.profile', 'user.info.stats', 'video.list', 'video.publish', 'video.upload'];

/** The user.info fields and the scope each needs. */
const userFields: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};

/** The platform's real hosts its adapter calls, each served under /tiktok/<hostKey> (the host keys of its PlatformModule). */
const hosts = ['www', 'open'] as const;

export const tiktok: PlatformSandboxFactory = (context) => {
  const logId = () => tiktokLogId(context.now());

  function oauthError(status: number, error: string, description: string): SandboxResponse {
    return tokenJson(status, { error, error_description: description, log_id: logId() });
  }

  function tokenError(failure: TokenFailure): SandboxResponse {
    switch (failure.failure) {
      case 'not_form':
        return oauthError(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded.');
      case 'missing_parameter':
        return oauthError(400, 'invalid_request', `Missing required parameter: ${failure.parameter}.`);
      case 'unsupported_grant_type':
        return oauthError(400, 'unsupported_grant_type', `Grant type "${failure.grantType}" is not supported.`);
      case 'invalid_client':
        return oauthError(401, 'invalid_client', 'Client key or secret is incorrect.');
      case 'invalid_code':
        return oauthError(400, 'invalid_grant', failure.reason === 'expired' ? 'Authorization code is expired.' : 'Authorization code is invalid.');
      case 'redirect_mismatch':
        return oauthError(400, 'invalid_grant', 'redirect_uri does not match the one used in the authorization request.');
      case 'invalid_verifier':
        return oauthError(400, 'invalid_grant', 'Code verifier is invalid.');
      case 'invalid_refresh_token':
        return oauthError(400, 'invalid_grant', 'Refresh token is invalid or expired.');
    }
  }

  const apiError = (status: number, code: string, message: string) => tiktokError(context.now(), status, code, message);

  const authorize: AuthorizeDialect = {
    endpoints: [{ hostKey: 'www', path: '/v2/auth/authorize/' }],
    clientIdParameter: 'client_key',
    scopeDelimiter: 'comma',
    knownScopes,
    pkce: 'optional',
    hexChallenge: true,
    grantsRefreshToken: () => true,
    allowRedirect: (request, code) => redirectTo(request.redirectUri, { code, scopes: request.scopes.join(','), state: request.state }),
    denyRedirect: (request) =>
      redirectTo(request.redirectUri, { error: 'access_denied', error_description: 'The user denied the authorization request.', state: request.state }),
    // TikTok's codes carry "*" and "!": the app must URL-decode the callback's code before exchanging it.
    shapes: {
      code: () => `${randomText(64)}*0!${randomDigits(4)}.va`,
      access: () => `act.${randomText(64)}!${randomDigits(4)}.va`,
      refresh: () => `rft.${randomText(64)}!${randomDigits(4)}.va`,
    },
  };

  async function token(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenError(form);
    const refused = authenticateClient(context, request, form, { form: 'client_key' });
    if (refused) return tokenError(refused);
    const grantType = form.get('grant_type') ?? '';
    if (!grantType) return tokenError({ failure: 'missing_parameter', parameter: 'grant_type' });

    let grant: IssuedGrant;
    let scopes: string[];
    let account: string;
    if (grantType === 'authorization_code') {
      const missing = requireParameters(form, ['code', 'redirect_uri']);
      if (missing) return tokenError(missing);
      const code = redeemCode(context, authorize, form);
      if (isFailure(code)) return tokenError(code);
      grant = issueForCode(context, authorize, code, { accessSeconds: ACCESS_SECONDS, refreshSeconds: REFRESH_SECONDS });
      ({ scopes, account } = code);
    } else if (grantType === 'refresh_token') {
      const missing = requireParameters(form, ['refresh_token']);
      if (missing) return tokenError(missing);
      const refresh = checkRefreshToken(context, form);
      if (isFailure(refresh)) return tokenError(refresh);
      grant = refreshGrant(context, authorize, refresh, { accessSeconds: ACCESS_SECONDS, refreshSeconds: REFRESH_SECONDS, rotate: true });
      ({ scopes, account } = refresh);
    } else {
      return tokenError({ failure: 'unsupported_grant_type', grantType });
    }
    // Flat, not enveloped.
    return tokenJson(200, {
      access_token: grant.accessToken,
      expires_in: ACCESS_SECONDS,
      open_id: tiktokOpenId(account),
      refresh_expires_in: REFRESH_SECONDS,
      refresh_token: grant.refreshToken,
      scope: scopes.join(','),
      token_type: 'Bearer',
    });
  }

  async function revoke(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenError(form);
    const refused = authenticateClient(context, request, form, { form: 'client_key' }) ?? requireParameters(form, ['token']);
    if (refused) return tokenError(refused);
    revokeGrantOf(context, form.get('token')!);
    return json(200, {});
  }

  function profileValue(field: string, account: AccountRecord): string | number | boolean {
    const avatar = context.avatarUrl(tiktokOpenId(account.name));
    const username = handle(account.name, 24);
    switch (field) {
      case 'open_id':
        return tiktokOpenId(account.name);
      case 'union_id':
        return tiktokUnionId(account.name);
      case 'avatar_url':
      case 'avatar_url_100':
      case 'avatar_large_url':
        return avatar;
      case 'display_name':
        return account.displayName;
      case 'bio_description':
        return '';
      case 'profile_deep_link':
        return `https://www.tiktok.com/@${username}`;
      case 'is_verified':
        return false;
      case 'username':
        return username;
      default:
        return 0;
    }
  }

  function userInfo(request: SandboxRequest): SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    const fields = (request.query.get('fields') ?? '').split(',').map((field) => field.trim()).filter(Boolean);
    if (fields.length === 0) return apiError(400, 'invalid_params', 'fields is required.');
    const unknown = fields.filter((field) => !(field in userFields));
    if (unknown.length > 0) return apiError(400, 'invalid_params', `Invalid fields: ${unknown.join(',')}.`);
    if (fields.some((field) => !access.token.scopes.includes(userFields[field]!))) {
      return apiError(401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request.');
    }
    const user = Object.fromEntries(fields.map((field) => [field, profileValue(field, access.account)]));
    return tiktokOk(context.now(), { user });
  }

  const publishing = tiktokPublishing(context);
  const metrics = tiktokMetrics(context);
  return {
    hosts,
    authorize,
    avatarId: tiktokOpenId,
    routes: [
      { method: 'POST', hostKey: 'open', path: '/v2/oauth/token/', handle: token },
      { method: 'POST', hostKey: 'open', path: '/v2/oauth/revoke/', handle: revoke },
      { method: 'GET', hostKey: 'open', path: '/v2/user/info/', handle: userInfo },
      ...publishing.routes,
      ...metrics.routes,
    ],
    uploadHosts: publishing.uploadHosts,
    limits: { ...publishing.limits, ...metrics.limits },
    reset: publishing.reset,
  };
};
