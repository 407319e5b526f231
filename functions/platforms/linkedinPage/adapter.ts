import type { ManagedAccount, PlatformAdapter, PlatformProfile, TokenSet } from '../adapter';
import { Rejected } from '../errors';
import type { PlatformResponse } from '../http';
import type { ModuleDeps } from '../module';
import { isOk } from '../steps';
import { classifyLinkedinError } from '../linkedinRest/errors';
import { linkedinOauth } from '../linkedinRest/oauth';
import type { LinkedinOptions } from '../linkedinRest/options';
import { ORGANIZATION, postingRoles, ROLE, roleRemoved } from './organizations';

/**
 * LinkedIn Pages through the Community Management API (docs/platforms/linkedinPage.md), an app of
 * its own (its own client id and secret):
 *
 * 1. the member consents on www.linkedin.com/oauth/v2/authorization to the organization scopes;
 * 2. the code for a 60-day access token and, for an app LinkedIn approved for the Marketing APIs,
 *    a 365-day refresh token (not renewed by refreshing; the same for every organization);
 * 3. the organizations the member may post for: GET /rest/organizationAcls?q=roleAssignee
 *    &state=APPROVED, the roles that may post (organizations.ts), each organization's name, vanity
 *    name and logo from GET /rest/organizations/{id}. Each becomes its own connection holding the
 *    member's tokens and its organization (the picker, docs/platforms/README.md "Connecting accounts").
 *
 * Disconnecting one organization revokes nothing at LinkedIn: the member's one grant covers every
 * organization they connected; a consent that offered none is revoked. A role removed later shows
 * as a 403 when posting as the organization: the connection then needs reconnect, in words.
 */

/** Posting, commenting and reading as the organization, its ACLs, look-up and share statistics. Space-separated. */
export const linkedinPageScopes = ['w_organization_social', 'r_organization_social', 'rw_organization_admin'] as const;

/** A consent's ACL list is read at most this many rows at a time, this many pages (the picker offers at most 100). */
const PAGE_SIZE = 100;

interface Acl {
  organization?: string;
  organizationalTarget?: string;
  role?: string;
  state?: string;
}

interface Organization {
  id?: number | string;
  localizedName?: string;
  vanityName?: string;
  logoV2?: { 'original~'?: { elements?: Array<{ identifiers?: Array<{ identifier?: string }> }> } };
}

export function createLinkedinPageAdapter(deps: ModuleDeps<LinkedinOptions>): PlatformAdapter {
  const { hosts, http, clock, options } = deps;
  const oauth = linkedinOauth(deps);
  const fail = (response: PlatformResponse) => roleRemoved(response) ?? classifyLinkedinError(response, clock.now());
  const headers = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.accessToken}`, 'linkedin-version': options.version, 'x-restli-protocol-version': '2.0.0' });

  /** The organization's name, vanity name and logo (Organization Lookup API, rw_organization_admin). */
  async function organization(tokens: TokenSet, id: string): Promise<PlatformProfile> {
    const projection = '(id,localizedName,vanityName,logoV2(original~:playableStreams))';
    const response = await http({ method: 'GET', url: `${hosts['api']}/rest/organizations/${encodeURIComponent(id)}?projection=${projection}`, headers: headers(tokens) });
    if (!isOk(response)) throw fail(response);
    const found = (response.body ?? {}) as Organization;
    const logo = found.logoV2?.['original~']?.elements?.flatMap((element) => element.identifiers ?? []).find((identifier) => identifier.identifier)?.identifier;
    return {
      platformUserId: id,
      displayName: found.localizedName || found.vanityName || id,
      ...(found.vanityName ? { username: found.vanityName } : {}),
      ...(logo ? { avatarUrl: logo } : {}),
    };
  }

  return {
    platform: 'linkedinPage',
    usesPkce: false,
    scopes: linkedinPageScopes,
    requiredScopes: ['w_organization_social', 'rw_organization_admin'],

    authorizeUrl: async (params) => ({ url: oauth.authorizeUrl(linkedinPageScopes, params) }),
    exchangeCode: oauth.exchangeCode,

    async listAccounts(memberTokens): Promise<ManagedAccount[]> {
      const acls: Acl[] = [];
      for (let start = 0; start < 5 * PAGE_SIZE; start += PAGE_SIZE) {
        const response = await http({
          method: 'GET',
          url: `${hosts['api']}/rest/organizationAcls?q=roleAssignee&state=APPROVED&start=${start}&count=${PAGE_SIZE}`,
          headers: headers(memberTokens),
        });
        if (!isOk(response)) throw fail(response);
        const elements = (response.body as { elements?: Acl[] } | undefined)?.elements;
        if (!Array.isArray(elements)) throw new Rejected('LinkedIn answered without the list of the organizations you manage.');
        acls.push(...elements);
        if (elements.length < PAGE_SIZE) break;
      }
      // One connection per organization, under the role that may do most there (ADMINISTRATOR first).
      const roles = new Map<string, string>();
      for (const acl of acls) {
        const urn = acl.organization ?? acl.organizationalTarget ?? '';
        const id = /^urn:li:organization:(\d+)$/.exec(urn)?.[1];
        const rank = postingRoles.indexOf(acl.role as (typeof postingRoles)[number]);
        if (!id || acl.state !== 'APPROVED' || rank < 0) continue;
        const known = roles.get(id);
        if (known === undefined || rank < postingRoles.indexOf(known as (typeof postingRoles)[number])) roles.set(id, acl.role!);
      }
      const accounts: ManagedAccount[] = [];
      for (const [id, role] of roles) {
        accounts.push({ profile: await organization(memberTokens, id), tokens: { ...memberTokens, platformData: { [ORGANIZATION]: id, [ROLE]: role } } });
      }
      return accounts;
    },

    canRefresh: oauth.canRefresh,
    refresh: oauth.refresh,

    /** The organization a connection posts as (its id kept with the tokens). */
    async fetchProfile(tokens) {
      const id = tokens.platformData?.[ORGANIZATION];
      if (!id) throw new Rejected('This LinkedIn Page connection does not say which organization it posts as: reconnect it.');
      return organization(tokens, id);
    },

    /** Revokes a consent that offered no organization; one organization's disconnection leaves the member's grant to the others. */
    async revoke(tokens) {
      if (tokens.platformData?.[ORGANIZATION]) return;
      await oauth.revoke(tokens);
    },
  };
}

