import type { PublisherFactory } from '../module';
import type { LinkedinOptions } from './options';
import { linkedinOptionsSchema, linkedinRuleMessages } from '../../../shared/platforms/linkedinOptions';
import { createLinkedinRestPublisher } from '../linkedinRest/publisher';

export { escapeLittleText } from '../linkedinRest/publisher';

/**
 * A member's posts (docs/platforms/linkedin.md): the Posts, Images, Videos, Documents and Comments
 * APIs of the shared LinkedIn library, as `urn:li:person:{sub}`, with who may see the post. A
 * look-up after a lost answer needs r_member_social, which LinkedIn grants only to partners.
 */
export const createLinkedinPublisher: PublisherFactory<LinkedinOptions> = (deps) =>
  createLinkedinRestPublisher(deps, {
    platform: 'linkedin',
    owner: (account) => `urn:li:person:${account.platformUserId}`,
    postChoices: (options) => linkedinOptionsSchema.parse(options ?? {}),
    documentTitleMissing: linkedinRuleMessages.documentTitle,
    readPermission: 'r_member_social',
  });
