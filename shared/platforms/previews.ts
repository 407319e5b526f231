import type { Platform } from './index';
import type { PreviewRule } from './capabilities';

/**
 * How each network shows a post in its feed, for the wizard's live preview (one entry per
 * platform, beside its capability entry in spirit). Kept apart from the capability entries, like
 * the post options' rules, so the first page's JS does not carry them: only the wizard's preview,
 * loaded on demand, reads them.
 */
export const previewRules: Record<Platform, PreviewRule> = {
  // The watch page: the 16:9 player (a vertical video whole, with bars at its sides), the title, then
  // the description cut with "...more". YouTube documents no cut; third-party guides report 2–3 lines,
  // 100–200 characters. Not checked in the app.
  youtube: { fold: { characters: 150, lines: 3, more: '…more' }, media: { video: { fit: [16, 9] } }, text: 'below', author: 'name', title: true },
  // Full screen (9:16), the @handle and caption over the bottom of the video, cut with "more" after
  // about two lines (third-party guides report 50–150 characters; TikTok documents none). Not checked in the app.
  tiktok: { fold: { characters: 80, lines: 2, more: '… more' }, media: { video: { crop: [9, 16] }, image: { crop: [9, 16] } }, text: 'over', author: 'handle', title: false },
  // A photo keeps its shape between 1.91:1 and 4:5 (the publishing API refuses others, error
  // 2207009); a Reel is 9:16. The caption is cut with "… more" after about 125 characters or two
  // lines (widely reported; Instagram documents none). Not checked in the app. A story fills a
  // 9:16 screen (Meta recommends 9:16 "to avoid cropping or blank space") and shows no caption: the
  // API's story containers take none, nor can we comment on a story.
  instagram: {
    fold: { characters: 125, lines: 2, more: '… more' },
    media: { video: { crop: [9, 16] }, image: { own: { widest: [191, 100], tallest: [4, 5] } } },
    text: 'below',
    author: 'handle',
    title: false,
    formats: { story: { media: { video: { crop: [9, 16] }, image: { crop: [9, 16] } }, text: 'none', notCarried: ['caption', 'firstComment'] } },
  },
  // Since 2021 the timeline shows a single image uncropped between 2:1 and 3:4 and centre-crops beyond
  // ("Pic looking good in the Tweet composer? That's how it will look on the timeline", Twitter
  // Support, 10 Nov 2021; the old 16:9 crop is gone); we assume the same of a video. A long post shows
  // its first 280 characters with "Show more" under them (Twitter's longer posts, Feb 2023). Not checked in the app.
  x: {
    fold: { characters: 280, more: 'Show more', moreOnOwnLine: true },
    media: { video: { own: { widest: [2, 1], tallest: [3, 4] } }, image: { own: { widest: [2, 1], tallest: [3, 4] } } },
    text: 'above',
    author: 'nameAndHandle',
    title: false,
  },
  // Media keep their shape between 3:1 and 4:5 and are cropped beyond (LinkedIn's photo guidance, as
  // third-party guides quote it). The text is cut with "…more" after three lines (observed and reported
  // by John Espirian, 2024), about 210 characters on a desktop. Not checked in the app.
  linkedin: {
    fold: { characters: 210, lines: 3, more: '…more' },
    media: { video: { own: { widest: [3, 1], tallest: [4, 5] } }, image: { own: { widest: [3, 1], tallest: [4, 5] } } },
    text: 'above',
    author: 'name',
    title: false,
  },
  // The whole text (300 graphemes at most) and media in their own shape, no taller than 9:16 on a
  // phone (the app's source, social-app AutoSizedImage: a 9:16 box on phones). Not checked in the app.
  bluesky: { media: { video: { own: { tallest: [9, 16] } }, image: { own: { tallest: [9, 16] } } }, text: 'above', author: 'nameAndHandle', title: false },
  // The whole text (500 characters at most) above the media, under the @handle; a single image or
  // video in its own shape, no taller than 4:5 in the feed (observed in the app; Meta documents
  // none). Not checked in the app.
  threads: { media: { video: { own: { tallest: [4, 5] } }, image: { own: { tallest: [4, 5] } } }, text: 'above', author: 'handle', title: false },
  // The Page's name over the text, cut with "See more" after about five lines (widely reported,
  // around 480 characters; Facebook documents none); a photo in its own shape, no taller than 4:5
  // in the feed (Meta's image ad guidance for Feed, as third-party guides quote it). Not checked in the app.
  // An organization's post shows as a member's does, under the Page's name (the same feed).
  linkedinPage: {
    fold: { characters: 210, lines: 3, more: '…more' },
    media: { video: { own: { widest: [3, 1], tallest: [4, 5] } }, image: { own: { widest: [3, 1], tallest: [4, 5] } } },
    text: 'above',
    author: 'name',
    title: false,
  },
  facebook: { fold: { characters: 480, lines: 5, more: '… See more' }, media: { video: { own: { tallest: [4, 5] } }, image: { own: { tallest: [4, 5] } } }, text: 'above', author: 'name', title: false },
  // The whole text under the display name and @handle; the web app shows a single file in a 16:9
  // box, cropped to it (Mastodon's web UI, media gallery). Not checked in the app.
  mastodon: { media: { video: { fit: [16, 9] }, image: { crop: [16, 9] } }, text: 'above', author: 'nameAndHandle', title: false },
  // A post on the profile: the photo on top, cropped to 4:3, then the text cut with "More" after
  // about three lines (Google's post guidelines advise the first 100 characters say the most). Not checked in the app.
  // An event or offer shows its title and dates, an offer its coupon, and the button under the text.
  googleBusiness: { fold: { characters: 100, lines: 3, more: '… More' }, media: { image: { crop: [4, 3] } }, text: 'below', author: 'name', title: false, localPost: true },
  // A Pin shows its image or video in its own shape, up to 2:3 tall in the grid (Pinterest's Pin
  // specifications recommend 2:3 [C]); the title above the description, under the image, and the
  // board owner's name. Not checked in the app.
  pinterest: { media: { video: { own: { tallest: [2, 3] } }, image: { own: { tallest: [2, 3] } } }, text: 'below', author: 'name', title: true },
};
