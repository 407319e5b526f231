import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { platforms, type Platform } from '../../../shared/platforms';

/**
 * What each sandbox account published: one entry per create call that succeeded (as each
 * platform's publishing.ts decides: an upload that completed, a post that finished processing,
 * a publish call). With a data folder the feed is kept in <dataDir>/feed.json, next to the
 * media files it points at.
 */

const mediaSchema = z.object({ contentType: z.string(), size: z.number(), blobId: z.string() });

const entrySchema = z.object({
  platform: z.enum(platforms),
  account: z.string(),
  id: z.string(),
  url: z.string(),
  text: z.string(),
  title: z.string().optional(),
  media: z.array(mediaSchema),
  /** Epoch ms. */
  createdAt: z.number(),
  /** Shown on the feed page, e.g. a video whose processing failed after the upload. */
  note: z.string().optional(),
  /** The post's settings as the create request carried them (privacy, interactions, declarations), by the platform's own field names. */
  settings: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())])).optional(),
  /** The platform id of the post this one replies to (a reply or a comment under it). */
  replyTo: z.string().optional(),
});

const fileSchema = z.object({ version: z.literal(1), entries: z.array(entrySchema) });

export type FeedEntry = z.infer<typeof entrySchema>;
export type FeedMedia = z.infer<typeof mediaSchema>;

/** A post as the control API shows it. */
export interface PublishedPost {
  id: string;
  url: string;
  text: string;
  title?: string;
  media: Array<{ contentType: string; size: number }>;
  /** Epoch ms. */
  createdAt: number;
  /** The settings the create request carried, by the platform's field names (e.g. privacy_level). */
  settings?: Record<string, string | boolean | string[]>;
  /** The platform id of the post this one replies to. */
  replyTo?: string;
}

export interface FeedStore {
  add(entry: FeedEntry): void;
  /** The account's posts, newest first. */
  list(platform: Platform, account: string): FeedEntry[];
  /** How many posts of the platform the feed holds (every account's). */
  count(platform: Platform): number;
  annotate(platform: Platform, id: string, note: string): void;
  /** The media a post of this platform shows, by blob id (the feed page's media route serves only these). */
  media(platform: Platform, blobId: string): FeedMedia | undefined;
  /** Every blob a post points at. */
  blobIds(): Set<string>;
  clear(): void;
}

export function publishedPost(entry: FeedEntry): PublishedPost {
  return {
    id: entry.id,
    url: entry.url,
    text: entry.text,
    ...(entry.title === undefined ? {} : { title: entry.title }),
    media: entry.media.map((item) => ({ contentType: item.contentType, size: item.size })),
    createdAt: entry.createdAt,
    ...(entry.settings ? { settings: entry.settings } : {}),
    ...(entry.replyTo ? { replyTo: entry.replyTo } : {}),
  };
}

export function createFeedStore(options: { dataDir?: string }): FeedStore {
  const file = options.dataDir ? join(options.dataDir, 'feed.json') : undefined;
  let entries: FeedEntry[] = [];
  if (file && existsSync(file)) {
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is not a sandbox feed file: ${parsed.error.message}`);
    entries = parsed.data.entries;
  }

  function persist(): void {
    if (!file) return;
    mkdirSync(options.dataDir!, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ version: 1, entries }, null, 2));
    renameSync(temporary, file);
  }

  return {
    add(entry) {
      entries.push(entry);
      persist();
    },
    list(platform, account) {
      return entries
        .map((entry, index) => ({ entry, index }))
        .filter(({ entry }) => entry.platform === platform && entry.account === account)
        .sort((a, b) => b.entry.createdAt - a.entry.createdAt || b.index - a.index)
        .map(({ entry }) => entry);
    },
    count: (platform) => entries.filter((entry) => entry.platform === platform).length,
    annotate(platform, id, note) {
      const entry = entries.find((candidate) => candidate.platform === platform && candidate.id === id);
      if (!entry) return;
      entry.note = note;
      persist();
    },
    media(platform, blobId) {
      for (const entry of entries) {
        if (entry.platform !== platform) continue;
        const found = entry.media.find((item) => item.blobId === blobId);
        if (found) return found;
      }
      return undefined;
    },
    blobIds: () => new Set(entries.flatMap((entry) => entry.media.map((item) => item.blobId))),
    clear() {
      entries = [];
      persist();
    },
  };
}
