import { base62, characters, digest, digits } from '../identity';

/**
 * Who a sandbox member is on LinkedIn's Community Management API, and the organizations they
 * manage (ids shaped like the real ones, derived from the name). The name typed on the consent
 * page is a member who administers two organizations: the first is the account of the same name
 * (its feed at /linkedinPage/_feed/<name>, its display name the member's), the second the account
 * `<name>.org-2` ("<display name> (Page 2)"). They are also an ANALYST of a third, `<name>.org-3`,
 * a role that may not post. A member whose name starts with `noorgs` manages none.
 */

export function managedOrganizations(memberName: string): string[] {
  return memberName.startsWith('noorgs') ? [] : [memberName, `${memberName}.org-2`];
}

/** The organization the member only analyses (its ACL says ANALYST; not offered, not posted to). */
export function analysedOrganization(memberName: string): string | undefined {
  return memberName.startsWith('noorgs') ? undefined : `${memberName}.org-3`;
}

/** An organization's display name, from the display name of the member who manages it. */
export function organizationDisplayName(memberName: string, memberDisplayName: string, organizationName: string): string {
  return organizationName === memberName ? memberDisplayName : `${memberDisplayName} (Page ${organizationName.slice(organizationName.lastIndexOf('-') + 1)})`;
}

/** An organization id: 8 digits, like the real ones (urn:li:organization:{id}). */
export function linkedinOrganizationId(organizationName: string): string {
  return `1${digits(digest('linkedinPage', organizationName, 'organization'), 7)}`;
}

/** The member's person id (urn:li:person:{id}) in the ACLs' roleAssignee. */
export function linkedinPageMemberId(memberName: string): string {
  return characters(digest('linkedinPage', memberName, 'member'), 10, base62);
}
