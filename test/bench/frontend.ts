import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { viteConfigFile } from '../../infra/local/frontendBuild';
import type { Benchmark, Figure } from './benchmarks';

/** One chunk of Vite's manifest (keys are source paths relative to frontend/, or `_name.js` for shared chunks). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The production build's JavaScript (gzip), from Vite's manifest:
 * - initial JS: what index.html loads before the first paint (the entry and its static imports);
 *   /login and /dashboard share it (the login form paints with it; the dashboard paints its skeleton);
 * - until usable: that plus what the page then loads in parallel — Amplify's auth for both, and
 *   for /dashboard its first page (the post wizard);
 * - the English texts (fetched before the first render, one language only), and all JS.
 * Built into a temporary folder, so a running twin's frontend/dist is left alone.
 */
export const frontendBenchmark: Benchmark = {
  name: 'frontend: initial JS (production build)',
  async run(): Promise<Figure[]> {
    const outDir = mkdtempSync(join(tmpdir(), 'oneclick-web-'));
    try {
      await build({ configFile: viteConfigFile, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      const gzipped = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;
      const closure = (keys: string[]) => {
        const files = new Set<string>();
        const visit = (key: string) => {
          const chunk = manifest[key];
          if (!chunk) throw new Error(`${key} is not in the build's manifest: the benchmark names a module that moved`);
          if (files.has(chunk.file)) return;
          files.add(chunk.file);
          for (const imported of chunk.imports ?? []) visit(imported);
        };
        keys.forEach(visit);
        return files;
      };
      const kib = (files: Set<string>) => Math.round([...files].reduce((total, file) => total + gzipped(file), 0) / 1024);

      const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
      const auth = 'src/features/auth/api/amplifyClient.ts';
      const dashboardPage = 'src/features/posts/wizard/NewPostWizard.tsx';
      const english = Object.keys(manifest).find((key) => /shared\/i18n\/en\.ts$/.test(key));
      const all = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
      return [
        { name: 'English texts, fetched before the first render (gzip)', value: english ? Math.round(gzipped(manifest[english]!.file) / 1024) : 0, unit: 'KiB' },
        { name: 'initial JS for /login (gzip)', value: kib(closure([entry])), unit: 'KiB' },
        { name: 'initial JS for /dashboard (gzip)', value: kib(closure([entry])), unit: 'KiB' },
        { name: '/login until Sign in works: + auth (gzip)', value: kib(closure([entry, auth])), unit: 'KiB' },
        { name: '/dashboard until its page shows: + auth + the wizard (gzip)', value: kib(closure([entry, auth, dashboardPage])), unit: 'KiB' },
        { name: 'all JS in the build (gzip)', value: Math.round(all.reduce((total, file) => total + gzipped(join('assets', file)), 0) / 1024), unit: 'KiB' },
      ];
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
