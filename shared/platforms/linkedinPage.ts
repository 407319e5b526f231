import { noApiCharges, sizes, type PlatformCapabilities } from './capabilities';
import { codePoints } from './textCounting';

/**
 * A LinkedIn Page: posts as an organization the member may post for (Community Management API:
 * w_organization_social; docs/platforms/linkedinPage.md). The same Posts, Images, Videos and
 * Documents APIs as the member's posts, so the same limits; its posts are public (an organization
 * has no connections).
 */
export const linkedinPage: PlatformCapabilities<'linkedinPage'> = {
  id: 'linkedinPage',
  name: 'LinkedIn Page',
  displayOrder: 9,
  brandColor: '#0A66C2',
  monogram: 'in',
  text: { max: 3000, unit: 'characters', count: codePoints },
  media: {
    // MP4 of 3 s to 30 min, as the member's: the documented sizes disagree, so none is checked here.
    video: { formats: ['video/mp4'], seconds: { min: 3, max: 1800 } },
    // JPG/PNG/GIF; one image as content.media, 2 to 20 as content.multiImage; never with a video.
    image: { formats: ['image/jpeg', 'image/png', 'image/gif'], maxCount: 20 },
    // Documents API with the organization as owner: at most 100 MB and 300 pages; OneClick uploads PDFs only.
    document: { formats: ['application/pdf'], maxBytes: 100 * sizes.MB, maxPages: 300 },
  },
  nativeScheduling: false,
  // A comment as the organization (socialActions/{urn}/comments with actor = the organization, w_organization_social).
  firstComment: true,
  altText: false,
  threads: false,
  // Member and application limits are daily and reset at midnight UTC.
  dailyRateLimit: true,
  // Community Management API: no charge; daily per-app and per-member limits shown in the Developer
  // Portal (https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/rate-limits, read 2026-11-28).
  apiPrices: noApiCharges,
  verifiedAgainst: 'sandbox',
};
