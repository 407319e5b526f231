import parseTweet from 'twitter-text/dist/parseTweet.js';
import configs from 'twitter-text/dist/configs.js';
import type { ParsedTweet } from 'twitter-text';

/**
 * X's own reading of a post's text: twitter-text's parseTweet with X's current configuration (v3).
 * Only its parseTweet and configs files, not the library's index, which brings the auto-linker too.
 */
export const parseXTextV3 = (text: string): ParsedTweet => parseTweet(text, configs.version3);
