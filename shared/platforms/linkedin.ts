import type { PlatformCapabilities } from './capabilities';
import { codePoints } from './textCounting';

/** LinkedIn Posts, Images and Videos APIs (platform-apis.md §5). */
export const linkedin: PlatformCapabilities<'linkedin'> = {
  id: 'linkedin',
  name: 'LinkedIn',
  displayOrder: 1,
  brandColor: '#0A66C2',
  monogram: 'in',
  text: { max: 3000, unit: 'characters', count: codePoints },
  media: {
    // MP4 of 3 s to 30 min. The documented sizes disagree (500 MB or less), so none is checked here.
    video: { formats: ['video/mp4'], seconds: { min: 3, max: 1800 } },
    // JPG/PNG/GIF; a multi-image post (content.multiImage) takes 2 to 20, one image goes as
    // content.media. One video per post, or images, never both (platform-apis.md §5 "Mixing media").
    image: { formats: ['image/jpeg', 'image/png', 'image/gif'], maxCount: 20 },
  },
  nativeScheduling: false,
  firstComment: true,
  altText: false,
  threads: false,
  // Member and application limits are daily and reset at midnight UTC.
  dailyRateLimit: true,
  // Media keep their shape between 3:1 and 4:5 and are cropped beyond (LinkedIn's photo guidance, as
  // third-party guides quote it). The text is cut with "…more" after three lines (observed and reported
  // by John Espirian, 2024), about 210 characters on a desktop. Not checked in the app.
  preview: {
    fold: { characters: 210, lines: 3, more: '…more' },
    media: { video: { own: { widest: [3, 1], tallest: [4, 5] } }, image: { own: { widest: [3, 1], tallest: [4, 5] } } },
    text: 'above',
    author: 'name',
    title: false,
  },
};
