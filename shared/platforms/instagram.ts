import { sizes, type PlatformCapabilities } from './capabilities';
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
  firstComment: true,
  altText: false,
  threads: false,
  // A carousel of images and/or videos: item containers (is_carousel_item; media_type=VIDEO for a
  // video), then media_type=CAROUSEL with their ids in `children`, 2 to 10 of them (error 2207028),
  // each FINISHED first (platform-apis.md §3; Meta's Content Publishing guide, "Carousel posts").
  carousel: { min: 2, max: 10 },
  dailyRateLimit: false,
  // A photo keeps its shape between 1.91:1 and 4:5 (the publishing API refuses others, error
  // 2207009); a Reel is 9:16. The caption is cut with "… more" after about 125 characters or two
  // lines (widely reported; Instagram documents none). Not checked in the app.
  preview: {
    fold: { characters: 125, lines: 2, more: '… more' },
    media: { video: { crop: [9, 16] }, image: { own: { widest: [191, 100], tallest: [4, 5] } } },
    text: 'below',
    author: 'handle',
    title: false,
  },
};
