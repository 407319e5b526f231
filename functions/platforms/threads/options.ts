import { ConfigurationError } from '../../config';

/** The Threads Graph API version our calls name (developers.facebook.com/docs/threads: v1.0). */
export const defaultThreadsGraphVersion = 'v1.0';

export interface ThreadsOptions {
  /** Graph API version of the profile, publishing and insights calls (THREADS_GRAPH_VERSION, e.g. v1.0). */
  graphVersion: string;
}

export function readThreadsOptions(env: NodeJS.ProcessEnv): ThreadsOptions {
  const graphVersion = env['THREADS_GRAPH_VERSION'] || defaultThreadsGraphVersion;
  if (!/^v\d+\.\d+$/.test(graphVersion)) throw new ConfigurationError(`THREADS_GRAPH_VERSION must be a Graph API version such as v1.0, not "${graphVersion}"`);
  return { graphVersion };
}
