import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { initialJsBudgets } from '../../budgets';

/**
 * The JavaScript /login and /dashboard make the browser download before they render stays within
 * its budget (test/budgets.ts). It reads the production build the twin serves (built by the
 * global setup when the sources changed; never built here), as the browser gets it: the page's
 * HTML, then every module script it runs and every chunk it preloads (Vite lists the entry's
 * static imports as modulepreload links), each gzip-compressed.
 */
const twin = inject('twin');

/** The script files a page's HTML loads before the page can render: module scripts and preloaded modules. */
function initialScripts(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const scripts: string[] = [];
  for (const tag of tags) {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    if (tag.startsWith('<script') && attribute('type') === 'module' && attribute('src')) scripts.push(attribute('src')!);
    if (tag.startsWith('<link') && attribute('rel') === 'modulepreload' && attribute('href')) scripts.push(attribute('href')!);
  }
  return scripts;
}

async function download(path: string): Promise<Buffer> {
  const response = await fetch(new URL(path, twin.webUrl));
  expect(response.status, `GET ${path}`).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('initial JS budgets', () => {
  for (const [page, budget] of Object.entries(initialJsBudgets)) {
    it(`${page} downloads at most ${budget.kib} KiB of JS (gzip) before it renders`, async () => {
      const scripts = initialScripts((await download(page)).toString('utf8'));
      expect(scripts.length, `${page}'s HTML names no module script: the build's index.html changed shape`).toBeGreaterThan(0);
      const sizes = await Promise.all(scripts.map(async (script) => ({ script, gzip: gzipSync(await download(script)).length })));
      const kib = Math.round((sizes.reduce((total, { gzip }) => total + gzip, 0) / 1024) * 10) / 10;
      const largest = [...sizes].sort((a, b) => b.gzip - a.gzip).slice(0, 3).map(({ script, gzip }) => `${script} ${Math.round(gzip / 1024)} KiB`).join(', ');
      expect(
        kib,
        `${page} makes the browser download ${kib} KiB of JS (gzip, ${scripts.length} files) before it renders, ${Math.round((kib - budget.kib) * 10) / 10} KiB over its budget of ${budget.kib} KiB (test/budgets.ts: ${budget.why}). Its largest files: ${largest}.`,
      ).toBeLessThanOrEqual(budget.kib);
    });
  }
});
