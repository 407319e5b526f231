/**
 * twitter-text's files one by one (its CommonJS build, `module.exports` = the default export), so
 * a bundle takes parseTweet and its regular expressions without the library's auto-linking.
 * The types are @types/twitter-text's.
 */
declare module 'twitter-text/dist/parseTweet.js' {
  import type { parseTweet } from 'twitter-text';
  const parse: typeof parseTweet;
  export default parse;
}

declare module 'twitter-text/dist/configs.js' {
  import type { ParseTweetOptions } from 'twitter-text';
  const configs: { version1: ParseTweetOptions; version2: ParseTweetOptions; version3: ParseTweetOptions; defaults: ParseTweetOptions };
  export default configs;
}

declare module 'twitter-text/dist/extractUrls.js' {
  import type { extractUrls } from 'twitter-text';
  const extract: typeof extractUrls;
  export default extract;
}
