import { bearerToken, json, type SandboxRequest, type SandboxResponse } from '../http';
import { handle, splitName } from '../identity';
import { linkedinSub } from './identity';
import { accessTokenError, serviceError } from './api';
import { linkedinPublishing } from '../linkedinRest/publishing';
import { linkedinMetrics } from './metrics';
import { checkAccessToken } from '../oauth';
import { linkedinAuthorizeDialect, linkedinTokenRoutes } from '../linkedinRest/oauth';
import type { PlatformSandboxFactory } from '../platform';

/**
 * LinkedIn: OAuth 2.0 on www.linkedin.com and Sign In with OpenID's userinfo on
 * api.linkedin.com (platform-apis.md §5). Access tokens live 60 days; our app is not an
 * approved partner, so there are no refresh tokens. The token calls, images, videos, documents, posts and
 * comments: ../linkedinRest/ (shared with the organizations' sandbox); analytics: metrics.ts.
 */

const knownScopes = ['openid', 'profile', 'email', 'w_member_social', 'r_basicprofile', 'w_organization_social', 'r_organization_social', 'rw_organization_admin', 'r_member_postAnalytics', 'r_member_social'];

/** The platform's real hosts its adapter calls, each served under /linkedin/<hostKey> (the host keys of its PlatformModule). */
const hosts = ['www', 'api'] as const;

export const linkedin: PlatformSandboxFactory = (context) => {
  const authorize = linkedinAuthorizeDialect(knownScopes, false);

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

  // The member posts, uploads and comments as urn:li:person:{sub}, nobody else.
  const publishing = linkedinPublishing(context, {
    writeScope: 'w_member_social',
    readScope: 'r_member_social',
    actsAs: (granted) => [{ urn: `urn:li:person:${linkedinSub(granted.account.name)}`, account: granted.account.name }],
  });
  const metrics = linkedinMetrics(context);
  return {
    hosts,
    authorize,
    avatarId: linkedinSub,
    routes: [
      // Our member app is no approved partner: no refresh tokens.
      ...linkedinTokenRoutes(context, authorize, {}),
      { method: 'GET', hostKey: 'api', path: '/v2/userinfo', handle: userinfo },
      ...publishing.routes,
      ...metrics.routes,
    ],
    limits: { ...publishing.limits, ...metrics.limits },
    reset: publishing.reset,
  };
};
