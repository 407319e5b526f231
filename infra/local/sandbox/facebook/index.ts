import { json, type SandboxRequest, type SandboxResponse } from '../http';
import {
  authenticateClient,
  extendGrant,
  isFailure,
  issueForCode,
  randomText,
  redeemCode,
  redirectTo,
  requireParameters,
  type AuthorizeDialect,
  type TokenFailure,
} from '../oauth';
import type { PlatformSandboxFactory } from '../platform';
import { graphAccess, graphError, type GraphAccess } from './api';
import { facebookPageId, facebookUserId, managedPages, PAGE_TOKEN_PREFIX, pageDisplayName, USER_TOKEN_PREFIX } from './identity';
import { facebookPublishing } from './publishing';

/**
 * Facebook Login for Business and the Pages a user manages (docs/platforms/facebook.md), Graph
 * paths with or without their /vNN.N prefix:
 *
 *   GET  www /dialog/oauth                         the consent dialog (scopes comma-separated)
 *   GET  graph /oauth/access_token?code=…          a short-lived User token (1 h)
 *   GET  graph /oauth/access_token?grant_type=fb_exchange_token&fb_exchange_token=…
 *                                                  a long-lived User token (60 days) for a short-lived one
 *   GET  graph /me/permissions                     {data: [{permission, status}]}
 *   DELETE graph /me/permissions                   removes the app: the grant and every Page token from it die
 *   GET  graph /me/accounts                        the user's Pages with their Page tokens and tasks: a Page
 *                                                  token from a long-lived User token does not expire, from a
 *                                                  short-lived one it lasts an hour
 *   GET  graph /me                                 the user, or the Page for a Page token
 *
 * Removing the user's role on a Page is the control API's revoke-access on the Page's account
 * (`<user>.page-2`; on the first Page, whose account is the user's, it removes the app too): its
 * tokens then answer 190 with subcode 492. Publishing, comments and
 * insights: publishing.ts.
 */

const SHORT_SECONDS = 3600;
const LONG_SECONDS = 5_184_000;
const knownScopes = [
  'public_profile',
  'email',
  'pages_show_list',
  'pages_manage_posts',
  'pages_read_engagement',
  'pages_read_user_engagement',
  'pages_manage_engagement',
  'pages_manage_metadata',
  'read_insights',
  'publish_video',
  'business_management',
];
const pageTasks = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'];

