import { describe, expect, it } from 'vitest';
import { entryKeyHash, imageFileName, NotAFeed, parseFeedEntries } from '../../../../functions/services/feedItems';
import { addFeedSchema, updateFeedSchema } from '../../../../shared/api/feeds';

const rss = (items: string, channel = '<title>Blog &amp; news</title><link>https://example.com/</link>') => `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>${channel}${items}</channel></rss>`;

describe('a feed parsed into entries', () => {
  it('takes an RSS item\'s guid as its key, its title on one line, its link resolved against the feed, and its enclosure image', () => {
    const feed = parseFeedEntries(rss('<item><title>  One\n  story </title><link>/one</link><guid isPermaLink="false">g-1</guid><enclosure url="https://example.com/a.jpg" type="image/jpeg" length="10"/></item>'));
    expect(feed).toEqual({ title: 'Blog & news', entries: [{ key: 'g-1', title: 'One story', link: 'https://example.com/one', imageUrl: 'https://example.com/a.jpg', imageType: 'image/jpeg', publishedAt: null }] });
  });

  it('keys an item without a guid by its link, and finds a media:content image', () => {
    const [entry] = parseFeedEntries(rss('<item><title>Two</title><link>https://example.com/two</link><media:content url="https://example.com/b.png" medium="image"/></item>')).entries;
    expect(entry).toMatchObject({ key: 'https://example.com/two', imageUrl: 'https://example.com/b.png' });
  });

  it('finds an RSS item\'s media:thumbnail, and an Atom entry\'s enclosure link with its type', () => {
    const [thumbnail] = parseFeedEntries(rss('<item><title>T</title><guid>t</guid><media:thumbnail url="https://cdn.example.com/t?id=5"/></item>')).entries;
    expect(thumbnail).toMatchObject({ imageUrl: 'https://cdn.example.com/t?id=5', imageType: null });
    const atom =
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>urn:uuid:2</id><title>E</title><link href="https://ex.com/e"/>' +
      '<link rel="enclosure" href="https://ex.com/picture" type="image/png"/></entry></feed>';
    expect(parseFeedEntries(atom).entries[0]).toMatchObject({ imageUrl: 'https://ex.com/picture', imageType: 'image/png' });
  });

  it('keeps no image whose address is not a web address', () => {
    const [entry] = parseFeedEntries(rss('<item><title>D</title><guid>d</guid><enclosure url="data:image/png;base64,AAAA" type="image/png" length="4"/></item>')).entries;
    expect(entry).toMatchObject({ imageUrl: null });
  });

  it('reads an Atom feed: the entry id is the key, the date is kept', () => {
    const atom = '<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>urn:uuid:1</id><title>E</title><link href="https://ex.com/e"/><updated>2026-11-01T10:00:00Z</updated></entry></feed>';
    expect(parseFeedEntries(atom)).toEqual({ title: 'A', entries: [{ key: 'urn:uuid:1', title: 'E', link: 'https://ex.com/e', imageUrl: null, imageType: null, publishedAt: Date.parse('2026-11-01T10:00:00Z') }] });
  });

  it('leaves out items with neither a title nor a link, drops non-web links, and keeps one of two items with one key', () => {
    const feed = parseFeedEntries(
      rss(
        '<item><description>only words</description></item>' +
          '<item><title>Script</title><link>javascript:alert(1)</link><guid>s</guid></item>' +
          '<item><title>Twice</title><guid>t</guid></item><item><title>Twice again</title><guid>t</guid></item>',
      ),
    );
    expect(feed.entries).toEqual([
      { key: 's', title: 'Script', link: null, imageUrl: null, imageType: null, publishedAt: null },
      { key: 't', title: 'Twice', link: null, imageUrl: null, imageType: null, publishedAt: null },
    ]);
  });

  it('keys an item with no guid and no link by its title and date', () => {
    const [entry] = parseFeedEntries(rss('<item><title>Dated</title><pubDate>Sun, 01 Nov 2026 10:00:00 GMT</pubDate></item>')).entries;
    expect(entry!.key).toBe('Dated#2026-11-01T10:00:00.000Z');
  });

  it('refuses a page that is no feed, in words', () => {
    expect(() => parseFeedEntries('<html><body>Welcome</body></html>')).toThrow(new NotAFeed('The address answered with something that is not an RSS or Atom feed.'));
    expect(() => parseFeedEntries('')).toThrow(NotAFeed);
  });

  it('hashes a key into a record key of fixed length that names nothing', () => {
    expect(entryKeyHash('https://example.com/a?very=long'.repeat(100))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(entryKeyHash('a')).not.toBe(entryKeyHash('b'));
  });
});

describe("an image's file name", () => {
  it("is the address's last segment when it names an image we take, else image.<extension> from the feed's type", () => {
    expect(imageFileName('https://example.com/a/Photo%20one.JPG?size=2', 'image/png')).toBe('Photo one.JPG');
    expect(imageFileName('https://cdn.example.com/t?id=5', 'image/png; charset=binary')).toBe('image.png');
    expect(imageFileName('https://cdn.example.com/img/42', 'image/jpeg')).toBe('image.jpg');
  });

  it('is the segment as it is when neither names a type we take (the take refuses it in words)', () => {
    expect(imageFileName('https://cdn.example.com/picture.webp', 'image/webp')).toBe('picture.webp');
    expect(imageFileName('https://cdn.example.com/%E0%A4%A', null)).toBe('%E0%A4%A');
  });
});

describe("a feed's mode", () => {
  const url = 'https://example.com/feed.xml';
  const account = { platform: 'x' as const, accountId: '42' };

  it('is a draft unless the queue is chosen', () => {
    expect(addFeedSchema.parse({ url })).toMatchObject({ mode: 'draft', accounts: [] });
    expect(addFeedSchema.parse({ url, mode: 'queue', accounts: [account] })).toMatchObject({ mode: 'queue' });
  });

  it('refuses the queue without accounts, and a mode it does not know, in words', () => {
    const queue = addFeedSchema.safeParse({ url, mode: 'queue' });
    expect(queue.error?.issues).toMatchObject([{ path: ['accounts'], message: 'Choose the accounts whose queues the new items go to.' }]);
    expect(addFeedSchema.safeParse({ url, mode: 'publish', accounts: [account] }).success).toBe(false);
    expect(updateFeedSchema.parse({ mode: 'queue' })).toEqual({ mode: 'queue' });
  });
});
