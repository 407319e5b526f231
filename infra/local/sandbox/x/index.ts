import { bearerToken, json, tokenJson, type SandboxRequest, type SandboxResponse } from '../http';
import { xUserId, xUsername } from './identity';
import {
  authenticateClient,
  checkAccessToken,
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
  type IssuedGrant,
  type TokenFailure,
} from '../oauth';
import type { PlatformSandboxFactory } from '../platform';
import { problem } from './api';
import { xPublishing } from './publishing';
import { xMetrics } from './metrics';

/**
 * X: OAuth 2.0 authorization code with PKCE (x.com dialog, api.x.com token/revoke) and
 * GET /2/users/me (platform-apis.md §4). Our app is a confidential client: token and revoke calls
 * authenticate with HTTP Basic. A refresh token comes only with offline.access, and rotates.
 * Media upload and tweets: publishing.ts; metrics: metrics.ts.
 */

const ACCESS_SECONDS = 7200;
const knownScopes = [
  'tweet.read',
  'tweet.write',
  'tweet.moderate.write',
  'users.read',
  'users.email',
  'follows.read',
  'follows.write',
  'offline.access',
  'space.read',
  'mute.read',
  'mute.write',
  'like.read',
  'like.write',
  'list.read',
  'list.write',
  'block.read',
  'block.write',
  'bookmark.read',
  'bookmark.write',
  'media.write',
  'dm.read',
  'dm.write',
];
const knownUserFields = [
  'created_at',
  'description',
  'id',
  'location',
  'name',
  'pinned_tweet_id',
  'profile_image_url',
  'protected',
  'public_metrics',
  'url',
  'username',
  'verified',
  'verified_type',
];

function oauthError(status: number, error: string, description: string): SandboxResponse {
  return tokenJson(status, { error, error_description: description });
}

const invalidToken = () => oauthError(400, 'invalid_request', 'Value passed for the token was invalid.');

