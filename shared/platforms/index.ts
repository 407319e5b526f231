import { bluesky } from './bluesky';
import { facebook } from './facebook';
import type { PlatformCapabilities } from './capabilities';
import { googleBusiness } from './googleBusiness';
import { instagram } from './instagram';
import { linkedin } from './linkedin';
import { linkedinPage } from './linkedinPage';
import { mastodon } from './mastodon';
import { pinterest } from './pinterest';
import { threads } from './threads';
import { tiktok } from './tiktok';
import { x } from './x';
import { youtube } from './youtube';

export type { PlatformCapabilities, TextUnit } from './capabilities';

/**
 * The only list of platforms: one entry each (`shared/platforms/<id>.ts`), in the order the
 * accounts page shows them. Every other list and type is derived from this one, so adding a
 * platform is one entry file and one line here.
 */
const entries = [youtube, tiktok, instagram, x, linkedin, bluesky, threads, facebook, linkedinPage, mastodon, pinterest, googleBusiness] as const;

export type Platform = (typeof entries)[number]['id'];

export const platforms = entries.map((entry) => entry.id) as unknown as readonly [Platform, ...Platform[]];

export function isPlatform(value: string): value is Platform {
  return (platforms as readonly string[]).includes(value);
}

/** Each platform's capabilities (names, colours, text and media rules, features). */
export const capabilities = Object.fromEntries(entries.map((entry) => [entry.id, entry])) as Record<Platform, PlatformCapabilities>;

/** The platforms proven only against OneClick's sandbox, not yet the platform itself (`verifiedAgainst`). */
export const sandboxOnlyPlatforms: readonly Platform[] = entries.filter((entry) => entry.verifiedAgainst === 'sandbox').map((entry) => entry.id);

export const platformNames = Object.fromEntries(entries.map((entry) => [entry.id, entry.name])) as Record<Platform, string>;

/** The order the wizard's grid and the lists' filters follow (the spec's step 2). */
export const platformsInDisplayOrder: readonly Platform[] = [...platforms].sort((a, b) => capabilities[a].displayOrder - capabilities[b].displayOrder);
