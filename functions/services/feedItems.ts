import { createHash } from 'node:crypto';
import { parseFeed } from '@rowanmanning/feed-parser';
import { uploadExtensionOf } from '../../shared/api/uploads';

/** One item of a feed as a draft needs it. */
export interface FeedEntry {
  /** What makes the item the same item on every fetch: its guid (Atom id), else its link, else its title and date. */
  key: string;
  title: string | null;
  link: string | null;
  imageUrl: string | null;
  /** The image's type as the feed names it (an enclosure's or media:content's `type`), when it does. */
  imageType: string | null;
  /** Epoch ms, when the item says (newest first is the feed's own order otherwise). */
  publishedAt: number | null;
}

export interface ParsedFeed {
  title: string | null;
  /** Newest first. */
  entries: FeedEntry[];
}

/** A document that is no RSS or Atom feed, said in words. */
export class NotAFeed extends Error {}

/** Only web addresses are kept from a feed (a `javascript:` or `data:` link is dropped). */
function webAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const oneLine = (text: string | null | undefined): string | null => {
  const words = text?.replace(/\s+/g, ' ').trim();
  return words ? words : null;
};

/**
 * An RSS or Atom document's items (@rowanmanning/feed-parser: lenient with real feeds, relative
 * links resolved), each with the key that names it across fetches. Items with neither a link nor
 * a title are left out (a draft would have nothing to say); two items with one key are one.
 */
export function parseFeedEntries(xml: string): ParsedFeed {
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(xml);
  } catch {
    throw new NotAFeed('The address answered with something that is not an RSS or Atom feed.');
  }
  const seen = new Set<string>();
  const entries: FeedEntry[] = [];
  for (const item of feed.items) {
    const link = webAddress(item.url);
    const title = oneLine(item.title);
    if (!link && !title) continue;
    const published = item.published ?? item.updated;
    const key = oneLine(item.id) ?? link ?? `${title}#${published?.toISOString() ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const image = item.image?.url ?? item.media.find((media) => media.type === 'image')?.url ?? null;
    const imageType = item.media.find((media) => media.url === image || media.image === image)?.mimeType ?? null;
    entries.push({ key, title, link, imageUrl: webAddress(image), imageType: image ? imageType : null, publishedAt: published ? published.getTime() : null });
  }
  return { title: oneLine(feed.title), entries };
}

/** The item's key as a record key: a hash, so a long or odd guid fits and names nothing. */
export function entryKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** The extensions an image's type names, for an address that ends in no file name of ours. */
const imageExtensions: Record<string, string> = { 'image/jpeg': 'jpg', 'image/jpg': 'jpg', 'image/pjpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

/**
 * The name a feed item's image is taken under (its type follows from it, as for any upload): the
 * address's last segment when it ends in an image's name we take, else `image.<extension>` from
 * the type the feed names, else the last segment as it is (the take then refuses it in words).
 */
export function imageFileName(url: string, type: string | null): string {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  let last = segment;
  try {
    last = decodeURIComponent(segment);
  } catch {
    // Kept as it is: a malformed escape names no file of ours either.
  }
  if (uploadExtensionOf(last)) return last;
  const extension = type ? imageExtensions[type.split(';')[0]!.trim()] : undefined;
  return extension ? `image.${extension}` : last;
}
