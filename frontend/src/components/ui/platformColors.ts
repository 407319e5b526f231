import { capabilities, platforms } from '../../../../shared/platforms';

/** Black or white, whichever reads better on the given brand colour (WCAG relative luminance). */
function inkOn(hex: string): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.4 ? '#000000' : '#ffffff';
}

/**
 * Publishes the platform data's brand colours as CSS custom properties on the root element
 * (`--platform-<id>` and `--platform-<id>-ink`), so the style sheets never repeat them.
 */
export function applyPlatformColors(root: HTMLElement = document.documentElement): void {
  for (const platform of platforms) {
    const { brandColor } = capabilities[platform];
    root.style.setProperty(`--platform-${platform}`, brandColor);
    root.style.setProperty(`--platform-${platform}-ink`, inkOn(brandColor));
  }
}
