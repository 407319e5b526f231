import { json, type SandboxRequest, type SandboxResponse } from '../http';
import { handle } from '../identity';
import { instagramAppScopedId, instagramUserId } from './identity';
import { graphAccess, graphError, tokenRefused } from './api';
import { instagramPublishing } from './publishing';
import { instagramMetrics } from './metrics';
import {
  authenticateClient,
  extendGrant,
  isFailure,
  issueForCode,
  randomText,
  redeemCode,
  redirectTo,
  requireParameters,
  tokenForm,
  type AccessCheck,
  type AuthorizeDialect,
  type TokenFailure,
} from '../oauth';
import type { PlatformSandboxFactory } from '../platform';
import type { AccountRecord } from '../store';

/**
 * Instagram API with Instagram Login (platform-apis.md §3): the dialog on www.instagram.com
 * (and api.instagram.com), the code exchange on api.instagram.com (short-lived token, 1 h), and
 * graph.instagram.com for the long-lived token (60 days), its refresh (only once it is 24 h old)
 * and the profile. Graph paths take an optional version prefix (`/v21.0/me`). There are no
 * refresh tokens and no revoke endpoint. Content publishing: publishing.ts; insights: metrics.ts.
 */

const SHORT_SECONDS = 3600;
const LONG_SECONDS = 5_184_000;
const REFRESHABLE_AFTER_MS = 24 * 60 * 60 * 1000;
const knownScopes = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_messages',
  'instagram_business_manage_comments',
  'instagram_business_manage_insights',
];

/** The /me fields the sandbox knows; `id` is always in the answer, as on the Graph API. */
const knownFields = ['id', 'user_id', 'username', 'name', 'account_type', 'profile_picture_url', 'followers_count', 'follows_count', 'media_count'];

/** api.instagram.com's own (pre-Graph) error shape. */
function apiError(message: string): SandboxResponse {
  return json(400, { error_type: 'OAuthException', code: 400, error_message: message }, { 'cache-control': 'no-store' });
}

function codeExchangeError(failure: TokenFailure): SandboxResponse {
  switch (failure.failure) {
    case 'not_form':
      return apiError('The request body must be application/x-www-form-urlencoded');
    case 'missing_parameter':
      return apiError(`You must provide a ${failure.parameter}`);
    case 'unsupported_grant_type':
      return apiError(`Invalid grant_type: ${failure.grantType}`);
    case 'invalid_client':
      return apiError(failure.reason === 'wrong_secret' ? 'Error validating client secret.' : 'Invalid platform app');
    case 'invalid_code':
      return apiError(failure.reason === 'expired' ? 'This authorization code has expired' : 'Matching code was not found or was already used');
    case 'redirect_mismatch':
      return apiError('Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request');
    case 'invalid_verifier':
    case 'invalid_refresh_token':
      return apiError('Invalid request');
  }
}

/** The platform's real hosts its adapter calls, each served under /instagram/<hostKey> (the host keys of its PlatformModule). */
const hosts = ['www', 'api', 'graph'] as const;