function tokenError(failure: TokenFailure): SandboxResponse {
  switch (failure.failure) {
    case 'not_form':
      return oauthError(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded.');
    case 'missing_parameter':
      return oauthError(400, 'invalid_request', `Missing required parameter [${failure.parameter}].`);
    case 'unsupported_grant_type':
      return oauthError(400, 'invalid_request', 'Value passed for the grant type was invalid.');
    case 'invalid_client':
      return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    case 'invalid_code':
      return invalidToken();
    case 'redirect_mismatch':
      return oauthError(400, 'invalid_request', 'Value passed for the redirect uri did not match the uri of the authorization code.');
    case 'invalid_verifier':
      return failure.reason === 'missing' ? oauthError(400, 'invalid_request', 'Missing required parameter [code_verifier].') : invalidToken();
    case 'invalid_refresh_token':
      return invalidToken();
  }
}

/** The platform's real hosts its adapter calls, each served under /x/<hostKey> (the host keys of its PlatformModule). */
const hosts = ['www', 'api'] as const;

export const x: PlatformSandboxFactory = (context) => {
  /** X's tokens are base64 of "<random>:<issued ms>:1:<n>:<kind>:1". */
  const token = (kind: 'ac' | 'at' | 'rt') => Buffer.from(`${randomText(43)}:${context.now()}:1:1:${kind}:1`).toString('base64url');

  const authorize: AuthorizeDialect = {
    endpoints: [
      { hostKey: 'www', path: '/i/oauth2/authorize' },
      { hostKey: 'api', path: '/2/oauth2/authorize' },
    ],
    clientIdParameter: 'client_id',
    scopeDelimiter: 'space',
    knownScopes,
    pkce: 'required',
    grantsRefreshToken: (request) => request.scopes.includes('offline.access'),
    allowRedirect: (request, code) => redirectTo(request.redirectUri, { state: request.state, code }),
    denyRedirect: (request) => redirectTo(request.redirectUri, { error: 'access_denied', state: request.state }),
    shapes: { code: () => token('ac'), access: () => token('at'), refresh: () => token('rt') },
  };

  async function tokenEndpoint(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenError(form);
    const refused = authenticateClient(context, request, form, 'basic');
    if (refused) return tokenError(refused);
    const grantType = form.get('grant_type') ?? '';
    if (!grantType) return tokenError({ failure: 'missing_parameter', parameter: 'grant_type' });

    let grant: IssuedGrant;
    let scopes: string[];
    if (grantType === 'authorization_code') {
      const missing = requireParameters(form, ['code', 'redirect_uri']);
      if (missing) return tokenError(missing);
      const code = redeemCode(context, authorize, form);
      if (isFailure(code)) return tokenError(code);
      grant = issueForCode(context, authorize, code, { accessSeconds: ACCESS_SECONDS, refreshSeconds: null });
      scopes = code.scopes;
    } else if (grantType === 'refresh_token') {
      const missing = requireParameters(form, ['refresh_token']);
      if (missing) return tokenError(missing);
      const refresh = checkRefreshToken(context, form);
      if (isFailure(refresh)) return tokenError(refresh);
      grant = refreshGrant(context, authorize, refresh, { accessSeconds: ACCESS_SECONDS, refreshSeconds: null, rotate: true });
      scopes = refresh.scopes;
    } else {
      return tokenError({ failure: 'unsupported_grant_type', grantType });
    }
    return tokenJson(200, {
      token_type: 'bearer',
      expires_in: ACCESS_SECONDS,
      access_token: grant.accessToken,
      scope: scopes.join(' '),
      ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
    });
  }

  async function revoke(request: SandboxRequest): Promise<SandboxResponse> {
    const form = await tokenForm(request);
    if (isFailure(form)) return tokenError(form);
    const refused = authenticateClient(context, request, form, 'basic') ?? requireParameters(form, ['token']);
    if (refused) return tokenError(refused);
    revokeGrantOf(context, form.get('token')!);
    return json(200, { revoked: true });
  }

  function usersMe(request: SandboxRequest): SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return problem(401, 'Unauthorized');
    const fields = (request.query.get('user.fields') ?? '').split(',').map((field) => field.trim()).filter(Boolean);
    const unknown = fields.filter((field) => !knownUserFields.includes(field));
    if (unknown.length > 0) {
      return problem(400, 'Invalid Request', {
        detail: 'One or more parameters to your request was invalid.',
        type: 'https://api.x.com/2/problems/invalid-request',
        errors: [
          {
            parameters: { 'user.fields': unknown },
            message: `The \`user.fields\` query parameter value [${unknown[0]}] is not one of [${knownUserFields.join(',')}]`,
          },
        ],
      });
    }
    if (!['tweet.read', 'users.read'].every((scope) => access.token.scopes.includes(scope))) return problem(403, 'Forbidden');
    const { account } = access;
    const values: Record<string, unknown> = {
      created_at: new Date(account.createdAt).toISOString(),
      description: '',
      location: '',
      pinned_tweet_id: undefined,
      profile_image_url: context.avatarUrl(xUserId(account.name)),
      protected: false,
      public_metrics: { followers_count: 0, following_count: 0, tweet_count: 0, listed_count: 0, like_count: 0, media_count: 0 },
      url: '',
      verified: false,
      verified_type: 'none',
    };
    const data: Record<string, unknown> = { id: xUserId(account.name), name: account.displayName, username: xUsername(account.name) };
    for (const field of fields) if (!(field in data) && values[field] !== undefined) data[field] = values[field];
    return json(200, { data });
  }

  const publishing = xPublishing(context);
  const metrics = xMetrics(context);
  return {
    hosts,
    authorize,
    avatarId: xUserId,
    routes: [
      { method: 'POST', hostKey: 'api', path: '/2/oauth2/token', handle: tokenEndpoint },
      { method: 'POST', hostKey: 'api', path: '/2/oauth2/revoke', handle: revoke },
      { method: 'GET', hostKey: 'api', path: '/2/users/me', handle: usersMe },
      ...publishing.routes,
      ...metrics.routes,
    ],
    limits: { ...publishing.limits, ...metrics.limits },
    reset: publishing.reset,
  };
};
