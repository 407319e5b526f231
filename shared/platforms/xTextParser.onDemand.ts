import type { ParseXText } from './xTextParser';

/**
 * The front end's xTextParser.ts (frontend/vite.config.ts puts it in that module's place):
 * twitter-text is fetched as its own chunk the first time loadXTextParser() is called, so no
 * first page carries it. A failed fetch (offline) rejects and may be tried again.
 */
let parse: ParseXText | undefined;
let loading: Promise<void> | undefined;

export const xTextParser = (): ParseXText | undefined => parse;

export function loadXTextParser(): Promise<void> {
  loading ??= import('./twitterTextV3').then(
    (module) => {
      parse = module.parseXTextV3;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