export const instagram: PlatformSandboxFactory = (context) => {
  const rejectToken = (check: Extract<AccessCheck, { failure: string }>) => tokenRefused(context, check);
  const accessOf = (request: SandboxRequest) => graphAccess(context, request);

  const authorize: AuthorizeDialect = {
    endpoints: [
      { hostKey: 'www', path: '/oauth/authorize' },
      { hostKey: 'api', path: '/oauth/authorize' },
    ],
    clientIdParameter: 'client_id',
    scopeDelimiter: 'comma-or-space',
    knownScopes,
    requiredScopes: ['instagram_business_basic'],
    pkce: 'ignored',
    grantsRefreshToken: () => false,
    allowRedirect: (request, code) => redirectTo(request.redirectUri, { code, state: request.state }, '#_'),
    denyRedirect: (request) =>
      redirectTo(request.redirectUri, { error: 'access_denied', error_reason: 'user_denied', error_description: 'Permissions error', state: request.state }),
    shapes: {
      code: () => `AQ${randomText(150)}`,
      access: () => `IGAA${randomText(180)}`,
    },
  };

  async function exchangeCode(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await tokenForm(request);
    if (isFailure(form)) return codeExchangeError(form);
    const refused = authenticateClient(context, request, form, { form: 'client_id' }) ?? requireParameters(form, ['grant_type']);
    if (refused) return codeExchangeError(refused);
    const grantType = form.get('grant_type')!;
    if (grantType !== 'authorization_code') return codeExchangeError({ failure: 'unsupported_grant_type', grantType });
    const missing = requireParameters(form, ['redirect_uri', 'code']);
    if (missing) return codeExchangeError(missing);
    const code = redeemCode(context, authorize, form);
    if (isFailure(code)) return codeExchangeError(code);
    const grant = issueForCode(context, authorize, code, { accessSeconds: SHORT_SECONDS, lifespan: 'short' });
    return json(
      200,
      { access_token: grant.accessToken, user_id: instagramUserId(code.account), permissions: code.scopes.join(',') },
      { 'cache-control': 'no-store' },
    );
  }

  function longLivedExchange(request: SandboxRequest): SandboxResponse {
    const grantType = request.query.get('grant_type');
    if (grantType !== 'ig_exchange_token') return graphError(100, `Unsupported grant_type: ${grantType ?? ''}; expected ig_exchange_token`);
    const secret = request.query.get('client_secret');
    if (!secret) return graphError(100, 'Missing client_secret parameter.');
    if (secret !== context.client.clientSecret) return graphError(1, 'Error validating client secret.');
    const granted = accessOf(request);
    if ('failure' in granted) return rejectToken(granted);
    if (granted.token.lifespan !== 'short') return graphError(100, 'Only a short-lived access token can be exchanged for a long-lived one.');
    const grant = extendGrant(context, authorize, granted.token, { accessSeconds: LONG_SECONDS, lifespan: 'long' });
    return json(200, { access_token: grant.accessToken, token_type: 'bearer', expires_in: LONG_SECONDS }, { 'cache-control': 'no-store' });
  }

  function refreshLongLived(request: SandboxRequest): SandboxResponse {
    const grantType = request.query.get('grant_type');
    if (grantType !== 'ig_refresh_token') return graphError(100, `Unsupported grant_type: ${grantType ?? ''}; expected ig_refresh_token`);
    const granted = accessOf(request);
    if ('failure' in granted) return rejectToken(granted);
    if (granted.token.lifespan !== 'long') return graphError(100, 'Only a long-lived access token can be refreshed.');
    if (context.now() - granted.token.issuedAt < REFRESHABLE_AFTER_MS) {
      return graphError(100, 'The access token can only be refreshed once it is at least 24 hours old.');
    }
    const grant = extendGrant(context, authorize, granted.token, { accessSeconds: LONG_SECONDS, lifespan: 'long' });
    return json(200, { access_token: grant.accessToken, token_type: 'bearer', expires_in: LONG_SECONDS }, { 'cache-control': 'no-store' });
  }

  function fieldValue(field: string, account: AccountRecord): string | number {
    switch (field) {
      case 'id':
        return instagramAppScopedId(account.name);
      case 'user_id':
        return instagramUserId(account.name);
      case 'username':
        return handle(account.name, 30);
      case 'name':
        return account.displayName;
      case 'account_type':
        return 'BUSINESS';
      case 'profile_picture_url':
        return context.avatarUrl(instagramUserId(account.name));
      default:
        return 0;
    }
  }

  function me(request: SandboxRequest): SandboxResponse {
    const granted = accessOf(request);
    if ('failure' in granted) return rejectToken(granted);
    const fields = (request.query.get('fields') ?? '').split(',').map((field) => field.trim()).filter(Boolean);
    const unknown = fields.find((field) => !knownFields.includes(field));
    if (unknown) return graphError(100, `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`);
    const answer = Object.fromEntries([...fields.filter((field) => field !== 'id'), 'id'].map((field) => [field, fieldValue(field, granted.account)]));
    return json(200, answer);
  }

  const publishing = instagramPublishing(context);
  const metrics = instagramMetrics(context);
  return {
    hosts,
    authorize,
    avatarId: instagramUserId,
    canonicalPath: (hostKey, path) => (hostKey === 'graph' ? path.replace(/^\/v\d+\.\d+(?=\/)/, '') : path),
    // The profile routes come first: the publishing module's GET /{id} would match them too.
    routes: [
      { method: 'POST', hostKey: 'api', path: '/oauth/access_token', handle: exchangeCode },
      { method: 'GET', hostKey: 'graph', path: '/access_token', handle: longLivedExchange },
      { method: 'GET', hostKey: 'graph', path: '/refresh_access_token', handle: refreshLongLived },
      { method: 'GET', hostKey: 'graph', path: '/me', handle: me },
      ...publishing.routes,
      ...metrics.routes,
    ],
    limits: { ...publishing.limits, ...metrics.limits },
    reset: publishing.reset,
  };
};
