import { noApiCharges, sizes, type PlatformCapabilities } from './capabilities';
import { graphemeCount, utf8Bytes } from './textCounting';

/** Besides 300 graphemes, a post's text may be at most this many UTF-8 bytes (app.bsky.feed.post). */
export const MAX_TEXT_BYTES = 3000;

/**
 * Bluesky (AT Protocol, app.bsky.feed.post and its embeds): 300 graphemes and 3,000 bytes of
 * text; up to 4 images of at most 2,000,000 bytes each (app.bsky.embed.images), or one video of
 * at most 100 MiB and 3 minutes (the video service's limits), never both: a post has one embed,
 * app.bsky.embed.images or app.bsky.embed.video (docs.bsky.app, "Creating a post").
 */
export const bluesky: PlatformCapabilities<'bluesky'> = {
  id: 'bluesky',
  name: 'Bluesky',
  displayOrder: 6,
  brandColor: '#1185FE',
  monogram: 'bsky',
  text: {
    max: 300,
    unit: 'graphemes',
    count: graphemeCount,
    // A UTF-16 unit is at least one UTF-8 byte, so a longer text is over the byte limit whatever it holds.
    maxLength: MAX_TEXT_BYTES,
    problems: (text) => (utf8Bytes(text) > MAX_TEXT_BYTES ? [`Bluesky posts can be at most ${MAX_TEXT_BYTES} bytes of text.`] : []),
  },
  media: {
    video: { formats: ['video/mp4'], maxBytes: 100 * sizes.MiB, seconds: { max: 180 } },
    image: { formats: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'], maxBytes: 2 * sizes.MB, maxCount: 4 },
  },
  nativeScheduling: false,
  // As a reply to the post.
  firstComment: true,
  altText: true,
  threads: true,
  dailyRateLimit: false,
  // Bluesky (AT Protocol, Bluesky's PDS): no charge; 5,000 write points an hour and 35,000 a day
  // per account, 3 per record created (https://docs.bsky.app/docs/advanced-guides/rate-limits,
  // read 2026-11-28).
  apiPrices: noApiCharges,
  verifiedAgainst: 'sandbox',
};
