/**
 * A long text as a thread of numbered posts (issue 19: X threads, and Bluesky's, where
 * `capabilities[p].threads`). The split is a starting point the user edits: it cuts between
 * sentences, packs as many whole sentences into each post as its network's limit allows with
 * the " 2/5" number it ends with, cuts a sentence longer than a post between words, and a word
 * longer than a post between characters. Counting is the network's own (twitter-text on X), so a
 * part that fits here fits there.
 */

import { beyondCounting } from './platforms/textCounting';

/** At most this many posts in one thread (each is a create call under the exactly-once rule). */
export const THREAD_MAX_PARTS = 25;

export interface ThreadRule {
  /** The network's count of a text (weighted characters on X, graphemes on Bluesky). */
  count: (text: string) => number;
  max: number;
  /** The longest post counted at all (UTF-16 units), where counting is costly (TextRule.maxLength). */
  maxLength?: number;
}

/** " 3/7": the number each post of a thread ends with. */
export const partNumber = (index: number, of: number): string => ` ${index + 1}/${of}`;

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

const segments = (segmenter: Intl.Segmenter, text: string): string[] => [...segmenter.segment(text)].map((part) => part.segment);

/** Greedy packing of pieces into texts that count at most `room` once trimmed; a piece too long is cut finer by `finer`. */
function pack(pieces: string[], rule: ThreadRule, room: number, finer: ((piece: string) => string[]) | undefined): string[] {
  const packed: string[] = [];
  let current = '';
  const fits = (text: string) => rule.count(text.trim()) <= room;
  for (const piece of pieces) {
    if (fits(current + piece)) {
      current += piece;
      continue;
    }
    if (current.trim()) packed.push(current.trim());
    if (fits(piece)) {
      current = piece;
      continue;
    }
    // One piece longer than a post: cut it finer (sentence → words → characters).
    const cut = finer ? pack(finer(piece), rule, room, finer === wordsOf ? graphemesOf : undefined) : [piece.trim()];
    packed.push(...cut.slice(0, -1));
    current = cut.at(-1) ?? '';
  }
  if (current.trim()) packed.push(current.trim());
  return packed;
}

const wordsOf = (text: string) => segments(wordSegmenter, text);
const graphemesOf = (text: string) => segments(graphemeSegmenter, text);

/**
 * The text as a thread: one part when it fits one post, else numbered parts ("… 1/3"), each
 * within `rule.max` with its number. More than THREAD_MAX_PARTS parts are returned as they are:
 * the check (`threadProblems`) says so, nothing is cut off silently.
 */
export function splitIntoThread(text: string, rule: ThreadRule): string[] {
  const whole = text.trim();
  if (!whole) return [];
  if (rule.count(whole) <= rule.max) return [whole];
  const sentences = segments(sentenceSegmenter, whole);
  // The number's width depends on how many parts there are: assume one digit, then widen until it holds.
  for (let digits = 1; ; digits += 1) {
    const widest = Number('9'.repeat(digits));
    const room = rule.max - rule.count(partNumber(widest - 1, widest));
    const parts = pack(sentences, rule, room, wordsOf);
    if (parts.length <= widest) return parts.map((part, index) => `${part}${partNumber(index, parts.length)}`);
  }
}

/**
 * What keeps a thread from going as it is, in words (empty when it can go); `name` is the network's.
 * A thread of too many posts is said so without counting them, and so is a post longer than the
 * rule counts at all: the bounds come before any counting.
 */
export function threadProblems(parts: readonly string[], rule: ThreadRule, name: string): string[] {
  if (parts.length > THREAD_MAX_PARTS) return [`A thread on ${name} can have at most ${THREAD_MAX_PARTS} posts (this one has ${parts.length}).`];
  const problems: string[] = [];
  for (const [index, part] of parts.entries()) {
    if (!part.trim()) problems.push(`Post ${index + 1} of the ${name} thread is empty.`);
    if (beyondCounting(rule, part)) {
      problems.push(`Post ${index + 1} of the ${name} thread is too long (over ${rule.maxLength} characters).`);
      continue;
    }
    const count = rule.count(part);
    if (count > rule.max) problems.push(`Post ${index + 1} of the ${name} thread is too long (${count} of ${rule.max}).`);
  }
  return problems;
}

/** The posts a thread publishes: its parts when there are two or more, none otherwise (one part is a plain post). */
export function threadParts(parts: readonly string[] | undefined): string[] | undefined {
  return parts && parts.length >= 2 ? [...parts] : undefined;
}
