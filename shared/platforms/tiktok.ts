import { sizes, type PlatformCapabilities } from './capabilities';
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
  // Full screen (9:16), the @handle and caption over the bottom of the video, cut with "more" after
  // about two lines (third-party guides report 50–150 characters; TikTok documents none). Not checked in the app.
  preview: { fold: { characters: 80, lines: 2, more: '… more' }, media: { video: { crop: [9, 16] }, image: { crop: [9, 16] } }, text: 'over', author: 'handle', title: false },
};
