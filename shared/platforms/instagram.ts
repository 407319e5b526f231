import { noApiCharges, sizes, type PlatformCapabilities } from './capabilities';
import { codePoints } from './textCounting';

function captionProblems(text: string): string[] {
  const problems: string[] = [];
  if ((text.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > 30) problems.push('Instagram allows at most 30 hashtags.');
  if ((text.match(/@[\w.]+/g) ?? []).length > 20) problems.push('Instagram allows at most 20 @-mentions.');
  return problems;
}

/** Instagram content publishing with Instagram Login (platform-apis.md §3). */
export const instagram: PlatformCapabilities<'instagram'> = {
  id: 'instagram',
  name: 'Instagram',
  displayOrder: 3,
  brandColor: '#FF0069',
  monogram: 'IG',
  // At most 2200 characters, 30 hashtags and 20 @-mentions.
  text: { max: 2200, unit: 'characters', count: codePoints, problems: captionProblems },
  media: {
    // Reels as MP4/MOV; the product spec sets 3 to 90 seconds.
    video: { formats: ['video/mp4', 'video/quicktime'], seconds: { min: 3, max: 90 } },
    // Feed images are JPEG only, at most 8 MiB (error 2207004); up to 10 in a carousel.
    image: { formats: ['image/jpeg'], maxBytes: 8 * sizes.MiB, maxCount: 10 },
  },
  nativeScheduling: false,
  // A comment on the media (POST /{ig-media-id}/comments, instagram_business_manage_comments).
  // Meta documents no limit of its own for a comment's text; the caption's is applied (2,200
  // characters, 30 hashtags, 20 @-mentions: `problems`), as the sandbox does.
  firstComment: true,
  altText: false,
  threads: false,
  // A carousel of images and/or videos: item containers (is_carousel_item; media_type=VIDEO for a
  // video), then media_type=CAROUSEL with their ids in `children`, 2 to 10 of them (error 2207028),
  // each FINISHED first (platform-apis.md §3; Meta's Content Publishing guide, "Carousel posts").
  carousel: { min: 2, max: 10 },
  dailyRateLimit: false,
  // Instagram API with Instagram Login (Meta Graph API): no charge and no price list; 100
  // API-published posts per account in a moving 24 hours, a carousel counting once
  // (https://developers.facebook.com/docs/instagram-platform/content-publishing, read 2026-11-28).
  apiPrices: noApiCharges,
  verifiedAgainst: 'sandbox',
};
