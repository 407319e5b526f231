import { noApiCharges, sizes, type PlatformCapabilities } from './capabilities';
import { codePoints } from './textCounting';

/**
 * Facebook Pages (Graph API, Pages API): a post on a Page the user picked, as the Page. Its text
 * is the post's `message` (at most 63,206 characters, the limit Facebook's composer and API keep);
 * 1 to 10 photos go as unpublished photos attached to one feed post (`attached_media`), each JPEG,
 * PNG or GIF of at most 4 MB (Pages API, "Photos": "size of 4MB or less"); or one video, uploaded
 * in chunks (docs/platforms/facebook.md). Reels are not published yet. Facebook's own scheduling
 * is not used: ours is.
 */
export const facebook: PlatformCapabilities<'facebook'> = {
  id: 'facebook',
  name: 'Facebook',
  displayOrder: 8,
  brandColor: '#0866FF',
  monogram: 'f',
  text: { max: 63_206, unit: 'characters', count: codePoints },
  media: {
    // A Page video: MP4 or MOV (Video API, "Video format": .mp4 recommended), at most 10 GB and
    // 240 minutes (Meta's Pages video specs [C]; the sandbox takes at most 1 GiB).
    video: { formats: ['video/mp4', 'video/quicktime'], maxBytes: 10 * sizes.GB, seconds: { max: 240 * 60 } },
    image: { formats: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: 4 * sizes.MB, maxCount: 10 },
  },
  nativeScheduling: false,
  // A comment on the post, as the Page (POST /{post-id}/comments with the Page's token).
  firstComment: true,
  altText: false,
  threads: false,
  dailyRateLimit: false,
  // Pages API (Graph API): no charge and no price list; calls are limited per Page by the
  // Business Use Case rate limits (https://developers.facebook.com/docs/graph-api/overview/rate-limiting).
  apiPrices: noApiCharges,
  verifiedAgainst: 'sandbox',
};
