import { describe, expect, it } from 'vitest';
import { splitIntoThread, threadParts, threadProblems, THREAD_MAX_PARTS } from '../../../shared/thread';
import { graphemeCount, loadXCounting, xWeightedLength } from '../../../shared/platforms/textCounting';

await loadXCounting();
const x = { count: xWeightedLength, max: 280 };
const bluesky = { count: graphemeCount, max: 300 };

describe('splitIntoThread', () => {
  it('keeps a text that fits one post as it is, and an empty text as no posts', () => {
    expect(splitIntoThread('  Short and sweet.  ', x)).toEqual(['Short and sweet.']);
    expect(splitIntoThread('   ', x)).toEqual([]);
  });

  it('cuts between sentences, numbers the posts, and keeps each within the limit with its number', () => {
    const sentences = Array.from({ length: 12 }, (_, index) => `Sentence number ${index + 1} says something worth reading about our launch.`);
    const parts = splitIntoThread(sentences.join(' '), x);
    expect(parts.length).toBeGreaterThan(1);
    for (const [index, part] of parts.entries()) {
      expect(part.endsWith(` ${index + 1}/${parts.length}`)).toBe(true);
      expect(xWeightedLength(part)).toBeLessThanOrEqual(280);
      // Whole sentences only: each post (without its number) ends a sentence.
      expect(part.replace(/ \d+\/\d+$/, '')).toMatch(/\.$/);
    }
    expect(parts.map((part) => part.replace(/ \d+\/\d+$/, '')).join(' ')).toBe(sentences.join(' '));
  });

  it('counts by the network: CJK weighs two on X, so it needs more posts there than on Bluesky', () => {
    const text = '今日は新しい製品を発表します。'.repeat(20);
    const onX = splitIntoThread(text, x);
    const onBluesky = splitIntoThread(text, bluesky);
    for (const part of onX) expect(xWeightedLength(part)).toBeLessThanOrEqual(280);
    for (const part of onBluesky) expect(graphemeCount(part)).toBeLessThanOrEqual(300);
    expect(onX.length).toBeGreaterThan(onBluesky.length);
  });

  it('cuts a sentence longer than a post between words, and a word longer than a post between characters', () => {
    const longSentence = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');
    const parts = splitIntoThread(longSentence, x);
    for (const part of parts) {
      expect(xWeightedLength(part)).toBeLessThanOrEqual(280);
      expect(part).not.toMatch(/word\d+word/);
    }
    expect(parts.map((part) => part.replace(/ \d+\/\d+$/, '')).join(' ')).toBe(longSentence);
    const oneWord = 'a'.repeat(700);
    const cut = splitIntoThread(oneWord, x);
    expect(cut.map((part) => part.replace(/ \d+\/\d+$/, '')).join('')).toBe(oneWord);
    for (const part of cut) expect(xWeightedLength(part)).toBeLessThanOrEqual(280);
  });

  it('widens the number when there are ten posts or more, still within the limit', () => {
    const text = Array.from({ length: 60 }, (_, index) => `This is sentence ${index + 1}, long enough to fill a good part of a post on X.`).join(' ');
    const parts = splitIntoThread(text, x);
    expect(parts.length).toBeGreaterThanOrEqual(10);
    expect(parts.at(-1)).toMatch(new RegExp(` ${parts.length}/${parts.length}$`));
    for (const part of parts) expect(xWeightedLength(part)).toBeLessThanOrEqual(280);
  });

  it('keeps a link whole (X counts it as 23)', () => {
    const text = `${'Read the whole story. '.repeat(12)}https://example.com/a/very/long/path/that/is/still/one/link/${'x'.repeat(200)} and more words after it.`;
    const parts = splitIntoThread(text, x);
    expect(parts.some((part) => part.includes(`https://example.com/a/very/long/path/that/is/still/one/link/${'x'.repeat(200)}`))).toBe(true);
  });
});

describe('threadProblems and threadParts', () => {
  it('names an empty post, a post over the limit and too many posts', () => {
    expect(threadProblems(['One', ' ', 'y'.repeat(281)], x, 'X')).toEqual(['Post 2 of the X thread is empty.', 'Post 3 of the X thread is too long (281 of 280).']);
    expect(threadProblems(Array.from({ length: THREAD_MAX_PARTS + 1 }, () => 'p'), x, 'X')[0]).toBe(`A thread on X can have at most ${THREAD_MAX_PARTS} posts (this one has ${THREAD_MAX_PARTS + 1}).`);
    expect(threadProblems(['One', 'Two'], x, 'X')).toEqual([]);
  });

  it('treats one post as no thread', () => {
    expect(threadParts(['Only'])).toBeUndefined();
    expect(threadParts(undefined)).toBeUndefined();
    expect(threadParts(['One', 'Two'])).toEqual(['One', 'Two']);
  });
});
