import { sizes, type PlatformCapabilities } from './capabilities';
import { loadXCounting, X_MAX_TEXT_LENGTH, X_MAX_WEIGHTED_LENGTH, xCountingReady, xTextProblems, xWeightedLength } from './textCounting';

/** X API v2 (platform-apis.md §4). */
export const x: PlatformCapabilities<'x'> = {
  id: 'x',
  name: 'X',
  displayOrder: 2,
  brandColor: '#000000',
  monogram: 'X',
  // 280 weighted characters, counted by X's own library (twitter-text v3; premium accounts get
  // more, which we cannot see). The browser loads twitter-text when the wizard counts.
  text: { max: X_MAX_WEIGHTED_LENGTH, maxLength: X_MAX_TEXT_LENGTH, unit: 'weightedCharacters', count: xWeightedLength, problems: xTextProblems, ready: xCountingReady, load: loadXCounting },
  media: {
    // At least 0.5 s. No upper length or size here: 140 s binds only non-premium accounts, and a
    // video over the link-fallback size goes out as a link (publisher options).
    video: { formats: ['video/mp4', 'video/quicktime'], seconds: { min: 0.5 } },
    // Up to 4 images of at most 5 MB each (animated GIFs may reach 15 MB; we hold every image to 5 MB),
    // or 1 video, never both: "up to 4 images, or 1 GIF, or 1 video" (platform-apis.md §4, X's
    // media best practices; POST /2/tweets takes up to 4 media_ids).
    image: { formats: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'], maxBytes: 5 * sizes.MB, maxCount: 4 },
  },
  nativeScheduling: false,
  // As a reply to the post.
  firstComment: true,
  altText: false,
  threads: true,
  dailyRateLimit: false,
  // X API v2 pay-per-usage: "Content: Create" $0.015 per request, "Content: Create (with URL)"
  // $0.200, "Posts: Read" $0.005 per post returned, charged once per post per UTC day; media
  // uploads are not on the list (https://docs.x.com/x-api/getting-started/pricing, read
  // 2026-11-28). Pay-per-use became the default for new developer apps in February 2026; the
  // legacy Basic and Pro subscriptions (flat monthly) are not modelled.
  apiPrices: { postUsd: 0.015, postWithLinkUsd: 0.2, postReadUsd: 0.005 },
  verifiedAgainst: 'sandbox',
};
