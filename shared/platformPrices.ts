import extractUrls from 'twitter-text/dist/extractUrls.js';
import { capabilities, type Platform } from './platforms';

/**
 * What the platforms charge for the API calls OneClick makes, from each platform's data
 * (`apiPrices` in shared/platforms/<id>.ts, with its source and the date it was read): only X
 * bills its API per call; the others publish and read free, within quotas or rate limits
 * (docs/costs.md, "What the platforms charge", has the list and what is ambiguous).
 */
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
  const price = capabilities[platform].apiPrices;
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

/** USD the platform bills for reading posts' numbers: `postDaysRead` counts each post once per UTC day it was read. */
export function metricsReadSpendUsd(platform: Platform, postDaysRead: number): number {
  if (!Number.isInteger(postDaysRead) || postDaysRead < 0) throw new RangeError(`metricsReadSpendUsd(${platform}): expected a whole count, got ${postDaysRead}`);
  return (postDaysRead * Math.round(capabilities[platform].apiPrices.postReadUsd * 100_000)) / 100_000;
}
