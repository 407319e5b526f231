import { resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';

const projectRoot = resolve(import.meta.dirname, '../..');

/**
 * Bundles one Lambda entry as the stack does (infra/constructs/function.ts: ESM for node22,
 * minified, `module` before `main`, the AWS SDK bundled too), for the bundle
 * test and `npm run bench -- lambda`. With `outfile` it writes the bundle; else it keeps it in memory.
 */
export async function bundleLambda(entry: string, outfile?: string): Promise<{ bytes: number; metafile: Metafile }> {
  const result = await build({
    entryPoints: [resolve(projectRoot, entry)],
    absWorkingDir: projectRoot,
    ...(outfile ? { outfile } : { outdir: resolve(projectRoot, '.bundle-check'), write: false }),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: true,
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    metafile: true,
    logLevel: 'error',
  });
  const bytes = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('.js') || path.endsWith('.mjs'))![1].bytes;
  return { bytes, metafile: result.metafile };
}

/** The input files of a bundle, relative to the project root (node_modules/… for packages). */
export const bundledFiles = (metafile: Metafile): string[] => Object.keys(metafile.inputs);

/** Bytes of the bundle by where they come from: a package (node_modules/<name>) or a source folder. */
export function bytesBySource(metafile: Metafile): Array<[string, number]> {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const parts = input.split('/');
      const source = parts[0] === 'node_modules' ? parts.slice(0, parts[1]!.startsWith('@') ? 3 : 2).join('/') : parts.slice(0, -1).join('/');
      totals.set(source, (totals.get(source) ?? 0) + bytesInOutput);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}
