import { describe, expect, it } from 'vitest';
import { platformWritePrices, publishSpendUsd } from '../../../shared/platformPrices';
import { platforms } from '../../../shared/platforms';

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

  it('has a price for every platform', () => {
    expect(Object.keys(platformWritePrices).sort()).toEqual([...platforms].sort());
  });

  it('refuses counts that cannot be (more posts with a link than posts, negative or fractional)', () => {
    expect(() => publishSpendUsd('x', { posts: 1, postsWithLink: 2 })).toThrow(RangeError);
    expect(() => publishSpendUsd('x', { posts: -1, postsWithLink: 0 })).toThrow(/postsWithLink/);
    expect(() => publishSpendUsd('x', { posts: 1.5, postsWithLink: 0 })).toThrow(RangeError);
  });
});
