import { z } from 'zod';
import { empty, json, type SandboxResponse } from './http';

/**
 * Test feeds for "feeds to drafts" (issue 31, item 4): RSS documents the sandbox serves, so the
 * twin can follow a feed offline. The functions reach them because the twin names the sandbox's
 * origin in ONECLICK_OUTBOUND_ALLOWED_ORIGINS (the outbound rule's one exception).
 *
 *   GET /_feeds/<name>.xml   the feed as RSS 2.0, with an ETag (If-None-Match → 304); or the
 *                            status, or the redirect, the feed was told to answer
 *   PUT /_feeds/<name>       {title, items: [{guid?, title, link, image?}], status?, redirectTo?} → 204
 *                            (an image given as a path, `/_files/photo.png`, is the sandbox's own)
 *   GET /_feeds/<name>       {fetches, conditional}: how often it was fetched (and with a validator) → 200
 *
 * The `demo` feed exists from the start with three items, the newest with the sandbox's test image
 * as its enclosure (`npm start`'s Feeds page can follow <sandbox>/_feeds/demo.xml).
 */
const itemSchema = z.object({ guid: z.string().optional(), title: z.string(), link: z.string(), image: z.string().optional() });
const feedSchema = z.object({
  title: z.string(),
  items: z.array(itemSchema),
  /** Answer this status instead of the feed (e.g. 500), with no body. */
  status: z.number().int().min(200).max(599).optional(),
  /** Answer 302 to this address instead of the feed. */
  redirectTo: z.string().optional(),
});
type TestFeed = z.infer<typeof feedSchema> & { fetches: number; conditional: number; version: number };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An enclosure's type, from the image's name (what a feed says; the take checks the file itself). */
const imageType = (url: string) => ({ png: 'image/png', gif: 'image/gif' })[url.split('.').pop()?.toLowerCase() ?? ''] ?? 'image/jpeg';

/** `origin`: the sandbox's own, for an image given as a path (`/_files/photo.png`, the demo feed's). */
function rss(name: string, feed: TestFeed, origin: string): string {
  const items = feed.items
    .map((item) => {
      const image = item.image?.startsWith('/') ? `${origin}${item.image}` : item.image;
      return `<item><title>${escape(item.title)}</title><link>${escape(item.link)}</link>${item.guid ? `<guid isPermaLink="false">${escape(item.guid)}</guid>` : ''}${
        image ? `<enclosure url="${escape(image)}" type="${imageType(image)}" length="1000"/>` : ''
      }</item>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escape(feed.title)}</title><link>https://example.com/${escape(name)}</link><description>A test feed of the platform sandbox</description>${items}</channel></rss>`;
}

const demoFeed = (): TestFeed => ({
  title: 'OneClick demo blog',
  items: [
    // The sandbox's own test image (testFiles.ts), so the demo's draft gets it as its file.
    { guid: 'demo-3', title: 'Three ways to plan a week of posts', link: 'https://example.com/blog/plan-a-week', image: '/_files/photo.png' },
    { guid: 'demo-2', title: 'What the best times to post tell you', link: 'https://example.com/blog/best-times' },
    { guid: 'demo-1', title: 'Hello from the OneClick blog', link: 'https://example.com/blog/hello' },
  ],
  fetches: 0,
  conditional: 0,
  version: 1,
});

export function createTestFeeds() {
  const feeds = new Map<string, TestFeed>([['demo', demoFeed()]]);
  return {
    async handle(method: string, name: string, body: () => Promise<Buffer>, headers: Record<string, string | string[] | undefined>): Promise<SandboxResponse> {
      if (method === 'PUT' && !name.endsWith('.xml')) {
        const parsed = feedSchema.safeParse(JSON.parse((await body()).toString() || '{}'));
        if (!parsed.success) return json(400, { error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
        const before = feeds.get(name);
        feeds.set(name, { ...parsed.data, fetches: before?.fetches ?? 0, conditional: before?.conditional ?? 0, version: (before?.version ?? 0) + 1 });
        return empty(204);
      }
      if (method === 'GET' && !name.endsWith('.xml')) {
        const feed = feeds.get(name);
        return feed ? json(200, { fetches: feed.fetches, conditional: feed.conditional }) : json(404, { error: `no test feed ${name}` });
      }
      const feed = method === 'GET' ? feeds.get(name.replace(/\.xml$/, '')) : undefined;
      if (!feed) return json(404, { error: 'not_found' });
      feed.fetches++;
      if (feed.redirectTo) return { status: 302, headers: { location: feed.redirectTo } };
      if (feed.status) return { status: feed.status, headers: { 'content-type': 'text/plain' }, body: 'The test feed was told to fail.' };
      const etag = `"v${feed.version}"`;
      if (headers['if-none-match']) feed.conditional++;
      if (headers['if-none-match'] === etag) return { status: 304, headers: { etag } };
      return { status: 200, headers: { 'content-type': 'application/rss+xml; charset=utf-8', etag }, body: rss(name, feed, `http://${String(headers['host'] ?? '127.0.0.1')}`) };
    },
  };
}
