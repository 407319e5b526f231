import { defaultGraphVersion } from './adapter';

export interface InstagramOptions {
  /** Graph API version of the publishing and insights calls (INSTAGRAM_GRAPH_VERSION, e.g. v21.0). */
  graphVersion: string;
}

export function readInstagramOptions(env: NodeJS.ProcessEnv): InstagramOptions {
  return { graphVersion: env['INSTAGRAM_GRAPH_VERSION'] || defaultGraphVersion };
}
