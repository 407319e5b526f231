import { json, readForm, bearerToken, tokenJson, type SandboxRequest, type SandboxResponse } from '../http';
import { handle, splitName } from '../identity';
import { googleUserId, youtubeChannelId } from './identity';
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
import type { AccountRecord } from '../store';
import { apiError, channelReadScopes, etag, insufficientScopes, parseParts, scopePrefix, unauthenticated } from './api';
import { youtubePublishing } from './publishing';

/**
 * YouTube: Google OAuth (accounts.google.com, oauth2.googleapis.com) and the YouTube Data API
 * and userinfo on www.googleapis.com (platform-apis.md §1). Uploads: publishing.ts.
 */

const ACCESS_SECONDS = 3599;
const profileScopes = ['openid', 'profile', 'email', `${scopePrefix}userinfo.profile`, `${scopePrefix}userinfo.email`];
const knownScopes = [...profileScopes, `${scopePrefix}youtube.upload`, ...channelReadScopes];

function googleError(status: number, error: string, description: string): SandboxResponse {
  return tokenJson(status, { error, error_description: description });
}

function tokenError(failure: TokenFailure): SandboxResponse {
  switch (failure.failure) {
    case 'not_form':
      return googleError(400, 'invalid_request', 'Invalid Content-Type: expected application/x-www-form-urlencoded');
    case 'missing_parameter':
      if (failure.parameter === 'client_id') return googleError(400, 'invalid_request', 'Could not determine client ID from request.');
      if (failure.parameter === 'client_secret') return googleError(400, 'invalid_request', 'client_secret is missing.');
      return googleError(400, 'invalid_request', `Missing required parameter: ${failure.parameter}`);
    case 'unsupported_grant_type':
      return googleError(400, 'unsupported_grant_type', `Invalid grant_type: ${failure.grantType}`);
    case 'invalid_client':
      return failure.reason === 'wrong_secret'
        ? googleError(401, 'invalid_client', 'Unauthorized')
        : googleError(401, 'invalid_client', 'The OAuth client was not found.');
    case 'invalid_code':
      return googleError(400, 'invalid_grant', failure.reason === 'unknown' ? 'Malformed auth code.' : 'Bad Request');
    case 'redirect_mismatch':
      return googleError(400, 'redirect_uri_mismatch', 'Bad Request');
    case 'invalid_verifier':
      return googleError(400, 'invalid_grant', failure.reason === 'missing' ? 'Missing code verifier.' : 'Invalid code verifier.');
    case 'invalid_refresh_token':
      return googleError(400, 'invalid_grant', 'Token has been expired or revoked.');
  }
}

/** The platform's real hosts its adapter calls, each served under /youtube/<hostKey> (the host keys of its PlatformModule). */
const hosts = ['accounts', 'oauth2', 'googleapis'] as const;

