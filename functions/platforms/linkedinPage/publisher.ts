import type { PublisherFactory } from '../module';
import type { LinkedinOptions } from '../linkedinRest/options';
import { createLinkedinRestPublisher } from '../linkedinRest/publisher';
import { linkedinPageOptionsSchema, linkedinPageRuleMessages } from '../../../shared/platforms/linkedinPageOptions';
import { organizationUrn, roleRemoved } from './organizations';

/**
 * An organization's posts (docs/platforms/linkedinPage.md): the Posts, Images, Videos, Documents
 * and Comments APIs of the shared LinkedIn library with `urn:li:organization:{id}` as author,
 * owner and actor; always PUBLIC. A lost answer is looked up among the organization's posts and a
 * post's comments, which r_organization_social lets OneClick read. A 403 on acting as the
 * organization means the member's role is gone: the connection needs reconnect.
 */
export const createLinkedinPagePublisher: PublisherFactory<LinkedinOptions> = (deps) =>
  createLinkedinRestPublisher(deps, {
    platform: 'linkedinPage',
    owner: (account) => organizationUrn(account.platformUserId),
    postChoices: (options) => ({ visibility: 'PUBLIC', ...linkedinPageOptionsSchema.parse(options ?? {}) }),
    documentTitleMissing: linkedinPageRuleMessages.documentTitle,
    readPermission: 'r_organization_social',
    fail: (response) => roleRemoved(response),
  });
