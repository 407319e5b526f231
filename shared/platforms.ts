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
