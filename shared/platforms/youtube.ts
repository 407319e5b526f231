import { sizes, type PlatformCapabilities } from './capabilities';
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
  firstComment: true,
  altText: false,
  threads: false,
  dailyRateLimit: false,
  // The watch page: the 16:9 player (a vertical video whole, with bars at its sides), the title, then
  // the description cut with "...more". YouTube documents no cut; third-party guides report 2–3 lines,
  // 100–200 characters. Not checked in the app.
  preview: { fold: { characters: 150, lines: 3, more: '…more' }, media: { video: { fit: [16, 9] } }, text: 'below', author: 'name', title: true },
};
