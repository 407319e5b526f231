import * as twitterTextModule from 'twitter-text';
import configs from 'twitter-text/dist/configs.js';
import { describe, expect, it } from 'vitest';
import { capabilities } from '../../../shared/platforms';
import { emojiByteCount, graphemeCount, utf8Bytes, xTextProblems, xWeightedLength } from '../../../shared/platforms/textCounting';
import * as onDemand from '../../../shared/platforms/xTextParser.onDemand';
import type * as bundled from '../../../shared/platforms/xTextParser';

// The library's CommonJS build, imported whole: its exports hang off `default` where Node loads it.
const twitterText = (twitterTextModule as unknown as { default?: typeof twitterTextModule }).default ?? twitterTextModule;

/**
 * X's count is twitter-text's (X's own library). Each case is checked against the library itself
 * (its default configuration, which is v3) and, where a number is written, against that number,
 * so a wrong call of the library (an old configuration, no emoji parsing) fails too.
 */
const long = 'a'.repeat(300);
const xCases: Array<[string, string, number?]> = [
  // URLs: every one counts 23, with or without a scheme, whatever its TLD and length.
  ['a bare .com domain', 'example.com', 23],
  ['a bare ccTLD domain with a path', 'see example.de/page', 4 + 23],
  ['a new gTLD (.ai)', 'hi example.ai', 3 + 23],
  ['a new gTLD (.app) mid-sentence', 'visit shop.example.app now', 6 + 23 + 4],
  ['a new gTLD (.dev)', 'docs at example.dev', 8 + 23],
  ['a two-level ccTLD', 'www.example.co.uk', 23],
  ['.io and .xyz', 'github.io abc.xyz', 23 + 1 + 23],
  ['a long gTLD (.photography)', 'my.photography', 23],
  ['https with path, query and fragment', 'http://example.org/path?query=1&b=2#frag', 23],
  ['a very long URL', `https://example.com/${long}`, 23],
  ['two URLs', 'a.com b.com', 23 + 1 + 23],
  ['a URL in parentheses', '(see example.com)', 1 + 4 + 23 + 1],
  ['a URL with balanced parentheses in its path', 'https://en.wikipedia.org/wiki/Link_(disambiguation)', 23],
  ['a URL followed by a full stop', 'Read example.com.', 5 + 23 + 1],
  ['a t.co link', 'via https://t.co/abc123XYZ', 4 + 23],
  ['an IDN domain with a scheme', 'https://例え.jp', 23],
  ['a punycode domain with a scheme', 'https://xn--bcher-kva.de', 23],
  ['a punycode domain and TLD without a scheme', 'xn--r8jz45g.xn--q9jyb4c'],
  ['an upper-case domain', 'EXAMPLE.COM'],
  ['an unknown TLD is no URL', 'example.invalidtld', 18],
  ['an e-mail address', 'mail me@example.com'],
  ['localhost with a port', 'http://localhost:8080'],
  // Emoji: two each, whatever their code points.
  ['an emoji', '👍', 2],
  ['a ZWJ family', '👨‍👩‍👧', 2],
  ['a skin tone', '👍🏽', 2],
  ['a ZWJ sequence with a skin tone', '👩🏽‍💻', 2],
  ['a flag', '🇹🇷', 2],
  ['a keycap', '1️⃣', 2],
  ['text and emoji', 'Launch day 🚀🎉', 11 + 2 + 2],
  // Scripts: up to U+10FF one each, CJK and the rest two.
  ['Latin', 'Hello world', 11],
  ['Turkish letters', 'ğüşıöç', 6],
  ['Japanese', 'こんにちは', 10],
  ['Korean', '안녕하세요', 10],
  ['Chinese', '你好世界', 8],
  ['Cyrillic', 'Привет', 6],
  ['Arabic', 'مرحبا', 5],
  ['Devanagari', 'नमस्ते', 6],
  ['a combining accent, normalised to one character', 'e\u0301', 1],
  ['two combining marks', 'a\u0300\u0316', 2],
  ['curly quotes and a dash (light punctuation)', '“quoted” — dash', 15],
  ['an ellipsis and the euro sign (heavy)', '…€', 4],
  // Entities that are not URLs count as their characters.
  ['a mention', '@jack hello', 11],
  ['a hashtag', '#OneClick rocks', 15],
  ['a cashtag', '$TWTR', 5],
  ['newlines', 'line1\nline2\r\nline3', 18],
  // The 280 boundary.
  ['280 Latin characters', 'a'.repeat(280), 280],
  ['281 Latin characters', 'a'.repeat(281), 281],
  ['140 Japanese characters', 'あ'.repeat(140), 280],
  ['141 Japanese characters', 'あ'.repeat(141), 282],
  ['140 emoji', '👍'.repeat(140), 280],
  ['a URL and 257 characters', `example.com ${'a'.repeat(257)}`, 281],
  ['nothing', '', 0],
];

