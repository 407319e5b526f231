import { json, type SandboxRequest, type SandboxResponse } from '../http';
import { handle } from '../identity';
import { threadsUserId } from './identity';
import { graphAccess, graphError, tokenRefused } from './api';
import { threadsPublishing } from './publishing';
import { threadsMetrics } from './metrics';
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
 * Threads (developers.facebook.com/docs/threads, docs/platforms/threads.md): the Authorization
 * Window on threads.net, the code exchange on graph.threads.net (a short-lived token, 1 hour), the
 * long-lived token (th_exchange_token, 60 days), its refresh (th_refresh_token, only once it is
 * 24 hours old and before it expires) and the profile (/me). Graph paths take an optional version
 * prefix (`/v1.0/me`). There are no refresh tokens and no revoke endpoint. Publishing:
 * publishing.ts; insights: metrics.ts.
 */

const SHORT_SECONDS = 3600;
const LONG_SECONDS = 5_184_000;
const REFRESHABLE_AFTER_MS = 24 * 60 * 60 * 1000;
const knownScopes = [
  'threads_basic',
  'threads_content_publish',
  'threads_manage_replies',
  'threads_read_replies',
  'threads_manage_insights',
  'threads_manage_mentions',
  'threads_keyword_search',
  'threads_delete',
];

/** The /me fields the sandbox knows; `id` is always in the answer, as on the Graph API. */
const knownFields = ['id', 'username', 'name', 'threads_profile_picture_url', 'threads_biography', 'is_verified'];