function exchangeError(failure: TokenFailure): SandboxResponse {
  switch (failure.failure) {
    case 'missing_parameter':
      return graphError(100, `Missing ${failure.parameter} parameter.`);
    case 'invalid_client':
      return failure.reason === 'wrong_secret' ? graphError(1, 'Error validating client secret.') : graphError(101, 'Error validating application. Invalid application ID.');
    case 'invalid_code':
      return failure.reason === 'expired'
        ? graphError(100, 'This authorization code has expired.', 36007)
        : graphError(100, 'This authorization code has been used.', 36009);
    case 'redirect_mismatch':
      return graphError(100, 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request', 36008);
    default:
      return graphError(100, 'Invalid parameter');
  }
}

const hosts = ['www', 'graph', 'video'] as const;

export const facebook: PlatformSandboxFactory = (context) => {
  const authorize: AuthorizeDialect = {
    endpoints: [{ hostKey: 'www', path: '/dialog/oauth' }],
    clientIdParameter: 'client_id',
    scopeDelimiter: 'comma-or-space',
    knownScopes,
    requiredScopes: ['pages_show_list'],
    pkce: 'ignored',
    grantsRefreshToken: () => false,
    allowRedirect: (request, code) => redirectTo(request.redirectUri, { code, state: request.state }, '#_=_'),
    denyRedirect: (request) =>
      redirectTo(request.redirectUri, { error: 'access_denied', error_code: '200', error_description: 'Permissions error', error_reason: 'user_denied', state: request.state }, '#_=_'),
    shapes: {
      code: () => `AQ${randomText(200)}`,
      access: () => `${USER_TOKEN_PREFIX}${randomText(190)}`,
    },
  };

  /** GET /oauth/access_token: a code for a short-lived User token, or fb_exchange_token for a long-lived one. */
  async function accessToken(request: SandboxRequest): Promise<SandboxResponse> {
    const query = request.query;
    const refused = authenticateClient(context, request, query, { form: 'client_id' });
    if (refused) return exchangeError(refused);
    if (query.get('grant_type') === 'fb_exchange_token') {
      const granted = await graphAccess(context, { ...request, headers: {}, query: new URLSearchParams({ access_token: query.get('fb_exchange_token') ?? '' }) });
      if ('status' in granted) return granted;
      if (granted.page) return graphError(100, 'A Page access token cannot be exchanged; exchange the User access token instead.');
      const grant = extendGrant(context, authorize, granted.token, { accessSeconds: LONG_SECONDS, lifespan: 'long' });
      return json(200, { access_token: grant.accessToken, token_type: 'bearer', expires_in: LONG_SECONDS }, { 'cache-control': 'no-store' });
    }
    const missing = requireParameters(query, ['redirect_uri', 'code']);
    if (missing) return exchangeError(missing);
    const code = redeemCode(context, authorize, query);
    if (isFailure(code)) return exchangeError(code);
    const grant = issueForCode(context, authorize, code, { accessSeconds: SHORT_SECONDS, lifespan: 'short' });
    return json(200, { access_token: grant.accessToken, token_type: 'bearer', expires_in: SHORT_SECONDS }, { 'cache-control': 'no-store' });
  }

  async function userAccess(request: SandboxRequest): Promise<GraphAccess> {
    const granted = await graphAccess(context, request);
    if ('status' in granted) return granted;
    if (granted.page) return graphError(100, '(#100) Tried accessing nonexisting field (permissions) on node type (Page)');
    return granted;
  }

  async function permissions(request: SandboxRequest): Promise<SandboxResponse> {
    const granted = await userAccess(request);
    if ('status' in granted) return granted;
    return json(200, { data: ['public_profile', ...granted.token.scopes.filter((scope) => scope !== 'public_profile')].map((permission) => ({ permission, status: 'granted' })) });
  }

  async function removeApp(request: SandboxRequest): Promise<SandboxResponse> {
    const granted = await userAccess(request);
    if ('status' in granted) return granted;
    context.store.revokeGrant(granted.token.grantId);
    return json(200, { success: true });
  }

  /** The user's Pages, each with a Page token on the user's grant (it dies with the grant, or alone when the role is removed). */
  async function accounts(request: SandboxRequest): Promise<SandboxResponse> {
    const granted = await userAccess(request);
    if ('status' in granted) return granted;
    if (!granted.token.scopes.includes('pages_show_list')) return graphError(200, '(#200) Requires pages_show_list permission to manage the object');
    const now = context.now();
    const data = managedPages(granted.account.name).map((pageName) => {
      const page = context.store.saveAccount('facebook', pageName, pageDisplayName(granted.account.name, granted.account.displayName, pageName));
      const token = `${PAGE_TOKEN_PREFIX}${randomText(190)}`;
      context.store.issueToken({
        token,
        platform: 'facebook',
        kind: 'access',
        account: page.name,
        grantId: granted.token.grantId,
        clientId: granted.token.clientId,
        scopes: granted.token.scopes,
        issuedAt: now,
        // From a long-lived User token a Page token does not expire; from a short-lived one it lasts as long.
        expiresAt: granted.token.lifespan === 'long' ? null : granted.token.expiresAt,
        lifespan: granted.token.lifespan ?? 'short',
      });
      const id = facebookPageId(page.name);
      return { id, name: page.displayName, access_token: token, category: 'Brand', category_list: [{ id: '1605186416478696', name: 'Brand' }], tasks: pageTasks, picture: { data: { url: context.avatarUrl(id), is_silhouette: false, height: 50, width: 50 } } };
    });
    const fields = (request.query.get('fields') ?? 'id,name,access_token,category,category_list,tasks').split(',').map((field) => field.trim());
    return json(200, { data: data.map((page) => Object.fromEntries(Object.entries(page).filter(([name]) => fields.includes(name) || name === 'id'))), paging: { cursors: { before: 'QVFI', after: 'QVFI' } } });
  }

  async function me(request: SandboxRequest): Promise<SandboxResponse> {
    const granted = await graphAccess(context, request);
    if ('status' in granted) return granted;
    if (!granted.page) return json(200, { id: facebookUserId(granted.account.name), name: granted.account.displayName });
    const id = facebookPageId(granted.account.name);
    return json(200, { id, name: granted.account.displayName, picture: { data: { url: context.avatarUrl(id) } } });
  }

  const publishing = facebookPublishing(context);
  return {
    hosts,
    uploadHosts: ['rupload'],
    authorize,
    avatarId: facebookPageId,
    canonicalPath: (_hostKey, path) => path.replace(/^\/v\d+\.\d+(?=\/)/, ''),
    // The named routes first: the publishing module's /{id} routes would match them too.
    routes: [
      { method: 'GET', hostKey: 'graph', path: '/oauth/access_token', handle: accessToken },
      { method: 'GET', hostKey: 'graph', path: '/me/permissions', handle: permissions },
      { method: 'DELETE', hostKey: 'graph', path: '/me/permissions', handle: removeApp },
      { method: 'GET', hostKey: 'graph', path: '/me/accounts', handle: accounts },
      { method: 'GET', hostKey: 'graph', path: '/me', handle: me },
      ...publishing.routes,
    ],
    limits: publishing.limits,
    reset: publishing.reset,
  };
};
