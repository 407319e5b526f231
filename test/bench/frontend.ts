import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildFrontend, distDir } from '../../infra/local/frontendBuild';
import type { Benchmark, Figure } from './benchmarks';

/**
 * The production build's initial JavaScript (gzip): what index.html loads before the app can
 * render /login or /dashboard — the entry script and the modules it preloads.
 */
export const frontendBenchmark: Benchmark = {
  name: 'frontend: initial JS (production build)',
  async run(): Promise<Figure[]> {
    await buildFrontend();
    const html = readFileSync(join(distDir, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const gzipped = initial.reduce((total, file) => total + gzipSync(readFileSync(join(distDir, file))).length, 0);
    const all = readdirSync(join(distDir, 'assets')).filter((file) => file.endsWith('.js'));
    const everything = all.reduce((total, file) => total + gzipSync(readFileSync(join(distDir, 'assets', file))).length, 0);
    // The language's texts are fetched before the first render too (one language, on demand).
    const english = all.find((file) => /^en-[\w-]+\.js$/.test(file));
    const texts = english ? gzipSync(readFileSync(join(distDir, 'assets', english))).length : 0;
    // Routes are not split yet: /login and /dashboard load the same initial bundle.
    return [
      { name: 'English texts, fetched before the first render (gzip)', value: Math.round(texts / 1024), unit: 'KiB' },
      { name: 'initial JS for /login (gzip)', value: Math.round(gzipped / 1024), unit: 'KiB' },
      { name: 'initial JS for /dashboard (gzip)', value: Math.round(gzipped / 1024), unit: 'KiB' },
      { name: 'all JS in the build (gzip)', value: Math.round(everything / 1024), unit: 'KiB' },
    ];
  },
};
