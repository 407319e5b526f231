import { json, bearerToken, type SandboxRequest, type SandboxResponse } from '../http';
import { handle, splitName } from '../identity';
import { googleUserId, youtubeChannelId } from './identity';
import { checkAccessToken, hasAnyScope } from '../oauth';
import { googleAuthorizeDialect, googleTokenEndpoints } from '../googleOAuth';
import type { PlatformSandboxFactory } from '../platform';
import type { AccountRecord } from '../store';
import { apiError, channelReadScopes, etag, insufficientScopes, parseParts, scopePrefix, unauthenticated } from './api';
import { youtubePublishing } from './publishing';

/**
 * YouTube: Google OAuth (accounts.google.com, oauth2.googleapis.com) and the YouTube Data API
 * and userinfo on www.googleapis.com (platform-apis.md §1). Uploads: publishing.ts.
 */

const profileScopes = ['openid', 'profile', 'email', `${scopePrefix}userinfo.profile`, `${scopePrefix}userinfo.email`];
const knownScopes = [...profileScopes, `${scopePrefix}youtube.upload`, ...channelReadScopes];

/** The platform's real hosts its adapter calls, each served under /youtube/<hostKey> (the host keys of its PlatformModule). */
const hosts = ['accounts', 'oauth2', 'googleapis'] as const;

export const youtube: PlatformSandboxFactory = (context) => {
  const authorize = googleAuthorizeDialect(knownScopes);
  const { token, revoke } = googleTokenEndpoints(context, authorize);

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
