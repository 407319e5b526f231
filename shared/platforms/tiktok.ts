import { noApiCharges, sizes, type PlatformCapabilities } from './capabilities';
import { utf16Units } from './textCounting';

/** TikTok Content Posting API v2 (platform-apis.md §2). */
export const tiktok: PlatformCapabilities<'tiktok'> = {
  id: 'tiktok',
  name: 'TikTok',
  displayOrder: 5,
  brandColor: '#000000',
  monogram: 'TT',
  // The caption is at most 2200 UTF-16 code units ("runes").
  text: { max: 2200, unit: 'utf16Units', count: utf16Units },
  media: {
    // MP4/MOV/WebM of at least 3 s; the longest is per creator (creator_info), checked at publish.
    video: { formats: ['video/mp4', 'video/quicktime', 'video/webm'], seconds: { min: 3 } },
    // Photo posts (content/init, media_type PHOTO, source_info.photo_images): JPEG/WebP (no PNG), at
    // most 20 MB each, up to 35; a post is a video or photos, never both (platform-apis.md §2).
    image: { formats: ['image/jpeg', 'image/webp'], maxBytes: 20 * sizes.MB, maxCount: 35 },
  },
  nativeScheduling: false,
  firstComment: false,
  altText: false,
  threads: false,
  dailyRateLimit: false,
  // TikTok Content Posting API: no charge; 6 init requests a minute per user token, a daily post
  // cap per creator it does not publish, and until the app's audit 5 posting users a day and
  // private posts only (https://developers.tiktok.com/doc/content-posting-api-reference-direct-post,
  // https://developers.tiktok.com/doc/content-sharing-guidelines, read 2026-11-28).
  apiPrices: noApiCharges,
  verifiedAgainst: 'sandbox',
};
