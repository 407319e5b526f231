import { ConfigurationError } from '../../config';

/** Pinterest's API version our calls name (https://api.pinterest.com/v5). */
export const defaultPinterestApiVersion = 'v5';

export interface PinterestOptions {
  /** The API version prefix of every call (PINTEREST_API_VERSION, v5). */
  apiVersion: string;
}

export function readPinterestOptions(env: NodeJS.ProcessEnv): PinterestOptions {
  const apiVersion = env['PINTEREST_API_VERSION'] || defaultPinterestApiVersion;
  if (!/^v\d+$/.test(apiVersion)) throw new ConfigurationError(`PINTEREST_API_VERSION must be an API version such as v5, not "${apiVersion}"`);
  return { apiVersion };
}
