import { noApiCharges, sizes, type PlatformCapabilities } from './capabilities';
import { utf8Bytes } from './textCounting';

const angleBrackets = (what: string) => (text: string) => (/[<>]/.test(text) ? [`YouTube ${what} cannot contain < or >.`] : []);

/** YouTube Data API v3 (platform-apis.md §1). */
export const youtube: PlatformCapabilities<'youtube'> = {
  id: 'youtube',
  name: 'YouTube',
  displayOrder: 4,
  brandColor: '#FF0000',
  monogram: 'YT',
  text: { max: 5000, unit: 'bytes', count: utf8Bytes, problems: angleBrackets('descriptions') },
  // The spec's counter n/100; the API requires a title of at most 100 characters without < or >.
  title: { required: true, max: 100, problems: angleBrackets('titles') },
  // videos.insert takes one video/* up to 256 GB; this API publishes no images (platform-apis.md §1).
  media: { video: { formats: ['video/mp4', 'video/quicktime', 'video/x-msvideo'], maxBytes: 256 * sizes.GB } },
  // status.publishAt on a private upload: YouTube makes it public at that time.
  nativeScheduling: { changedIn: 'YouTube Studio' },
  // A top-level comment (commentThreads.insert; its rule in comments.ts). No comment goes on a
  // video made for kids or a private one (youtubeOptions.ts, youtubeCommentsOff).
  firstComment: true,
  altText: false,
  threads: false,
  dailyRateLimit: false,
  // YouTube Data API v3: no charge; videos.insert has its own daily quota bucket (100 calls a day
  // by default) and the other calls share 10,000 units a day, raised on request after an audit
  // (https://developers.google.com/youtube/v3/determine_quota_cost, read 2026-11-28).
  apiPrices: noApiCharges,
  verifiedAgainst: 'sandbox',
};
