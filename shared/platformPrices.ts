import extractUrls from 'twitter-text/dist/extractUrls.js';
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
  // X API v2 pay-per-usage: "Content: Create" $0.015 per request, "Content: Create (with URL)"
  // $0.200 per request; media uploads are not on the list (https://docs.x.com/x-api/getting-started/pricing,
  // read 2026-11-28). Pay-per-use became the default for new developer apps in February 2026;
  // the legacy Basic and Pro subscriptions (flat monthly) are not modelled.
  x: { postUsd: 0.015, postWithLinkUsd: 0.2 },
  // YouTube Data API v3: no charge; videos.insert has its own daily quota bucket (100 calls a day
  // by default) and the other calls share 10,000 units a day, raised on request after an audit
  // (https://developers.google.com/youtube/v3/determine_quota_cost, read 2026-11-28).
  youtube: free,
  // TikTok Content Posting API: no charge; 6 init requests a minute per user token, a daily post
  // cap per creator it does not publish, and until the app's audit 5 posting users a day and
  // private posts only (https://developers.tiktok.com/doc/content-posting-api-reference-direct-post,
  // https://developers.tiktok.com/doc/content-sharing-guidelines, read 2026-11-28).
  tiktok: free,
  // Instagram API with Instagram Login (Meta Graph API): no charge and no price list; 100
  // API-published posts per account in a moving 24 hours, a carousel counting once
  // (https://developers.facebook.com/docs/instagram-platform/content-publishing, read 2026-11-28).
  instagram: free,
  // LinkedIn Posts API: no charge; per-app and per-member daily call limits, unpublished, shown
  // in the Developer Portal (https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/rate-limits,
  // read 2026-11-28).
  linkedin: free,
  // Bluesky (AT Protocol, Bluesky's PDS): no charge; 5,000 write points an hour and 35,000 a day
  // per account, 3 per record created (https://docs.bsky.app/docs/advanced-guides/rate-limits,
  // read 2026-11-28).
  bluesky: free,
};

/**
 * USD the platform charges for the write calls of one published target: `posts` is every post,
 * reply or comment created on the platform for it (a thread's parts and a first comment
 * included), and `postsWithLink` how many of those carry a URL in their text (so
 * 0 ≤ postsWithLink ≤ posts). Media uploads (not on X's price list) and the reads a publish
 * may make (X's media status, the look-up after a lost answer) are not counted; docs/costs.md
 * says what they could cost.
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

/**
 * Whether a post's text carries a URL as X reads it: twitter-text's extractor, the library X's
 * own linking follows (`https://…` and bare domains such as `oneclick.app`, not an e-mail
 * address). X does not define "with URL" further (docs/costs.md); this is the reading priced.
 */
export function hasUrl(text: string): boolean {
  return extractUrls(text).length > 0;
}

/** The write calls behind these post texts (a target's post or thread parts, and its first comment), for `publishSpendUsd`. */
export function writesFor(texts: readonly string[]): { posts: number; postsWithLink: number } {
  return { posts: texts.length, postsWithLink: texts.filter(hasUrl).length };
}

/**
 * USD per post read where a platform bills reads: X's "Posts: Read", $0.005 per post returned
 * (the same page as above), which X charges once per post per UTC day however often it is read
 * that day (its deduplication, "a soft guarantee"). Reading numbers is free elsewhere.
 */
export const postReadUsd: Readonly<Record<Platform, number>> = { youtube: 0, tiktok: 0, instagram: 0, x: 0.005, linkedin: 0, bluesky: 0 };

/** USD the platform bills for reading posts' numbers: `postDaysRead` counts each post once per UTC day it was read. */
export function metricsReadSpendUsd(platform: Platform, postDaysRead: number): number {
  if (!Number.isInteger(postDaysRead) || postDaysRead < 0) throw new RangeError(`metricsReadSpendUsd(${platform}): expected a whole count, got ${postDaysRead}`);
  return (postDaysRead * Math.round(postReadUsd[platform] * 100_000)) / 100_000;
}
