/** The only list of platforms. Every other list is derived from this one. */
export const platforms = ['youtube', 'tiktok', 'instagram', 'x', 'linkedin'] as const;

export type Platform = (typeof platforms)[number];

export const platformNames: Record<Platform, string> = {
  youtube: 'YouTube',
  tiktok: 'TikTok',
  instagram: 'Instagram',
  x: 'X',
  linkedin: 'LinkedIn',
};

export function isPlatform(value: string): value is Platform {
  return (platforms as readonly string[]).includes(value);
}

/**
 * Each network's brand colour (hex, from its own brand guidelines as simple-icons records
 * them; LinkedIn's from its brand page). The front end turns these into CSS custom properties
 * (`--platform-<id>`), so chips, marks and cards all read this one table.
 */
export const platformColors: Record<Platform, string> = {
  youtube: '#FF0000',
  tiktok: '#000000',
  instagram: '#FF0069',
  x: '#000000',
  linkedin: '#0A66C2',
};

/** The order the post wizard's platform toggles follow (the spec's step 2). */
export const wizardPlatformOrder: readonly Platform[] = ['linkedin', 'x', 'instagram', 'youtube', 'tiktok'];