function codeExchangeError(failure: TokenFailure): SandboxResponse {
  switch (failure.failure) {
    case 'not_form':
      return graphError(100, 'The request body must be application/x-www-form-urlencoded');
    case 'missing_parameter':
      return graphError(100, `Missing ${failure.parameter} parameter.`);
    case 'unsupported_grant_type':
      return graphError(100, `Unsupported grant_type: ${failure.grantType}`);
    case 'invalid_client':
      return graphError(101, failure.reason === 'wrong_secret' ? 'Error validating client secret.' : 'Error validating application. Invalid application ID.');
    case 'invalid_code':
      return graphError(100, failure.reason === 'expired' ? 'This authorization code has expired.' : 'This authorization code has been used.', 36007);
    case 'redirect_mismatch':
      return graphError(100, 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request', 36008);
    case 'invalid_verifier':
    case 'invalid_refresh_token':
      return graphError(100, 'Invalid request');
  }
}

/** The platform's real hosts its adapter calls, each served under /threads/<hostKey> (the host keys of its PlatformModule). */
const hosts = ['www', 'graph'] as const;

export const threads: PlatformSandboxFactory = (context) => {
  const rejectToken = (check: Extract<AccessCheck, { failure: string }>) => tokenRefused(context, check);

  const authorize: AuthorizeDialect = {
    endpoints: [{ hostKey: 'www', path: '/oauth/authorize' }],
    clientIdParameter: 'client_id',
    scopeDelimiter: 'comma-or-space',
    knownScopes,
    requiredScopes: ['threads_basic'],
    pkce: 'ignored',
    grantsRefreshToken: () => false,
    // Meta appends #_ to the redirect, as its other login windows do.
    allowRedirect: (request, code) => redirectTo(request.redirectUri, { code, state: request.state }, '#_'),
    denyRedirect: (request) =>
      redirectTo(request.redirectUri, { error: 'access_denied', error_reason: 'user_denied', error_description: 'Permissions error', state: request.state }),
    shapes: {
      code: () => `AQ${randomText(150)}`,
      access: () => `TH${randomText(180)}`,
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
    return json(200, { access_token: grant.accessToken, user_id: threadsUserId(code.account) }, { 'cache-control': 'no-store' });
  }

  function longLivedExchange(request: SandboxRequest): SandboxResponse {
    const grantType = request.query.get('grant_type');
    if (grantType !== 'th_exchange_token') return graphError(100, `Unsupported grant_type: ${grantType ?? ''}; expected th_exchange_token`);
    const secret = request.query.get('client_secret');
    if (!secret) return graphError(100, 'Missing client_secret parameter.');
    if (secret !== context.client.clientSecret) return graphError(101, 'Error validating client secret.');
    const granted = graphAccess(context, request);
    if ('failure' in granted) return rejectToken(granted);
    if (granted.token.lifespan !== 'short') return graphError(100, 'Only a short-lived access token can be exchanged for a long-lived one.');
    const grant = extendGrant(context, authorize, granted.token, { accessSeconds: LONG_SECONDS, lifespan: 'long' });
    return json(200, { access_token: grant.accessToken, token_type: 'bearer', expires_in: LONG_SECONDS }, { 'cache-control': 'no-store' });
  }

  function refreshLongLived(request: SandboxRequest): SandboxResponse {
    const grantType = request.query.get('grant_type');
    if (grantType !== 'th_refresh_token') return graphError(100, `Unsupported grant_type: ${grantType ?? ''}; expected th_refresh_token`);
    const granted = graphAccess(context, request);
    if ('failure' in granted) return rejectToken(granted);
    if (granted.token.lifespan !== 'long') return graphError(100, 'Only a long-lived access token can be refreshed.');
    if (!granted.token.scopes.includes('threads_basic')) return graphError(10, '(#10) The threads_basic permission is needed to refresh the token.');
    if (context.now() - granted.token.issuedAt < REFRESHABLE_AFTER_MS) return graphError(100, 'The access token can only be refreshed once it is at least 24 hours old.');
    const grant = extendGrant(context, authorize, granted.token, { accessSeconds: LONG_SECONDS, lifespan: 'long' });
    return json(200, { access_token: grant.accessToken, token_type: 'bearer', expires_in: LONG_SECONDS }, { 'cache-control': 'no-store' });
  }

  function fieldValue(field: string, account: AccountRecord): string | boolean {
    switch (field) {
      case 'id':
        return threadsUserId(account.name);
      case 'username':
        return handle(account.name, 30);
      case 'name':
        return account.displayName;
      case 'threads_profile_picture_url':
        return context.avatarUrl(threadsUserId(account.name));
      case 'is_verified':
        return false;
      default:
        return '';
    }
  }

  function me(request: SandboxRequest): SandboxResponse {
    const granted = graphAccess(context, request);
    if ('failure' in granted) return rejectToken(granted);
    const fields = (request.query.get('fields') ?? '').split(',').map((field) => field.trim()).filter(Boolean);
    const unknown = fields.find((field) => !knownFields.includes(field));
    if (unknown) return graphError(100, `(#100) Tried accessing nonexisting field (${unknown}) on node type (ThreadsUser)`);
    return json(200, Object.fromEntries([...fields.filter((field) => field !== 'id'), 'id'].map((field) => [field, fieldValue(field, granted.account)])));
  }

  const publishing = threadsPublishing(context);
  const metrics = threadsMetrics(context);
  return {
    hosts,
    authorize,
    avatarId: threadsUserId,
    canonicalPath: (hostKey, path) => (hostKey === 'graph' ? path.replace(/^\/v\d+\.\d+(?=\/)/, '') : path),
    // The OAuth and profile routes come first: the publishing module's GET /{id} would match them too.
    routes: [
      { method: 'POST', hostKey: 'graph', path: '/oauth/access_token', handle: exchangeCode },
      { method: 'GET', hostKey: 'graph', path: '/access_token', handle: longLivedExchange },
      { method: 'GET', hostKey: 'graph', path: '/refresh_access_token', handle: refreshLongLived },
      { method: 'GET', hostKey: 'graph', path: '/me', handle: me },
      ...metrics.routes,
      ...publishing.routes,
    ],
    limits: { ...publishing.limits, ...metrics.limits },
    reset: publishing.reset,
  };
};
