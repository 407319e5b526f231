import { noApiCharges, sizes, type PlatformCapabilities } from './capabilities';
import { codePoints } from './textCounting';

/** LinkedIn Posts, Images and Videos APIs (platform-apis.md §5). */
export const linkedin: PlatformCapabilities<'linkedin'> = {
  id: 'linkedin',
  name: 'LinkedIn',
  displayOrder: 1,
  brandColor: '#0A66C2',
  monogram: 'in',
  text: { max: 3000, unit: 'characters', count: codePoints },
  media: {
    // MP4 of 3 s to 30 min. The documented sizes disagree (500 MB or less), so none is checked here.
    video: { formats: ['video/mp4'], seconds: { min: 3, max: 1800 } },
    // JPG/PNG/GIF; a multi-image post (content.multiImage) takes 2 to 20, one image goes as
    // content.media. One video per post, or images, never both (platform-apis.md §5 "Mixing media").
    image: { formats: ['image/jpeg', 'image/png', 'image/gif'], maxCount: 20 },
    // A document post (Documents API, content.media with a title): PPT, PPTX, DOC, DOCX or PDF of at
    // most 100 MB and 300 pages; OneClick uploads PDFs only (docs/platforms/linkedin.md).
    document: { formats: ['application/pdf'], maxBytes: 100 * sizes.MB, maxPages: 300 },
  },
  nativeScheduling: false,
  // A comment on the post (Comments API, socialActions/{urn}/comments, with w_member_social), at most
  // 1,250 characters.
  firstComment: true,
  altText: false,
  threads: false,
  // Member and application limits are daily and reset at midnight UTC.
  dailyRateLimit: true,
  // LinkedIn Posts API: no charge; per-app and per-member daily call limits, unpublished, shown
  // in the Developer Portal (https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/rate-limits,
  // read 2026-11-28).
  apiPrices: noApiCharges,
  verifiedAgainst: 'sandbox',
};
