import { describe, expect, it } from 'vitest';
import { capabilities, platforms } from '../../../shared/platforms';
import { foldText, frameAspect } from '../../../shared/preview';
import { previewRules } from '../../../shared/platforms/previews';

const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((part) => part.segment);
const fold = (characters: number, lines?: number) => ({ characters, ...(lines !== undefined ? { lines } : {}), more: '… more' });

describe('foldText: the part of a text a feed shows before "more"', () => {
  it('shows a text shorter than the fold whole, without "more"', () => {
    expect(foldText('Launch day 🚀', fold(125))).toEqual({ shown: 'Launch day 🚀', more: false });
    expect(foldText('x'.repeat(125), fold(125))).toEqual({ shown: 'x'.repeat(125), more: false });
  });

  it('shows everything where the network has no fold', () => {
    const long = 'word '.repeat(200);
    expect(foldText(long, undefined)).toEqual({ shown: long, more: false });
  });

  it('adds no "more" when only white space is past the fold', () => {
    expect(foldText(`${'x'.repeat(20)}${' '.repeat(30)}\n\n`, fold(20))).toEqual({ shown: `${'x'.repeat(20)}${' '.repeat(30)}\n\n`, more: false });
  });

  it('cuts at the word boundary before the fold rather than inside a word', () => {
    const text = 'Our spring collection is here and every piece was shot on location in the hills';
    const { shown, more } = foldText(text, fold(30));
    expect(more).toBe(true);
    expect(shown).toBe('Our spring collection is here');
    expect(text.startsWith(shown)).toBe(true);
  });

  it('keeps a cut that already falls between words, and cuts a word too long to move back over', () => {
    expect(foldText('abcd efgh ijkl', fold(9)).shown).toBe('abcd efgh');
    const url = `See https://example.com/${'a'.repeat(80)}`;
    // The only space is 24 graphemes back, further than the reach (12 for a fold of 40): the URL is cut.
    expect(foldText(url, fold(40)).shown).toBe(url.slice(0, 40));
  });

  it('never splits an emoji: ZWJ sequences, flags, skin tones and keycaps stay whole', () => {
    for (const emoji of ['👩‍👩‍👧‍👦', '🇹🇷', '👍🏽', '1️⃣', '🏳️‍🌈']) {
      const { shown, more } = foldText(emoji.repeat(200), fold(125));
      expect(more).toBe(true);
      expect(graphemes(shown)).toEqual(Array<string>(125).fill(emoji));
    }
  });

  it('never separates a combining mark from its letter', () => {
    const decomposed = 'e\u0301'.repeat(50); // é as e + COMBINING ACUTE ACCENT
    const { shown } = foldText(`${decomposed} ${decomposed}`, fold(30));
    expect(shown.endsWith('\u0301')).toBe(true);
    expect(graphemes(shown)).toHaveLength(30);
    expect(graphemes(shown).every((part) => part === 'e\u0301')).toBe(true);
  });

  it('cuts Chinese, Japanese and Korean text at a grapheme, between words where the script has no spaces', () => {
    const chinese = '我们的春季系列来了。每一件作品都是在山上拍摄的。告诉我们你最喜欢哪一款！'.repeat(4);
    // The 19th character is the first of 山上 ("on the hill"): the cut moves back before the word.
    expect(foldText(chinese, fold(19))).toEqual({ shown: '我们的春季系列来了。每一件作品都是在', more: true });
    expect(foldText(chinese, fold(20)).shown).toBe('我们的春季系列来了。每一件作品都是在山上');

    // Characters outside the BMP (surrogate pairs) are never halved.
    const rare = '𠮷野家'.repeat(30);
    const { shown } = foldText(rare, fold(10));
    expect(shown.length).toBeGreaterThan(0);
    expect(/[\uD800-\uDBFF]$/.test(shown)).toBe(false);
    expect(rare.startsWith(shown)).toBe(true);

    const korean = '봄 컬렉션이 나왔습니다 모든 작품은 언덕 위에서 촬영되었습니다';
    expect(foldText(korean, fold(13)).shown).toBe('봄 컬렉션이 나왔습니다');
  });

  it('cuts at the end of the last line the feed shows, before the character fold', () => {
    expect(foldText('First line\nSecond line\nThird line', fold(125, 2))).toEqual({ shown: 'First line\nSecond line', more: true });
    expect(foldText('First line\r\nSecond line\r\nThird line', fold(125, 2))).toEqual({ shown: 'First line\r\nSecond line', more: true });
    // Fewer lines than the fold: the character fold decides.
    expect(foldText(`One line ${'word '.repeat(40)}`, fold(20, 2)).shown).toBe('One line word word');
    expect(foldText('Only\ntwo lines', fold(125, 2))).toEqual({ shown: 'Only\ntwo lines', more: false });
  });
});

