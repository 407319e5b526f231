import { bearerToken, json, type SandboxRequest, type SandboxResponse } from '../http';
import { checkAccessToken, hasAnyScope } from '../oauth';
import type { PlatformSandboxFactory } from '../platform';
import { accessTokenError, serviceError } from '../linkedinRest/api';
import { linkedinAuthorizeDialect, linkedinTokenRoutes } from '../linkedinRest/oauth';
import { linkedinPublishing, type LinkedinGrant } from '../linkedinRest/publishing';
import { analysedOrganization, linkedinOrganizationId, linkedinPageMemberId, managedOrganizations, organizationDisplayName } from './identity';
import { linkedinPageMetrics } from './metrics';

/**
 * LinkedIn's Community Management API for an app of its own (docs/platforms/linkedinPage.md):
 *
 *   GET  www /oauth/v2/authorization               the member consents (scopes space-separated)
 *   POST www /oauth/v2/accessToken                 a code → a 60-day access token and a 365-day
 *                                                  refresh token; refresh_token → a new access token,
 *                                                  the same refresh token with what is left of its life
 *   POST www /oauth/v2/revoke                      the member's grant dies (every organization's)
 *   GET  api /rest/organizationAcls?q=roleAssignee the member's roles: ADMINISTRATOR of two
 *                                                  organizations, ANALYST of a third (identity.ts)
 *   GET  api /rest/organizations/{id}              name, vanity name, logo (with original~ when projected)
 *   /rest/images, videos, documents, posts, socialActions/{urn}/comments
 *                                                  as the organization (../linkedinRest/publishing.ts):
 *                                                  w_organization_social; reading posts and comments
 *                                                  r_organization_social
 *   GET  api /rest/organizationalEntityShareStatistics   metrics.ts
 *
 * A role removed: the control API's revoke-access on the organization's account (`<member>.org-2`)
 * takes the member's role there; every act as it then answers 403 ACCESS_DENIED. On the first
 * organization, whose account is the member's own, it removes the app too.
 */

const REFRESH_SECONDS = 31_536_000;
const knownScopes = ['openid', 'profile', 'email', 'w_member_social', 'w_organization_social', 'r_organization_social', 'rw_organization_admin', 'r_organization_admin'];

const hosts = ['www', 'api'] as const;

export const linkedinPage: PlatformSandboxFactory = (context) => {
  // An app approved for the Community Management API gets programmatic refresh tokens.
  const authorize = linkedinAuthorizeDialect(knownScopes, true);

  /** The organizations whose role this token's member still holds (their account still has this app's consent). */
  function administered(granted: LinkedinGrant): string[] {
    return managedOrganizations(granted.account.name).filter((name) => context.store.account(context.platform, name)?.consentedClients.includes(granted.token.clientId));
  }

  function gate(request: SandboxRequest): LinkedinGrant | SandboxResponse {
    const access = checkAccessToken(context, bearerToken(request));
    if ('failure' in access) return accessTokenError(access.failure);
    return access;
  }

  /** GET /rest/organizationAcls?q=roleAssignee: the member's roles; listing them gives the organizations' accounts this app's consent. */
  function acls(request: SandboxRequest): SandboxResponse {
    const granted = gate(request);
    if ('status' in granted) return granted;
    if (!hasAnyScope(granted.token, ['rw_organization_admin', 'r_organization_admin'])) {
      return serviceError(403, 100, 'ACCESS_DENIED', 'Not enough permissions to access: organizationAcls.FINDER-roleAssignee');
    }
    if (request.query.get('q') !== 'roleAssignee') return serviceError(400, 0, 'ILLEGAL_ARGUMENT', 'The sandbox serves the roleAssignee finder only.');
    const member = granted.account;
    const roleAssignee = `urn:li:person:${linkedinPageMemberId(member.name)}`;
    const rows: Array<{ name: string; role: string }> = managedOrganizations(member.name).map((name) => ({ name, role: 'ADMINISTRATOR' }));
    const analysed = analysedOrganization(member.name);
    if (analysed) rows.push({ name: analysed, role: 'ANALYST' });
    for (const row of rows) {
      context.store.saveAccount(context.platform, row.name, organizationDisplayName(member.name, member.displayName, row.name));
      if (row.role === 'ADMINISTRATOR') context.store.recordConsent(context.platform, row.name, granted.token.clientId);
    }
    const state = request.query.get('state');
    const role = request.query.get('role');
    const elements = rows
      .map((row) => ({ roleAssignee, state: 'APPROVED', role: row.role, organization: `urn:li:organization:${linkedinOrganizationId(row.name)}` }))
      .filter((row) => (!state || row.state === state) && (!role || row.role === role));
    return json(200, { elements, paging: { start: 0, count: elements.length, total: elements.length, links: [] } });
  }

  /** GET /rest/organizations/{id}: an organization the member has a role at. */
  function organization(request: SandboxRequest): SandboxResponse {
    const granted = gate(request);
    if ('status' in granted) return granted;
    if (!hasAnyScope(granted.token, ['rw_organization_admin', 'r_organization_admin'])) {
      return serviceError(403, 100, 'ACCESS_DENIED', 'Not enough permissions to access: organizations.GET');
    }
    const names = [...managedOrganizations(granted.account.name), ...[analysedOrganization(granted.account.name) ?? []].flat()];
    const name = names.find((candidate) => linkedinOrganizationId(candidate) === request.params['id']);
    const found = name ? context.store.account(context.platform, name) : undefined;
    if (!name || !found) return serviceError(404, 0, 'NOT_FOUND', `Organization ${request.params['id'] ?? ''} not found.`);
    const id = linkedinOrganizationId(name);
    const logo = `urn:li:digitalmediaAsset:C4D0BAQ${id}`;
    const projected = (request.query.get('projection') ?? '').includes('original~');
    return json(200, {
      id: Number(id),
      localizedName: found.displayName,
      vanityName: name.toLowerCase().replace(/[^a-z0-9-]/g, '-'),
      primaryOrganizationType: 'NONE',
      logoV2: { original: logo, cropped: logo, ...(projected ? { 'original~': { elements: [{ identifiers: [{ identifier: context.avatarUrl(id), identifierType: 'EXTERNAL_URL' }] }] } } : {}) },
    });
  }

  // The organizations post, upload and comment as urn:li:organization:{id}, while the member holds a role there.
  const publishing = linkedinPublishing(context, {
    writeScope: 'w_organization_social',
    readScope: 'r_organization_social',
    actsAs: (granted) => administered(granted).map((account) => ({ urn: `urn:li:organization:${linkedinOrganizationId(account)}`, account })),
  });
  const metrics = linkedinPageMetrics(context, administered);
  return {
    hosts,
    authorize,
    avatarId: linkedinOrganizationId,
    routes: [
      ...linkedinTokenRoutes(context, authorize, { refreshSeconds: REFRESH_SECONDS }),
      { method: 'GET', hostKey: 'api', path: '/rest/organizationAcls', handle: acls },
      { method: 'GET', hostKey: 'api', path: '/rest/organizations/{id}', handle: organization },
      ...publishing.routes,
      ...metrics.routes,
    ],
    limits: { ...publishing.limits, ...metrics.limits },
    reset: publishing.reset,
  };
};
