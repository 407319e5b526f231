import { siInstagram, siTiktok, siX, siYoutube } from 'simple-icons';
import { platformNames, type Platform } from '../../../../shared/platforms';
import { brandStyle } from './brandStyle';

/**
 * The networks' own marks (simple-icons, CC0; only these four are imported). simple-icons no
 * longer ships LinkedIn's mark (removed at LinkedIn's request), so LinkedIn gets a plain
 * typographic monogram in its brand colour instead of a copy of its artwork.
 */
const paths: Partial<Record<Platform, string>> = {
  youtube: siYoutube.path,
  tiktok: siTiktok.path,
  instagram: siInstagram.path,
  x: siX.path,
};

/** A network's mark on a tile of its brand colour. Decorative unless `label` is set. */
export function PlatformMark({ platform, size = 'md', label = false }: { platform: Platform; size?: 'sm' | 'md' | 'lg'; label?: boolean }) {
  const path = paths[platform];
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
        <span className="platform-monogram" data-letters="in" />
      )}
    </span>
  );
}
