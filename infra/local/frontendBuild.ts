import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';

const projectRoot = resolve(import.meta.dirname, '../..');
export const distDir = resolve(projectRoot, 'frontend/dist');
export const viteConfigFile = resolve(projectRoot, 'frontend/vite.config.ts');

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** True when the build is missing or older than the front end's sources. */
export function buildIsStale(): boolean {
  const built = join(distDir, 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['frontend/src', 'frontend/index.html', 'frontend/vite.config.ts', 'shared'].map((path) =>
    newestChange(resolve(projectRoot, path)),
  );
  return Math.max(...sources) > statSync(built).mtimeMs;
}

export async function buildFrontend(): Promise<void> {
  await build({ configFile: viteConfigFile, logLevel: 'warn' });
}
