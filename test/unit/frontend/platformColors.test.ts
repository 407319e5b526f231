import { describe, expect, it } from 'vitest';
import { capabilities, platforms } from '../../../shared/platforms';
import { applyPlatformColors } from '../../../frontend/src/components/ui/platformColors';
import { platformList } from '../../../frontend/src/components/ui/platformList';

describe('brand colours from the platform data', () => {
  it('sets --platform-<id> and a readable ink for every platform on the root element', () => {
    const set = new Map<string, string>();
    const root = { style: { setProperty: (name: string, value: string) => set.set(name, value) } } as unknown as HTMLElement;
    applyPlatformColors(root);
    for (const platform of platforms) {
      expect(set.get(`--platform-${platform}`)).toBe(capabilities[platform].brandColor);
      expect(['#000000', '#ffffff']).toContain(set.get(`--platform-${platform}-ink`));
    }
    expect(set.get('--platform-youtube-ink')).toBe('#ffffff');
  });
});

describe('platform names as a list in words', () => {
  it("joins names in the user's language", () => {
    expect(platformList(['youtube'], 'en')).toBe('YouTube');
    expect(platformList(['youtube', 'tiktok'], 'en')).toBe('YouTube and TikTok');
    expect(platformList(['youtube', 'tiktok'], 'tr')).toBe('YouTube ve TikTok');
  });
});
