import { noApiCharges, sizes, type PlatformCapabilities } from './capabilities';
import { graphemeCount } from './textCounting';

/** Every URL counts as this many characters, whatever its length (the default `characters_reserved_per_url`). */
export const MASTODON_URL_CHARACTERS = 23;
/** The default limit of a status (mastodon.social's); an instance says its own in /api/v2/instance. */
export const MASTODON_DEFAULT_MAX_CHARACTERS = 500;

const urlPattern = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'"]/giu;
const mentionPattern = /(^|[^\p{L}\p{N}_/])@([a-z0-9_]+(?:[.-]+[a-z0-9_]+)*)@[a-z0-9.-]+\.[a-z0-9-]+/giu;

/**
 * A status's length as Mastodon counts it (StatusLengthValidator): graphemes, every http(s) URL
 * as `urlCharacters` (the instance's `characters_reserved_per_url`), a mention of a remote account
 * (`@name@server`) by its `@name` only. The content warning counts too: pass it first.
 */
export function mastodonLength(text: string, urlCharacters = MASTODON_URL_CHARACTERS): number {
  const countable = text.replace(urlPattern, 'x'.repeat(urlCharacters)).replace(mentionPattern, (_match, before: string, name: string) => `${before}@${name}`);
  return graphemeCount(countable);
}

/**
 * Mastodon (docs.joinmastodon.org, REST API): a status of 500 characters on the default
 * instance — each instance sets its own, read from its /api/v2/instance when the account is
 * connected (kept with the connection, read again daily) and again when publishing — with
 * up to 4 images or one video (never both) or a poll; images up to 16 MiB and videos up to 99 MiB
 * on the default configuration (`image_size_limit`, `video_size_limit`). The account lives on a
 * server its user names (`connectServer`); OneClick registers its app there.
 */
export const mastodon: PlatformCapabilities<'mastodon'> = {
  id: 'mastodon',
  name: 'Mastodon',
  displayOrder: 10,
  brandColor: '#6364FF',
  monogram: 'M',
  text: { max: MASTODON_DEFAULT_MAX_CHARACTERS, unit: 'graphemes', count: (text, limits) => mastodonLength(text, limits?.urlCharacters) },
  media: {
    video: { formats: ['video/mp4', 'video/webm', 'video/quicktime'], maxBytes: 99 * sizes.MiB },
    image: { formats: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'], maxBytes: 16 * sizes.MiB, maxCount: 4 },
  },
  nativeScheduling: false,
  // As a reply to the post.
  firstComment: true,
  altText: true,
  threads: true,
  dailyRateLimit: false,
  // Mastodon: no charge; 300 requests per 5 minutes per account, 30 media uploads per 30 minutes
  // (https://docs.joinmastodon.org/api/rate-limits/, read 2026-11-28).
  apiPrices: noApiCharges,
  connectServer: { example: 'mastodon.social' },
  // Each server sets its own characters, files and polls (/api/v2/instance), kept with the connection.
  accountLimits: true,
  verifiedAgainst: 'sandbox',
};
