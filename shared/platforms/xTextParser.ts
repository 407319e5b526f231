import { parseXTextV3 } from './twitterTextV3';

/** X's reading of a post's text (twitter-text v3). */
export type ParseXText = typeof parseXTextV3;

/**
 * Where Node runs (the Lambdas, the twin, the tests) twitter-text is imported with this module and
 * is always ready. The front end's build puts xTextParser.onDemand.ts in its place
 * (frontend/vite.config.ts), which loads twitter-text only when the wizard counts for X
 * (docs/decisions.md, "X counts with twitter-text, loaded on demand in the browser").
 */
export const xTextParser = (): ParseXText | undefined => parseXTextV3;

/** Resolves once xTextParser() answers; here at once. */
export const loadXTextParser = (): Promise<void> => Promise.resolve();
