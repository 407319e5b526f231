import type { Platform } from './platforms';

/**
 * What each platform charges for the write calls that publish a post: a price per post (tweet,
 * reply, comment) created without a URL in its text, and per post created with one. Only X bills
 * its API per call; the others publish free, within quotas or rate limits (docs/costs.md,
 * "What the platforms charge", has the list, the sources and what is ambiguous).
 *
 * Prices change: check each source before quoting a figure, and change it here only.
 */
export interface WritePrice {
  /** USD per post created whose text has no URL. */
  readonly postUsd: number;
  /** USD per post created whose text has a URL. */
  readonly postWithLinkUsd: number;
}

const free: WritePrice = { postUsd: 0, postWithLinkUsd: 0 };

export const platformWritePrices: Readonly<Record<Platform, WritePrice>> = {
  // X API v2 pay-per-usage ("Content: Create" $0.015 per request, "Content: Create (with URL)"
  // $0.200 per request), https://docs.x.com/x-api/getting-started/pricing, read 2026-11-28.
  // Pay-per-use became the default for new developer apps on 2026-02-06; the legacy Basic and
  // Pro subscriptions (flat monthly) are not modelled.
  x: { postUsd: 0.015, postWithLinkUsd: 0.2 },
  // YouTube Data API v3: no charge; videos.insert spends 1,600 of the default 10,000 daily quota
  // units, https://developers.google.com/youtube/v3/determine_quota_cost, read 2026-11-28.
  youtube: free,
  // TikTok Content Posting API: no charge; limited by rate limits and the creator's daily post
  // cap, https://developers.tiktok.com/doc/content-posting-api-get-started, read 2026-11-28.
  tiktok: free,
  // Instagram API with Instagram Login (Meta Graph API): no charge; 100 API-published posts per
  // account in 24 hours, https://developers.facebook.com/docs/instagram-platform/content-publishing,
  // read 2026-11-28.
  instagram: free,
  // LinkedIn Posts API: no charge; daily per-member and per-app rate limits,
  // https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/rate-limits, read 2026-11-28.
  linkedin: free,
  // Bluesky (AT Protocol): no charge; the PDS's write rate limits (points per hour and day),
  // https://docs.bsky.app/docs/advanced-guides/rate-limits, read 2026-11-28.
  bluesky: free,
};

/**
 * USD the platform charges for the write calls of one published target: `posts` is every post,
 * reply or comment created on the platform for it (a thread's parts and a first comment
 * included), and `postsWithLink` how many of those carry a URL in their text (so
 * 0 ≤ postsWithLink ≤ posts). Media uploads and status reads are not charged by any platform
 * here and are not counted.
 */
export function publishSpendUsd(platform: Platform, published: { posts: number; postsWithLink: number }): number {
  const { posts, postsWithLink } = published;
  if (!Number.isInteger(posts) || !Number.isInteger(postsWithLink) || postsWithLink < 0 || postsWithLink > posts) {
    throw new RangeError(`publishSpendUsd(${platform}): expected whole counts with 0 ≤ postsWithLink ≤ posts, got posts ${posts}, postsWithLink ${postsWithLink}`);
  }
  const price = platformWritePrices[platform];
  // In thousandths of a cent, so that sums of prices like 0.015 stay exact.
  const micro = (usd: number) => Math.round(usd * 100_000);
  return ((posts - postsWithLink) * micro(price.postUsd) + postsWithLink * micro(price.postWithLinkUsd)) / 100_000;
}
