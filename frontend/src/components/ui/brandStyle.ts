import type { CSSProperties } from 'react';
import type { Platform } from '../../../../shared/platforms';

/** `--brand` and `--brand-ink` for one element: the network's colours from the platform data. */
export function brandStyle(platform: Platform): CSSProperties {
  return { '--brand': `var(--platform-${platform})`, '--brand-ink': `var(--platform-${platform}-ink)` } as CSSProperties;
}
