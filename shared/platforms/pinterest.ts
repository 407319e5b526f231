import { noApiCharges, sizes, type PlatformCapabilities } from './capabilities';
import { codePoints } from './textCounting';

/**
 * Pinterest (API v5): a Pin on one of the account's boards. Its text is the Pin's `description`
 * (at most 800 characters, PinCreate in Pinterest's OpenAPI description), its title the Pin's
 * `title` (at most 100, optional). One image is an image Pin (`image_url`); 2 to 5 images are one
 * multi-image Pin (`multiple_image_urls`, minItems 2, maxItems 5), each JPEG, PNG or WebP of at most
 * 20 MB (Pinterest's image Pin specifications [C]). One video is a video Pin (`video_id`, after the
 * media upload): MP4, MOV or M4V of 4 seconds to 15 minutes (Pinterest's video specifications);
 * Pinterest takes up to 2 GB, we send up to 200 MB because the upload is one S3 form POST that the
 * publish step holds in memory (docs/platforms/pinterest.md). A post with a video and images gives
 * Pinterest its video (no carousel). Alt text goes with an image Pin (`alt_text`, at most 500).
 */
export const pinterest: PlatformCapabilities<'pinterest'> = {
  id: 'pinterest',
  name: 'Pinterest',
  displayOrder: 11,
  brandColor: '#E60023',
  monogram: 'P',
  text: { max: 800, unit: 'characters', count: codePoints },
  title: { required: false, max: 100 },
  media: {
    video: { formats: ['video/mp4', 'video/quicktime', 'video/x-m4v'], maxBytes: 200 * sizes.MB, seconds: { min: 4, max: 15 * 60 } },
    image: { formats: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 20 * sizes.MB, maxCount: 5 },
  },
  nativeScheduling: false,
  firstComment: false,
  altText: true,
  threads: false,
  dailyRateLimit: false,
  // The API is free; calls are limited per user and app by category (org_write, org_read,
  // org_analytics: https://developers.pinterest.com/docs/reference/rate-limits/).
  apiPrices: noApiCharges,
  verifiedAgainst: 'sandbox',
};
