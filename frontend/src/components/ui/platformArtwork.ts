import { siBluesky, siFacebook, siInstagram, siMastodon, siPinterest, siThreads, siTiktok, siX, siYoutube } from 'simple-icons';
import type { Platform } from '../../../../shared/platforms';

/**
 * The networks' own marks (simple-icons, CC0; only these are imported, so the bundle holds no
 * other icon). Artwork is the one platform fact kept in the front end: the package is too large
 * for the shared data the Lambdas bundle. A platform without artwork here shows the monogram from
 * its capability entry — simple-icons no longer ships LinkedIn's mark (removed at LinkedIn's
 * request), so LinkedIn gets its "in" in its brand colour instead of a copy of its artwork.
 */
export const platformArtwork: Partial<Record<Platform, string>> = {
  youtube: siYoutube.path,
  tiktok: siTiktok.path,
  instagram: siInstagram.path,
  x: siX.path,
  bluesky: siBluesky.path,
  threads: siThreads.path,
  facebook: siFacebook.path,
  mastodon: siMastodon.path,
  pinterest: siPinterest.path,
};