describe("X's weighted length (twitter-text, X's own library)", () => {
  it('uses the library whose default configuration is v3', () => {
    expect(configs.defaults).toEqual(configs.version3);
    expect(configs.version3.version).toBe(3);
    expect(configs.version3.emojiParsingEnabled).toBe(true);
  });

  it('has a table of at least 30 cases, most with their number written down', () => {
    expect(xCases.length).toBeGreaterThanOrEqual(30);
    expect(xCases.filter((entry) => entry[2] !== undefined).length).toBeGreaterThanOrEqual(30);
  });

  it.each(xCases)('counts %s as twitter-text does', (_name, text, expected) => {
    const library = twitterText.parseTweet(text);
    expect(xWeightedLength(text)).toBe(library.weightedLength);
    expect(capabilities.x.text.count(text)).toBe(library.weightedLength);
    if (expected !== undefined) expect(xWeightedLength(text)).toBe(expected);
  });

  it('is over the limit exactly where twitter-text says the text is too long', () => {
    for (const [, text] of xCases) {
      const library = twitterText.parseTweet(text);
      if (text) expect(xWeightedLength(text) > capabilities.x.text.max).toBe(!library.valid && library.weightedLength > 280);
    }
  });

  it("names the characters X refuses, as twitter-text's validity says", () => {
    const text = '\uFEFFhello';
    expect(twitterText.parseTweet(text).valid).toBe(false);
    expect(xTextProblems(text)).toEqual(['X refuses the invisible characters U+FEFF, U+FFFE and U+FFFF: remove them.']);
    expect(capabilities.x.text.problems!('hello')).toEqual([]);
    // Too long is the counter's message, not a second one.
    expect(xTextProblems('a'.repeat(281))).toEqual([]);
  });

  it('is ready at once where Node runs', async () => {
    expect(capabilities.x.text.ready!()).toBe(true);
    await expect(capabilities.x.text.load!()).resolves.toBeUndefined();
  });
});

describe("the browser's X counting, loaded on demand", () => {
  it('has the shape of the module it stands in for', () => {
    const standIn: typeof bundled = onDemand;
    expect(Object.keys(standIn).sort()).toEqual(['loadXTextParser', 'xTextParser']);
  });

  it('answers nothing until loaded, then as twitter-text v3 does', async () => {
    expect(onDemand.xTextParser()).toBeUndefined();
    const first = onDemand.loadXTextParser();
    expect(onDemand.loadXTextParser()).toBe(first);
    await first;
    const parse = onDemand.xTextParser()!;
    for (const [, text] of xCases) expect(parse(text).weightedLength).toBe(twitterText.parseTweet(text).weightedLength);
  });
});

describe('Bluesky counts graphemes', () => {
  it.each([
    ['a combining accent', 'e\u0301', 1],
    ['two combining marks on one letter', 'a\u0300\u0316', 1],
    ['a ZWJ family', '👨‍👩‍👧‍👦', 1],
    ['a skin-toned ZWJ sequence', '👩🏽‍💻', 1],
    ['a flag', '🇹🇷', 1],
    ['a keycap', '1️⃣', 1],
    ['Latin with an emoji', 'Hi 👋', 4],
  ])('%s', (_name, text, expected) => {
    expect(capabilities.bluesky.text.count(text)).toBe(expected);
    expect(graphemeCount(text)).toBe(expected);
  });

  it('takes 300 and refuses 301', () => {
    expect(capabilities.bluesky.text.unit).toBe('graphemes');
    expect(capabilities.bluesky.text.count('👨‍👩‍👧'.repeat(300))).toBe(capabilities.bluesky.text.max);
    expect(capabilities.bluesky.text.count('e\u0301'.repeat(301))).toBeGreaterThan(capabilities.bluesky.text.max);
  });
});

describe('characters with emoji counted by their bytes (emojiBytes)', () => {
  it.each([
    ['ASCII', 'abc', 3],
    ['a Turkish letter', 'ğ', 1],
    ['an accent written apart', 'e\u0301', 1],
    ['Japanese', 'あい', 2],
    ['an emoji', '😀', 4],
    ['a ZWJ family', '👨‍👩‍👧', 18],
    ['a flag', '🇹🇷', 8],
    ['Latin with an emoji', 'Hi 👋', 7],
  ])('%s', (_name, text, expected) => {
    expect(emojiByteCount(text)).toBe(expected);
  });
});

describe('YouTube counts UTF-8 bytes', () => {
  it.each([
    ['ASCII', 'abc', 3],
    ['a Turkish letter', 'ğ', 2],
    ['Japanese', 'あ', 3],
    ['an emoji', '😀', 4],
    ['a ZWJ family', '👨‍👩‍👧', 18],
  ])('%s', (_name, text, expected) => {
    expect(capabilities.youtube.text.count(text)).toBe(expected);
    expect(utf8Bytes(text)).toBe(expected);
  });

  it('takes 5,000 bytes and refuses 5,001, shown in bytes', () => {
    expect(capabilities.youtube.text.unit).toBe('bytes');
    expect(capabilities.youtube.text.max).toBe(5000);
    expect(capabilities.youtube.text.count('あ'.repeat(1666) + 'ab')).toBe(5000);
    expect(capabilities.youtube.text.count('あ'.repeat(1667))).toBeGreaterThan(capabilities.youtube.text.max);
  });

  it('refuses < and > in a description', () => {
    expect(capabilities.youtube.text.problems!('a <b> c')).toEqual(['YouTube descriptions cannot contain < or >.']);
    expect(capabilities.youtube.text.problems!('a b c')).toEqual([]);
  });
});
