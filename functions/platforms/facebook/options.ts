import { ConfigurationError } from '../../config';

/** The Graph API version our calls name; configurable, since Meta retires versions (about two years each). */
export const defaultGraphVersion = 'v24.0';

export interface FacebookOptions {
  /** Graph API version of every call (FACEBOOK_GRAPH_VERSION, e.g. v24.0). */
  graphVersion: string;
}

export function readFacebookOptions(env: NodeJS.ProcessEnv): FacebookOptions {
  const graphVersion = env['FACEBOOK_GRAPH_VERSION'] || defaultGraphVersion;
  if (!/^v\d+\.\d+$/.test(graphVersion)) throw new ConfigurationError(`FACEBOOK_GRAPH_VERSION must look like v24.0, not "${graphVersion}"`);
  return { graphVersion };
}
