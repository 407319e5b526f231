import { capabilities, platformNames, type Platform } from '../../../../shared/platforms';
import { brandStyle } from './brandStyle';
import { platformArtwork } from './platformArtwork';

/** A network's mark on a tile of its brand colour. Decorative unless `label` is set. */
export function PlatformMark({ platform, size = 'md', label = false }: { platform: Platform; size?: 'sm' | 'md' | 'lg'; label?: boolean }) {
  const path = platformArtwork[platform];
  return (
    <span
      className={`platform-mark platform-mark-${size}`}
      data-platform={platform}
      style={brandStyle(platform)}
      {...(label ? { role: 'img', 'aria-label': platformNames[platform] } : { 'aria-hidden': true })}
    >
      {path ? (
        <svg viewBox="0 0 24 24" focusable="false">
          <path d={path} />
        </svg>
      ) : (
        // The letters come from CSS, so they never join the text of the chip or card around it.
        <span className="platform-monogram" data-letters={capabilities[platform].monogram} />
      )}
    </span>
  );
}
