import { noApiCharges, sizes, type PlatformCapabilities } from './capabilities';
import { emojiByteCount } from './textCounting';

/** The most a Threads post's text may count (Threads posts guide, "Limitations"). */
export const THREADS_MAX_TEXT = 500;

/**
 * Threads (Meta's Threads API, graph.threads.net; docs/platforms/threads.md): a post's text is
 * at most 500 characters, an emoji counting its UTF-8 bytes ("Text posts are limited to 500
 * characters. Emojis are counted as the number of UTF-8 bytes", developers.facebook.com/docs/threads/posts).
 * An image (JPEG or PNG, at most 8 MB) or a video (MOV or MP4, at most 5 minutes and 1 GB), or a
 * carousel of 2 to 20 of either (the posts guide's "Media specifications" and "Carousel posts").
 */
export const threads: PlatformCapabilities<'threads'> = {
  id: 'threads',
  name: 'Threads',
  displayOrder: 7,
  brandColor: '#000000',
  monogram: 'TH',
  // Any UTF-16 unit counts at least once, so a text longer than this is over 500 whatever it holds.
  text: { max: THREADS_MAX_TEXT, unit: 'emojiBytes', count: emojiByteCount, maxLength: 4 * THREADS_MAX_TEXT },
  media: {
    video: { formats: ['video/mp4', 'video/quicktime'], maxBytes: sizes.GB, seconds: { max: 300 } },
    image: { formats: ['image/jpeg', 'image/png'], maxBytes: 8 * sizes.MB, maxCount: 20 },
  },
  nativeScheduling: false,
  // As a reply under the post (reply_to_id, with threads_manage_replies).
  firstComment: true,
  // alt_text on an IMAGE or VIDEO container (the posts guide's parameters).
  altText: true,
  // Each further post a reply to the one before (reply_to_id).
  threads: true,
  // Item containers (is_carousel_item=true), then media_type=CAROUSEL with their ids in `children`:
  // "at least 2 and up to 20 total images or videos or a mix of the two" (posts guide, "Carousel posts").
  carousel: { min: 2, max: 20 },
  // 250 API-published posts and 1,000 replies per profile in a moving 24 hours (not a daily reset).
  dailyRateLimit: false,
  // Read per account from GET /{user}/threads_publishing_limit and shown before publishing.
  publishingLimit: { posts: 250, hours: 24 },
  // Threads API: no charge and no price list; 250 posts per profile in a moving 24 hours, a
  // carousel counting once (https://developers.facebook.com/docs/threads/overview, read 2026-11-28).
  apiPrices: noApiCharges,
  verifiedAgainst: 'sandbox',
};
