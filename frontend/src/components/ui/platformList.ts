import { platformNames, type Platform } from '../../../../shared/platforms';

/** Platform names as a list in the user's language: "YouTube", "YouTube and TikTok", "YouTube ve TikTok". */
export function platformList(chosen: readonly Platform[], language: string): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(chosen.map((platform) => platformNames[platform]));
}
