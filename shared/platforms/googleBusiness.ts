import { noApiCharges, sizes, type PlatformCapabilities } from './capabilities';
import { codePoints } from './textCounting';

/** The longest text of a local post (LocalPost.summary; Google's Business Profile post guidelines: 1,500 characters). */
export const GOOGLE_BUSINESS_SUMMARY_MAX = 1500;

/**
 * Google Business Profile: a local post on a business location the user picked (one connection
 * per location), through the Google My Business API v4 (accounts.locations.localPosts). Its text
 * is the post's `summary`; it may carry one photo, JPEG or PNG of 10 KB to 5 MB (Business Profile
 * photo guidelines), which Google fetches from an address we give it (`media[].sourceUrl`). The
 * post is an update, an offer or an event, with an optional button (shared/platforms/
 * googleBusinessOptions.ts). Google has no scheduling of its own for posts: ours is used.
 */
export const googleBusiness: PlatformCapabilities<'googleBusiness'> = {
  id: 'googleBusiness',
  name: 'Google Business Profile',
  displayOrder: 12,
  brandColor: '#4285F4',
  monogram: 'G',
  text: { max: GOOGLE_BUSINESS_SUMMARY_MAX, unit: 'characters', count: codePoints },
  media: {
    image: { formats: ['image/jpeg', 'image/png'], maxBytes: 5 * sizes.MB, maxCount: 1 },
  },
  nativeScheduling: false,
  // Local posts take no comments (people review the place, not a post).
  firstComment: false,
  altText: false,
  threads: false,
  dailyRateLimit: false,
  // Google reports a location's numbers per day, not a post's (Business Profile Performance API).
  accountNumbers: true,
  // No charge; a project's quota is per minute (300 QPM for the My Business APIs by default,
  // https://developers.google.com/my-business/content/limits, read 2026-11-28).
  apiPrices: noApiCharges,
  verifiedAgainst: 'sandbox',
};
