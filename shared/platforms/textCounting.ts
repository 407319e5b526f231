/** The ways platforms count a post's text (platform-apis.md, each platform's "Limits"). */

import type { ParsedTweet } from 'twitter-text';
import type { TextRule } from './capabilities';
import { loadXTextParser, xTextParser } from './xTextParser';

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** User-perceived characters: "👨‍👩‍👧" is one. */
export const graphemes = (text: string): string[] => [...segmenter.segment(text)].map((part) => part.segment);
/** Counted without keeping the segments (several times faster on long texts than `graphemes(text).length`). */
export function graphemeCount(text: string): number {
  const segments = segmenter.segment(text)[Symbol.iterator]();
  let count = 0;
  while (!segments.next().done) count += 1;
  return count;
}
/** Unicode code points: an emoji is one, "é" written as e + accent is two. */
export const codePoints = (text: string): number => [...text].length;
/** UTF-16 code units (JavaScript's length): an emoji outside the BMP is two. */
export const utf16Units = (text: string): number => text.length;
export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

/** A grapheme that is (or holds) an emoji: a pictograph, or a flag's regional indicators. */
const emojiGrapheme = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/**
 * Characters as people see them (graphemes), each emoji counting its UTF-8 bytes: "Hi 👋" is 3 + 4.
 * Meta's Threads posts guide words it so ("Emojis are counted as the number of UTF-8 bytes",
 * linking the grapheme-splitter package for the rest).
 */
export function emojiByteCount(text: string): number {
  let count = 0;
  for (const { segment } of segmenter.segment(text)) count += emojiGrapheme.test(segment) ? utf8Bytes(segment) : 1;
  return count;
}

/** X's limit in weighted characters (twitter-text's v3 maxWeightedTweetLength; premium accounts get more, which we cannot see). */
export const X_MAX_WEIGHTED_LENGTH = 280;

/**
 * The longest text X's count is asked about (UTF-16 units). A URL counts 23 whatever its length
 * and an emoji 2 whatever its code units, so a text within 280 may be longer than 280 units, but
 * not this long in practice; and twitter-text's parse grows with the square of a dotted text's
 * length ("ab.ab.…": 4 ms for 1,000 units, 0.3 s for 10,000), so a longer text is refused uncounted.
 */
export const X_MAX_TEXT_LENGTH = 1000;

/** Whether a text is longer than its rule counts at all (`TextRule.maxLength`): too long, said without counting. */
export const beyondCounting = (rule: Pick<TextRule, 'maxLength'>, text: string): boolean => rule.maxLength !== undefined && text.length > rule.maxLength;

/** The last texts X's parse read, so a text counted and then checked (or counted for two fields) is parsed once. */
const parsedXTexts = new Map<string, ParsedTweet>();
const PARSED_X_TEXTS_KEPT = 64;

/** X's text as twitter-text reads it, or a clear error where it is not loaded yet (the browser, before `load`). */
function parsedForX(text: string): ParsedTweet {
  const known = parsedXTexts.get(text);
  if (known) return known;
  const parse = xTextParser();
  if (!parse) throw new Error("X's text counting (twitter-text) is not loaded yet: await capabilities.x.text.load() before counting.");
  const parsed = parse(text);
  if (parsedXTexts.size >= PARSED_X_TEXTS_KEPT) parsedXTexts.delete(parsedXTexts.keys().next().value!);
  parsedXTexts.set(text, parsed);
  return parsed;
}

/**
 * X's weighted length, by X's own library (twitter-text's parseTweet, configuration v3): a URL
 * counts 23 whether written with a scheme or as a bare domain with a known TLD ("example.ai"); an
 * emoji counts 2 whatever its code points (ZWJ sequences, skin tones, flags); code points up to
 * U+10FF and a few punctuation ranges count 1, all others (CJK, for one) 2; the text is NFC
 * normalised first.
 */
export const xWeightedLength = (text: string): number => parsedForX(text).weightedLength;

/** What X refuses besides the length: the characters twitter-text calls invalid (U+FFFE, U+FEFF, U+FFFF). */
export function xTextProblems(text: string): string[] {
  const parsed = parsedForX(text);
  if (parsed.valid || parsed.weightedLength === 0 || parsed.weightedLength > X_MAX_WEIGHTED_LENGTH) return [];
  return ['X refuses the invisible characters U+FEFF, U+FFFE and U+FFFF: remove them.'];
}

/** Whether X's counting can answer now; loadXCounting() makes it so. */
export const xCountingReady = (): boolean => xTextParser() !== undefined;
export const loadXCounting = loadXTextParser;
