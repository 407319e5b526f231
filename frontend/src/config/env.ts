import type { WebConfig } from '../../../shared/api/webConfig';
import { readConfig } from './readConfig';

let loaded: WebConfig | undefined;

/** Reads the deployment's /config.json once, at start. */
export async function loadConfig(): Promise<WebConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  loaded = readConfig(await response.json());
  return loaded;
}

export function getConfig(): WebConfig {
  if (!loaded) throw new Error('config.json has not been loaded yet');
  return loaded;
}