export const youtube: PlatformSandboxFactory = (context) => {
  const authorize: AuthorizeDialect = {
    endpoints: [{ hostKey: 'accounts', path: '/o/oauth2/v2/auth' }],
    clientIdParameter: 'client_id',
    scopeDelimiter: 'space',
    knownScopes,
    pkce: 'optional',
    validate(query) {
      const accessType = query.get('access_type');
      if (accessType !== null && accessType !== 'online' && accessType !== 'offline') {
        return { error: 'invalid_request', description: `Invalid access_type: ${accessType}` };
      }
      const prompts = (query.get('prompt') ?? '').split(' ').filter(Boolean);
      const unknownPrompt = prompts.find((prompt) => !['none', 'consent', 'select_account'].includes(prompt));
      if (unknownPrompt) return { error: 'invalid_request', description: `Invalid prompt: ${unknownPrompt}` };
      if (prompts.includes('none') && prompts.length > 1) {
        return { error: 'invalid_request', description: 'prompt=none must not be combined with other values' };
      }
      return undefined;
    },
    // A refresh token needs access_type=offline, and comes on the first consent or when consent is forced.
    grantsRefreshToken: (request, firstConsent) =>
      request.query.get('access_type') === 'offline' && (firstConsent || (request.query.get('prompt') ?? '').split(' ').includes('consent')),
    allowRedirect: (request, code) =>
      redirectTo(request.redirectUri, { state: request.state, code, scope: request.scopes.join(' '), authuser: '0', prompt: 'consent' }),
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
      return tokenJson(200, {
        access_token: grant.accessToken,
        expires_in: ACCESS_SECONDS,
        ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
        scope: code.scopes.join(' '),
        token_type: 'Bearer',
      });
    }

    const missing = requireParameters(form, ['refresh_token']);
    if (missing) return tokenError(missing);
    const refresh = checkRefreshToken(context, form);
    if (isFailure(refresh)) return tokenError(refresh);
    // Google does not rotate: the answer has no refresh_token and the old one stays valid.
    const grant = refreshGrant(context, authorize, refresh, { accessSeconds: ACCESS_SECONDS, rotate: false });
    return tokenJson(200, { access_token: grant.accessToken, expires_in: ACCESS_SECONDS, scope: refresh.scopes.join(' '), token_type: 'Bearer' });
  }

  async function revoke(request: SandboxRequest): Promise<SandboxResponse> {
    const form = (await readForm(request)) ?? new URLSearchParams();
    const value = form.get('token') ?? request.query.get('token');
    if (!value) return googleError(400, 'invalid_request', 'Missing required parameter: token');
    const record = context.store.findToken('youtube', value);
    if (!record || context.store.status(record) !== 'valid') return googleError(400, 'invalid_token', 'Token expired or revoked');
    revokeGrantOf(context, value);
    return json(200, {});
  }

  function picture(account: AccountRecord): string {
    return context.avatarUrl(youtubeChannelId(account.name));
  }

  function userinfo(request: SandboxRequest): SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return unauthenticated(access.failure);
    if (!hasAnyScope(access.token, profileScopes)) return insufficientScopes();
    const { account, token: grant } = access;
    const names = splitName(account.displayName);
    const withProfile = hasAnyScope(grant, ['profile', `${scopePrefix}userinfo.profile`]);
    const withEmail = hasAnyScope(grant, ['email', `${scopePrefix}userinfo.email`]);
    return json(200, {
      id: googleUserId(account.name),
      ...(withEmail ? { email: `${handle(account.name, 30)}@sandbox.example.com`, verified_email: true } : {}),
      ...(withProfile ? { name: account.displayName, given_name: names.given, family_name: names.family, picture: picture(account), locale: 'en' } : {}),
    });
  }

  const knownParts = ['id', 'snippet', 'contentDetails', 'statistics'];

  function channels(request: SandboxRequest): SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return unauthenticated(access.failure);
    const parts = parseParts(request.query.get('part'), knownParts);
    if (!Array.isArray(parts)) return parts;
    const mine = request.query.get('mine') === 'true';
    const ids = (request.query.get('id') ?? '').split(',').filter(Boolean);
    if (!mine && ids.length === 0) {
      return apiError(
        400,
        'INVALID_ARGUMENT',
        'No filter selected. Expected one of: forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam, forHandle.',
        'missingRequiredParameter',
        { location: 'parameters.', locationType: 'other' },
      );
    }
    if (!hasAnyScope(access.token, channelReadScopes)) return insufficientScopes();

    const accounts = mine
      ? [access.account]
      : context.store.accounts('youtube').filter((account) => ids.includes(youtubeChannelId(account.name)));
    const items = accounts.map((account) => {
      const channelId = youtubeChannelId(account.name);
      const url = picture(account);
      const thumbnail = (size: number) => ({ url, width: size, height: size });
      return {
        kind: 'youtube#channel',
        etag: etag([channelId, account.displayName]),
        id: channelId,
        ...(parts.includes('snippet')
          ? {
              snippet: {
                title: account.displayName,
                description: '',
                customUrl: `@${handle(account.name, 30)}`,
                publishedAt: new Date(account.createdAt).toISOString(),
                thumbnails: { default: thumbnail(88), medium: thumbnail(240), high: thumbnail(800) },
                localized: { title: account.displayName, description: '' },
              },
            }
          : {}),
        ...(parts.includes('contentDetails') ? { contentDetails: { relatedPlaylists: { likes: '', uploads: `UU${channelId.slice(2)}` } } } : {}),
        ...(parts.includes('statistics')
          ? { statistics: { viewCount: '0', subscriberCount: '0', hiddenSubscriberCount: false, videoCount: '0' } }
          : {}),
      };
    });
    return json(200, {
      kind: 'youtube#channelListResponse',
      etag: etag(items),
      pageInfo: { totalResults: items.length, resultsPerPage: 5 },
      items,
    });
  }

  const publishing = youtubePublishing(context);
  return {
    hosts,
    authorize,
    avatarId: youtubeChannelId,
    routes: [
      { method: 'POST', hostKey: 'oauth2', path: '/token', handle: token },
      { method: 'POST', hostKey: 'oauth2', path: '/revoke', handle: revoke },
      { method: 'GET', hostKey: 'googleapis', path: '/oauth2/v2/userinfo', handle: userinfo },
      { method: 'GET', hostKey: 'googleapis', path: '/youtube/v3/channels', handle: channels },
      ...publishing.routes,
    ],
    limits: publishing.limits,
    reset: publishing.reset,
  };
};
