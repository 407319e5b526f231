import { bearerToken, json, type SandboxRequest, type SandboxResponse } from '../http';
import { checkAccessToken, hasAnyScope } from '../oauth';
import { googleAuthorizeDialect, googleTokenEndpoints } from '../googleOAuth';
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

const hosts = ['accounts', 'oauth2', 'accountmanagement', 'businessinformation', 'mybusiness', 'performance'] as const;
const knownScopes = [BUSINESS_SCOPE, 'openid', 'profile', 'email'];

export const googleBusiness: PlatformSandboxFactory = (context) => {
  const authorize = googleAuthorizeDialect(knownScopes);
  const { token, revoke } = googleTokenEndpoints(context, authorize);

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

