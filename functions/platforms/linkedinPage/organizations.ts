import type { PlatformResponse } from '../http';
import { AuthExpired } from '../errors';

/**
 * What a LinkedIn Page connection knows of its organization, and the roles that may post as it.
 *
 * The Posts API's w_organization_social is "restricted to organizations where the authenticated
 * member has one of the following company page roles: ADMINISTRATOR, DIRECT_SPONSORED_CONTENT_POSTER,
 * CONTENT_ADMIN" (Posts API, li-lms-2026-05); organizationalEntityShareStatistics needs
 * rw_organization_admin, "restricted to organizations in which the authenticated member has the
 * following role: ADMINISTRATOR" (Organization Share Statistics). docs/platforms/linkedinPage.md.
 */
export const postingRoles = ['ADMINISTRATOR', 'CONTENT_ADMIN', 'DIRECT_SPONSORED_CONTENT_POSTER'] as const;
export const STATISTICS_ROLE = 'ADMINISTRATOR';

/** Kept with a connection's tokens (TokenSet.platformData): its organization's id and the member's role there. */
export const ORGANIZATION = 'organization';
export const ROLE = 'role';

export const organizationUrn = (id: string) => `urn:li:organization:${id}`;

/**
 * A 403 on an act as the organization: the member who connected it no longer holds a role that
 * may post for it (removed, or changed to one that may not). The connection needs reconnecting.
 */
export function roleRemoved(response: PlatformResponse): AuthExpired | undefined {
  const body = (response.body ?? {}) as { code?: string; message?: string };
  if (response.status !== 403 || body.code !== 'ACCESS_DENIED' || !/urn:li:organization:/.test(body.message ?? '')) return undefined;
  return new AuthExpired('LinkedIn no longer lets the member who connected this Page post as the organization (their role on the Page was removed or changed): reconnect as one of its admins.');
}
