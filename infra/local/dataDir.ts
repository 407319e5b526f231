import { join, resolve } from 'node:path';

/** Where the offline twin keeps its data unless ONECLICK_DATA_DIR says otherwise. */
export const DEFAULT_DATA_DIR = '.data';

/**
 * The twin's data folder, as `npm start` and the operator commands find it: a command's own
 * flag first, then ONECLICK_DATA_DIR, then .data.
 */
export function twinDataDir(env: NodeJS.ProcessEnv, flag?: string): string {
  return resolve(flag ?? env['ONECLICK_DATA_DIR'] ?? DEFAULT_DATA_DIR);
}

/** The running twin's endpoints, pool and table names, written by `npm start`. */
export function twinInfoFile(dataDir: string): string {
  return join(dataDir, 'twin.json');
}
