import { platformNames, type Platform } from '../../../../shared/platforms';
import { PlatformMark } from './PlatformMark';
import { brandStyle } from './brandStyle';

/** A network's name with its mark, tinted in its brand colour. */
export function PlatformChip({ platform, as: Tag = 'span' }: { platform: Platform; as?: 'span' | 'li' }) {
  return (
    <Tag className="platform-chip" data-platform={platform} style={brandStyle(platform)}>
      <PlatformMark platform={platform} size="sm" />
      {platformNames[platform]}
    </Tag>
  );
}
