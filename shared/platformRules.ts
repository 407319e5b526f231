import type { Platform } from './platforms';

/**
 * Each platform's text and media rules (platform-apis.md), shared by the wizard (live counts)
 * and the API (validation). Counting follows each platform's own unit.
 */
export interface PlatformRules {
  /** The most the post text may count, in the platform's unit. */
  maxText: number;
  /** How the platform counts text. */
  countText(text: string): number;
  /** YouTube needs a title of at most this many characters. */
  maxTitle?: number;
  /** What media the platform takes in one post. */
  media: { video: boolean; image: boolean; maxImages: number };
  /** Extra text rules (hashtags, mentions), as messages; empty when fine. */
  textProblems?(text: string): string[];
}

const graphemes = (text: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((part) => part.segment);
const codePoints = (text: string) => [...text].length;
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** twitter-text v3: URLs count 23; code points in these ranges weigh 1, all others 2. */
const lightRanges: Array<[number, number]> = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];
const urlPattern = /\bhttps?:\/\/[^\s]+|\b(?:[a-z0-9-]+\.)+(?:com|net|org|io|co|app|dev|ly|me|tv)\b(?:\/[^\s]*)?/gi;
const emojiPattern = /\p{Extended_Pictographic}/u;

export function xWeightedLength(text: string): number {
  const normalized = text.normalize('NFC');
  let length = 0;
  const withoutUrls = normalized.replace(urlPattern, () => {
    length += 23;
    return '';
  });
  for (const grapheme of graphemes(withoutUrls)) {
    if (emojiPattern.test(grapheme)) {
      length += 2;
      continue;
    }
    for (const point of grapheme) {
      const code = point.codePointAt(0)!;
      length += lightRanges.some(([low, high]) => code >= low && code <= high) ? 1 : 2;
    }
  }
  return length;
}

export const platformRules: Record<Platform, PlatformRules> = {
  youtube: {
    maxText: 5000,
    countText: utf8Bytes,
    maxTitle: 100,
    media: { video: true, image: false, maxImages: 0 },
    textProblems: (text) => (/[<>]/.test(text) ? ['YouTube descriptions cannot contain < or >.'] : []),
  },
  tiktok: {
    maxText: 2200,
    countText: (text) => text.length,
    media: { video: true, image: true, maxImages: 35 },
  },
  instagram: {
    maxText: 2200,
    countText: codePoints,
    media: { video: true, image: true, maxImages: 1 },
    textProblems: (text) => {
      const problems: string[] = [];
      if ((text.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > 30) problems.push('Instagram allows at most 30 hashtags.');
      if ((text.match(/@[\w.]+/g) ?? []).length > 20) problems.push('Instagram allows at most 20 @-mentions.');
      return problems;
    },
  },
  x: {
    maxText: 280,
    countText: xWeightedLength,
    media: { video: true, image: true, maxImages: 4 },
  },
  linkedin: {
    maxText: 3000,
    countText: codePoints,
    media: { video: true, image: true, maxImages: 20 },
  },
};

/** The spec's description limit, shown in the wizard. */
export const DESCRIPTION_MAX = 2200;
export const YOUTUBE_TITLE_MAX = 100;

/**
 * What a post's media become on one platform: a platform that takes videos gets the post's video
 * (no platform takes a video and images in one post); otherwise it gets the images it can take.
 * Empty when the platform can take none of them (YouTube with images only).
 */
export function mediaForPlatform<M extends { kind: 'image' | 'video' }>(platform: Platform, media: readonly M[]): M[] {
  const rules = platformRules[platform].media;
  const video = media.find((item) => item.kind === 'video');
  if (video && rules.video) return [video];
  return rules.image ? media.filter((item) => item.kind === 'image').slice(0, rules.maxImages) : [];
}
