/** The ways platforms count a post's text (platform-apis.md, each platform's "Limits"). */

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** User-perceived characters: "👨‍👩‍👧" is one. */
export const graphemes = (text: string): string[] => [...segmenter.segment(text)].map((part) => part.segment);
export const graphemeCount = (text: string): number => graphemes(text).length;
/** Unicode code points: an emoji is one, "é" written as e + accent is two. */
export const codePoints = (text: string): number => [...text].length;
/** UTF-16 code units (JavaScript's length): an emoji outside the BMP is two. */
export const utf16Units = (text: string): number => text.length;
export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

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
