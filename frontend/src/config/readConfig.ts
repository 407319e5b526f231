import type { ModuleId } from '../../../shared/api/modules';
import type { WebConfig } from '../../../shared/api/webConfig';

/**
 * Reads /config.json without zod, so the first page does not wait for zod's 25 KiB (gzip).
 * It accepts exactly what `webConfigSchema` (shared/api/webConfig.ts, the source of the
 * shape) accepts and returns the same value: test/unit/frontend/readConfig.test.ts holds the
 * two together on valid and invalid configs. A problem names the field and what is wrong.
 */
export function readConfig(value: unknown): WebConfig {
  const problems: string[] = [];
  const config = objectOrNull(value);
  if (!config) throw new Error('config.json: must be an object with fields');

  const text = (field: string): string => {
    const found = config[field];
    if (typeof found !== 'string' || !found) problems.push(`${field}: must be non-empty text`);
    return typeof found === 'string' ? found : '';
  };
  const oneOf = <T extends string>(field: string, allowed: readonly T[]): T => {
    const found = config[field];
    if (!allowed.includes(found as T)) problems.push(`${field}: must be one of ${allowed.join(', ')}`);
    return found as T;
  };

  const result: WebConfig = {
    environment: oneOf('environment', ['aws', 'local'] as const),
    region: text('region'),
    apiUrl: text('apiUrl'),
    userPoolId: text('userPoolId'),
    userPoolClientId: text('userPoolClientId'),
    authFlowType: oneOf('authFlowType', ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'] as const),
  };
  if (result.apiUrl && !/^(\/|https?:\/\/)/.test(result.apiUrl)) problems.push('apiUrl: must be a path or an http(s) URL');

  if (config['cognitoEndpoint'] !== undefined) {
    const endpoint = readUrl(config['cognitoEndpoint'], false);
    if (endpoint) result.cognitoEndpoint = endpoint;
    else problems.push('cognitoEndpoint: must be a URL');
  }
  if (config['modules'] !== undefined) result.modules = readModules(config['modules'], problems);

  if (problems.length) throw new Error(`config.json: ${problems.join('; ')}`);
  return result;
}

/** Every module id (the compiler checks the list is complete and has nothing else). */
const moduleKeys = ['influencer', 'autotoon', 'podcast', 'imageGenerator'] as const satisfies readonly ModuleId[];
const allModulesListed: Exclude<ModuleId, (typeof moduleKeys)[number]> extends never ? true : false = true;
void allModulesListed;

function readModules(value: unknown, problems: string[]): WebConfig['modules'] {
  const modules = objectOrNull(value);
  if (!modules) {
    problems.push('modules: must be an object with fields');
    return undefined;
  }
  const result: NonNullable<WebConfig['modules']> = {};
  for (const [key, url] of Object.entries(modules)) {
    if (!(moduleKeys as readonly string[]).includes(key)) {
      problems.push(`modules: unknown module ${key}`);
      continue;
    }
    if (url === undefined) continue;
    const read = readUrl(url, true);
    if (read) result[key as ModuleId] = read;
    else problems.push(`modules.${key}: A module URL must be an http(s) URL.`);
  }
  return result;
}

function objectOrNull(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A URL as zod's `z.url()` reads it: trimmed, parseable, http(s) with "//" when asked; tabs and newlines dropped. */
function readUrl(value: unknown, httpOnly: boolean): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (httpOnly && !/^https?:\/\//i.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (httpOnly && !/^https?:$/.test(url.protocol)) return undefined;
  return trimmed.replace(/[\t\n\r]/g, '');
}
