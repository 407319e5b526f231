import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/**
 * The production build, in a process of its own with NODE_ENV=production: Vite defines
 * `process.env.NODE_ENV` from the environment when it is set, and under vitest it is `test`, which
 * built React's development code into the bundle (211 KiB of initial JS instead of 147, found by
 * the initial-JS budget in a fresh clone's run).
 */
export async function buildFrontend(): Promise<void> {
  const vite = resolve(projectRoot, 'node_modules/vite/bin/vite.js');
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [vite, 'build', '--config', viteConfigFile, '--logLevel', 'warn'], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', fail);
    child.on('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`vite build exited with ${signal ?? code}`))));
  });
}