describe('frameAspect: the shape a feed gives a file', () => {
  it("crops to the network's shape whatever the file's", () => {
    expect(frameAspect({ crop: [9, 16] }, { width: 1920, height: 1080 })).toBeCloseTo(9 / 16);
    expect(frameAspect({ crop: [16, 9] })).toBeCloseTo(16 / 9);
  });

  it("gives a player's box its own shape, whatever the file's (the file is shown whole inside it)", () => {
    expect(frameAspect({ fit: [16, 9] }, { width: 1080, height: 1920 })).toBeCloseTo(16 / 9);
  });

  it("keeps the file's own shape between the widest and the tallest, and crops beyond them", () => {
    const frame = { own: { widest: [191, 100], tallest: [4, 5] } } as const;
    expect(frameAspect(frame, { width: 1200, height: 1000 })).toBeCloseTo(1.2);
    expect(frameAspect(frame, { width: 1080, height: 1920 })).toBeCloseTo(4 / 5);
    expect(frameAspect(frame, { width: 3000, height: 1000 })).toBeCloseTo(1.91);
    expect(frameAspect({ own: { tallest: [9, 16] } }, { width: 5000, height: 1000 })).toBeCloseTo(5);
  });

  it('is square while the file’s size is not known', () => {
    expect(frameAspect({ own: { tallest: [9, 16] } })).toBe(1);
    expect(frameAspect({ own: { tallest: [9, 16] } }, { width: 0, height: 0 })).toBe(1);
  });
});

describe('the preview data', () => {
  it('gives every platform a preview rule: a frame for each kind of media it takes and none for another, a title only where it takes one', () => {
    for (const platform of platforms) {
      const { media, title } = capabilities[platform];
      const preview = previewRules[platform];
      expect(preview, platform).toBeDefined();
      expect(Boolean(preview.media.video), `${platform} video`).toBe(Boolean(media.video));
      expect(Boolean(preview.media.image), `${platform} image`).toBe(Boolean(media.image));
      if (preview.title) expect(title, `${platform} shows a title it takes`).toBeDefined();
      for (const frame of [preview.media.video, preview.media.image]) {
        if (!frame) continue;
        const shapes = 'crop' in frame ? [frame.crop] : 'fit' in frame ? [frame.fit] : [frame.own.tallest, ...(frame.own.widest ? [frame.own.widest] : [])];
        for (const [width, height] of shapes) expect(width > 0 && height > 0, platform).toBe(true);
        if ('own' in frame && frame.own.widest) expect(frame.own.widest[0] / frame.own.widest[1]).toBeGreaterThan(frame.own.tallest[0] / frame.own.tallest[1]);
      }
      if (preview.fold) {
        expect(preview.fold.characters, platform).toBeGreaterThan(0);
        expect(preview.fold.characters, `${platform} folds within its own limit`).toBeLessThanOrEqual(capabilities[platform].text.max);
        expect(preview.fold.more.trim(), platform).not.toBe('');
        if (preview.fold.lines !== undefined) expect(preview.fold.lines).toBeGreaterThan(0);
      }
    }
  });

  it("holds the networks' shapes: TikTok 9:16, YouTube's 16:9 player, an Instagram Reel 9:16 and photo up to 4:5, X's photo uncropped from 2:1 to 3:4", () => {
    expect(previewRules.tiktok.media.video).toEqual({ crop: [9, 16] });
    expect(previewRules.youtube.media.video).toEqual({ fit: [16, 9] });
    expect(previewRules.youtube.title).toBe(true);
    expect(previewRules.instagram.media.video).toEqual({ crop: [9, 16] });
    expect(frameAspect(previewRules.instagram.media.image!, { width: 1080, height: 1920 })).toBeCloseTo(4 / 5);
    expect(frameAspect(previewRules.x.media.image!, { width: 1600, height: 1200 })).toBeCloseTo(4 / 3);
    expect(frameAspect(previewRules.x.media.image!, { width: 1080, height: 1920 })).toBeCloseTo(3 / 4);
    expect(previewRules.bluesky.fold).toBeUndefined();
  });
});
