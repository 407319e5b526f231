import { describe, expect, it } from 'vitest';
import { mediaForPlatform, platformRules, xWeightedLength } from '../../../shared/platformRules';

describe('X weighted length (twitter-text v3)', () => {
  it('counts Latin text one per character', () => {
    expect(xWeightedLength('Hello world')).toBe(11);
  });

  it('counts CJK characters two each', () => {
    expect(xWeightedLength('こんにちは')).toBe(10);
  });

  it('counts an emoji, even a ZWJ family, as two', () => {
    expect(xWeightedLength('👍')).toBe(2);
    expect(xWeightedLength('👨‍👩‍👧')).toBe(2);
  });

  it('counts every URL as 23', () => {
    expect(xWeightedLength('see https://example.com/a/very/long/path?with=query')).toBe(4 + 23);
  });

  it('accepts 280 Latin characters and refuses 281', () => {
    expect(xWeightedLength('a'.repeat(280))).toBeLessThanOrEqual(platformRules.x.maxText);
    expect(xWeightedLength('a'.repeat(281))).toBeGreaterThan(platformRules.x.maxText);
  });
});

describe('platform rules', () => {
  it('counts YouTube descriptions in UTF-8 bytes', () => {
    expect(platformRules.youtube.countText('ğ')).toBe(2);
  });

  it('counts TikTok captions in UTF-16 code units', () => {
    expect(platformRules.tiktok.countText('😀')).toBe(2);
  });

  it('flags more than 30 hashtags on Instagram', () => {
    const text = Array.from({ length: 31 }, (_, index) => `#tag${index}`).join(' ');
    expect(platformRules.instagram.textProblems!(text)).toEqual(['Instagram allows at most 30 hashtags.']);
  });

  it('knows YouTube takes videos only', () => {
    expect(platformRules.youtube.media).toMatchObject({ video: true, image: false });
  });
});

describe('media per platform', () => {
  const video = { kind: 'video' as const, key: 'v' };
  const images = [1, 2, 3, 4, 5].map((index) => ({ kind: 'image' as const, key: `i${index}` }));

  it('gives the video to every platform that takes videos when a post has a video and images', () => {
    expect(mediaForPlatform('x', [images[0]!, video])).toEqual([video]);
    expect(mediaForPlatform('linkedin', [video, images[0]!])).toEqual([video]);
  });

  it('gives images up to the platform\'s maximum, and YouTube nothing without a video', () => {
    expect(mediaForPlatform('x', images)).toHaveLength(4);
    expect(mediaForPlatform('youtube', images)).toEqual([]);
  });
});
