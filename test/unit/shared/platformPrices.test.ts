import { describe, expect, it } from 'vitest';
import { hasUrl, metricsReadSpendUsd, publishSpendUsd, writesFor } from '../../../shared/platformPrices';
import { capabilities, platforms } from '../../../shared/platforms';

describe('publishSpendUsd', () => {
  it('charges X $0.015 per post without a URL and $0.20 per post with one (pay-per-usage, Content: Create)', () => {
    expect(publishSpendUsd('x', { posts: 1, postsWithLink: 0 })).toBe(0.015);
    expect(publishSpendUsd('x', { posts: 1, postsWithLink: 1 })).toBe(0.2);
    // A thread of three with a first comment carrying a link: three plain posts and one with a URL.
    expect(publishSpendUsd('x', { posts: 4, postsWithLink: 1 })).toBe(0.245);
  });

  it('adds prices exactly, without floating-point dust', () => {
    // Summed in dollars, 0.015 + 0.2 is 0.21500000000000002.
    expect(publishSpendUsd('x', { posts: 2, postsWithLink: 1 })).toBe(0.215);
    expect(publishSpendUsd('x', { posts: 10, postsWithLink: 3 })).toBe(0.705);
    expect(publishSpendUsd('x', { posts: 1000, postsWithLink: 0 })).toBe(15);
  });

  it('charges nothing on the networks that publish free (quotas and rate limits instead)', () => {
    for (const platform of platforms.filter((p) => p !== 'x')) {
      expect(publishSpendUsd(platform, { posts: 5, postsWithLink: 2 }), platform).toBe(0);
    }
  });

  it('has a price for every platform, in its data (shared/platforms/<id>.ts)', () => {
    for (const platform of platforms) expect(Object.keys(capabilities[platform].apiPrices).sort(), platform).toEqual(['postReadUsd', 'postUsd', 'postWithLinkUsd']);
  });

  it('refuses counts that cannot be (more posts with a link than posts, negative or fractional)', () => {
    expect(() => publishSpendUsd('x', { posts: 1, postsWithLink: 2 })).toThrow(RangeError);
    expect(() => publishSpendUsd('x', { posts: -1, postsWithLink: 0 })).toThrow(/postsWithLink/);
    expect(() => publishSpendUsd('x', { posts: 1.5, postsWithLink: 0 })).toThrow(RangeError);
  });
});

describe('hasUrl and writesFor', () => {
  it('finds a URL as X links it: with a scheme, or a bare domain; not an e-mail address or a version', () => {
    expect(hasUrl('Read more at https://example.com/launch?ref=x')).toBe(true);
    expect(hasUrl('Our new site: oneclick.app')).toBe(true);
    expect(hasUrl('Write to hello@example.com')).toBe(false);
    expect(hasUrl('Version 1.5 is out. It works.')).toBe(false);
    // Without the space, "out.It" reads as a domain in Italy's .it, as X would link it.
    expect(hasUrl('Version 1.5 is out.It works.')).toBe(true);
    expect(hasUrl('')).toBe(false);
  });

  it("counts a target's posts and those with a URL, for publishSpendUsd", () => {
    const thread = ['Part one 1/3', 'Part two, see example.com 2/3', 'Part three 3/3'];
    expect(writesFor(thread)).toEqual({ posts: 3, postsWithLink: 1 });
    expect(publishSpendUsd('x', writesFor(thread))).toBe(0.23);
  });
});

describe('metricsReadSpendUsd', () => {
  it("charges X $0.005 per post per UTC day its numbers are read, and the others nothing", () => {
    // One X post tracked for 90 days is read on 40 distinct UTC days (docs/costs.md).
    expect(metricsReadSpendUsd('x', 40)).toBe(0.2);
    expect(metricsReadSpendUsd('x', 3)).toBe(0.015);
    expect(metricsReadSpendUsd('youtube', 40)).toBe(0);
    expect(() => metricsReadSpendUsd('x', -1)).toThrow(RangeError);
  });
});
