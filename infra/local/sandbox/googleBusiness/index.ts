import { bearerToken, json, readForm, tokenJson, type SandboxRequest, type SandboxResponse } from '../http';
import {
  authenticateClient,
  checkAccessToken,
  checkRefreshToken,
  hasAnyScope,
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
import type { PlatformSandboxFactory } from '../platform';
import type { AccountRecord, TokenRecord } from '../store';
import { BUSINESS_SCOPE, insufficientScopes, invalidArgument, notFound, unauthenticated } from './api';
import { businessAccountId, locationId, locationTitle, managedLocations } from './identity';
import { googleBusinessLocalPosts, type LocationAccess } from './localPosts';
import { googleBusinessPerformance } from './performance';

/**
 * Google Business Profile (docs/platforms/googleBusiness.md): Google's OAuth 2.0 for web server
 * apps and the Business Profile APIs, each on its real host:
 *
 *   GET  accounts            /o/oauth2/v2/auth            consent (access_type, prompt checked)
 *   POST oauth2              /token                       code or refresh token → an hour's access token;
 *                                                          a refresh token with access_type=offline (not rotated)
 *   POST oauth2              /revoke                      the grant dies (400 invalid_token when already gone)
 *   GET  accountmanagement   /v1/accounts                 the user's business account
 *   GET  businessinformation /v1/accounts/{a}/locations   its locations (readMask required)
 *   GET  businessinformation /v1/locations/{l}            one location (readMask required)
 *   …    mybusiness          /v4/accounts/{a}/locations/{l}/localPosts[/{p}]   localPosts.ts
 *   GET  performance         /v1/locations/{l}:fetchMultiDailyMetricsTimeSeries   performance.ts
 *
 * Every API call needs the business.manage scope (403 PERMISSION_DENIED) and a location the
 * token's user manages (404 otherwise). Errors in Google's model ({error: {code, message, status}}).
 */

const ACCESS_SECONDS = 3599;
const hosts = ['accounts', 'oauth2', 'accountmanagement', 'businessinformation', 'mybusiness', 'performance'] as const;
const knownScopes = [BUSINESS_SCOPE, 'openid', 'profile', 'email'];

function oauthError(status: number, error: string, description: string): SandboxResponse {
  return tokenJson(status, { error, error_description: description });
}

function tokenError(failure: TokenFailure): SandboxResponse {
  switch (failure.failure) {
    case 'not_form':
      return oauthError(400, 'invalid_request', 'Invalid Content-Type: expected application/x-www-form-urlencoded');
    case 'missing_parameter':
      return oauthError(400, 'invalid_request', `Missing required parameter: ${failure.parameter}`);
    case 'unsupported_grant_type':
      return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${failure.grantType}`);
    case 'invalid_client':
      return oauthError(401, 'invalid_client', failure.reason === 'wrong_secret' ? 'Unauthorized' : 'The OAuth client was not found.');
    case 'invalid_code':
      return oauthError(400, 'invalid_grant', failure.reason === 'unknown' ? 'Malformed auth code.' : 'Bad Request');
    case 'redirect_mismatch':
      return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
    case 'invalid_verifier':
      return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
    case 'invalid_refresh_token':
      return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
  }
}

export const googleBusiness: PlatformSandboxFactory = (context) => {
  const authorize: AuthorizeDialect = {
    endpoints: [{ hostKey: 'accounts', path: '/o/oauth2/v2/auth' }],
    clientIdParameter: 'client_id',
    scopeDelimiter: 'space',
    knownScopes,
    pkce: 'optional',
    validate(query) {
      const accessType = query.get('access_type');
      if (accessType !== null && accessType !== 'online' && accessType !== 'offline') return { error: 'invalid_request', description: `Invalid access_type: ${accessType}` };
      const prompts = (query.get('prompt') ?? '').split(' ').filter(Boolean);
      const unknown = prompts.find((prompt) => !['none', 'consent', 'select_account'].includes(prompt));
      if (unknown) return { error: 'invalid_request', description: `Invalid prompt: ${unknown}` };
      return undefined;
    },
    grantsRefreshToken: (request, firstConsent) =>
      request.query.get('access_type') === 'offline' && (firstConsent || (request.query.get('prompt') ?? '').split(' ').includes('consent')),
    allowRedirect: (request, code) => redirectTo(request.redirectUri, { state: request.state, code, scope: request.scopes.join(' '), authuser: '0', prompt: 'consent' }),
    denyRedirect: (request) => redirectTo(request.redirectUri, { error: 'access_denied', state: request.state }),
    shapes: {
      code: () => `4/0A${randomText(70)}`,
      access: () => `ya29.a0${randomText(150)}`,
      refresh: () => `1//0${randomText(100)}`,
    },
  };

  async function token(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenError(form);
    const grantType = form.get('grant_type') ?? '';
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') return tokenError({ failure: 'unsupported_grant_type', grantType });
    const refused = authenticateClient(context, request, form, { form: 'client_id' });
    if (refused) return tokenError(refused);
    if (grantType === 'authorization_code') {
      const missing = requireParameters(form, ['code', 'redirect_uri']);
      if (missing) return tokenError(missing);
      const code = redeemCode(context, authorize, form);
      if (isFailure(code)) return tokenError(code);
      const grant = issueForCode(context, authorize, code, { accessSeconds: ACCESS_SECONDS, refreshSeconds: null });
      return tokenJson(200, { access_token: grant.accessToken, expires_in: ACCESS_SECONDS, ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}), scope: code.scopes.join(' '), token_type: 'Bearer' });
    }
    const missing = requireParameters(form, ['refresh_token']);
    if (missing) return tokenError(missing);
    const refresh = checkRefreshToken(context, form);
    if (isFailure(refresh)) return tokenError(refresh);
    // Google does not rotate: no refresh_token in the answer, the old one stays valid.
    const grant = refreshGrant(context, authorize, refresh, { accessSeconds: ACCESS_SECONDS, rotate: false });
    return tokenJson(200, { access_token: grant.accessToken, expires_in: ACCESS_SECONDS, scope: refresh.scopes.join(' '), token_type: 'Bearer' });
  }

  async function revoke(request: SandboxRequest): Promise<SandboxResponse> {
    const form = (await readForm(request)) ?? new URLSearchParams();
    const value = form.get('token') ?? request.query.get('token');
    if (!value) return oauthError(400, 'invalid_request', 'Missing required parameter: token');
    const record = context.store.findToken('googleBusiness', value);
    if (!record || context.store.status(record) !== 'valid') return oauthError(400, 'invalid_token', 'Token expired or revoked');
    revokeGrantOf(context, value);
    return json(200, {});
  }

  /** The token's user, with the scope every Business Profile call needs. */
  function userAccess(request: SandboxRequest): { user: AccountRecord; token: TokenRecord } | SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return unauthenticated(access.failure);
    if (!hasAnyScope(access.token, [BUSINESS_SCOPE])) return insufficientScopes();
    return { user: access.account, token: access.token };
  }

  /** The user's locations, each its own sandbox account (so each has its feed). */
  function locationsOf(user: AccountRecord): AccountRecord[] {
    return managedLocations(user.name).map((name) => context.store.saveAccount('googleBusiness', name, locationTitle(user.name, user.displayName, name)));
  }

  function locationResource(location: AccountRecord, readMask: string[]) {
    const id = locationId(location.name);
    const full: Record<string, unknown> = {
      name: `locations/${id}`,
      title: location.displayName,
      storefrontAddress: { regionCode: 'TR', languageCode: 'tr', postalCode: '34000', locality: 'İstanbul', addressLines: [`Sandbox Caddesi ${Number(id.slice(-2)) + 1}`] },
      metadata: { mapsUri: `https://maps.google.com/maps?cid=${id}`, newReviewUri: `https://search.google.com/local/writereview?placeid=ChIJ${id.slice(0, 12)}`, placeId: `ChIJ${id.slice(0, 12)}`, hasVoiceOfMerchant: true },
    };
    return Object.fromEntries(Object.entries(full).filter(([field]) => readMask.includes(field) || field === 'name'));
  }

  function readMaskOf(request: SandboxRequest): string[] | SandboxResponse {
    const mask = request.query.get('readMask') ?? request.query.get('read_mask');
    if (!mask) return invalidArgument('Request contains an invalid argument: read_mask is required.');
    const fields = mask.split(',').map((field) => field.trim());
    const unknown = fields.find((field) => !['name', 'title', 'storefrontAddress', 'metadata', 'phoneNumbers', 'websiteUri', 'categories'].includes(field));
    return unknown ? invalidArgument(`Invalid field mask path: ${unknown}`) : fields;
  }

  function accounts(request: SandboxRequest): SandboxResponse {
    const access = userAccess(request);
    if ('status' in access) return access;
    return json(200, { accounts: [{ name: `accounts/${businessAccountId(access.user.name)}`, accountName: access.user.displayName, type: 'PERSONAL', verificationState: 'VERIFIED', vettedState: 'NOT_VETTED' }] });
  }

  function locations(request: SandboxRequest): SandboxResponse {
    const access = userAccess(request);
    if ('status' in access) return access;
    if (request.params['account'] !== businessAccountId(access.user.name)) return notFound(`accounts/${request.params['account']}`);
    const mask = readMaskOf(request);
    if (!Array.isArray(mask)) return mask;
    const found = locationsOf(access.user).map((location) => locationResource(location, mask));
    return json(200, { ...(found.length ? { locations: found } : {}), totalSize: found.length });
  }

  /** The token user's location with this id, or a 404 in Google's words. */
  function locationAccess(request: SandboxRequest): LocationAccess | SandboxResponse {
    const access = userAccess(request);
    if ('status' in access) return access;
    const accountId = request.params['account'] ?? businessAccountId(access.user.name);
    if (accountId !== businessAccountId(access.user.name)) return notFound(`accounts/${accountId}`);
    const location = locationsOf(access.user).find((candidate) => locationId(candidate.name) === request.params['location']);
    if (!location) return notFound(`locations/${request.params['location']}`);
    return { location, accountId };
  }

  function location(request: SandboxRequest): SandboxResponse {
    const access = locationAccess(request);
    if ('status' in access) return access;
    const mask = readMaskOf(request);
    if (!Array.isArray(mask)) return mask;
    return json(200, locationResource(access.location, mask));
  }

  const posts = googleBusinessLocalPosts(context);
  const withLocation = (handler: (request: SandboxRequest, access: LocationAccess) => SandboxResponse | Promise<SandboxResponse>) => async (request: SandboxRequest) => {
    const access = locationAccess(request);
    return 'status' in access ? access : handler(request, access);
  };
  const localPostsPath = '/v4/accounts/{account}/locations/{location}/localPosts';
  const performance = googleBusinessPerformance(context);
  /** `locations/{l}:fetchMultiDailyMetricsTimeSeries`: the custom method after a colon in the last segment. */
  async function locationMethod(request: SandboxRequest): Promise<SandboxResponse> {
    const [id, method] = (request.params['locationMethod'] ?? '').split(':');
    if (method !== 'fetchMultiDailyMetricsTimeSeries' || !id) return notFound(`locations/${request.params['locationMethod']}`);
    return withLocation(performance.fetchMulti)({ ...request, params: { ...request.params, location: id } });
  }

  return {
    hosts,
    authorize,
    avatarId: locationId,
    routes: [
      { method: 'POST', hostKey: 'oauth2', path: '/token', handle: token },
      { method: 'POST', hostKey: 'oauth2', path: '/revoke', handle: revoke },
      { method: 'GET', hostKey: 'accountmanagement', path: '/v1/accounts', handle: accounts },
      { method: 'GET', hostKey: 'businessinformation', path: '/v1/accounts/{account}/locations', handle: locations },
      { method: 'GET', hostKey: 'businessinformation', path: '/v1/locations/{location}', handle: location },
      { method: 'POST', hostKey: 'mybusiness', path: localPostsPath, handle: withLocation(posts.create) },
      { method: 'GET', hostKey: 'mybusiness', path: localPostsPath, handle: withLocation(posts.list) },
      { method: 'GET', hostKey: 'mybusiness', path: `${localPostsPath}/{post}`, handle: withLocation(posts.get) },
      { method: 'GET', hostKey: 'performance', path: '/v1/locations/{locationMethod}', handle: locationMethod },
    ],
    limits: { requestsPerMinute: { default: 300, description: 'Business Profile API requests per minute (429 RESOURCE_EXHAUSTED)' } },
    reset: posts.reset,
  };
};

