import { resolve } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { backgroundTasks, handlerGroups, publishingFunctions, scheduledJobs } from '../../functions/handlers/groups';
import { platforms } from '../../shared/platforms';

const projectRoot = resolve(import.meta.dirname, '../..');

/**
 * As the stack bundles a Lambda (infra/constructs/function.ts): ESM for node22, minified,
 * `module` before `main`, the AWS SDK bundled too. The stack also writes a source map beside it,
 * which is not counted here.
 */
const asTheStackBundles = {
  absWorkingDir: projectRoot,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
  metafile: true as const,
  logLevel: 'error',
} satisfies BuildOptions;

/** Every Lambda function the stack deploys, by name: its entry file. */
export function lambdaEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [name, group] of Object.entries(handlerGroups)) entries[name] = group.entry;
  for (const [name, job] of Object.entries(scheduledJobs)) entries[name] = job.entry;
  for (const platform of platforms) entries[`publish-${platform}`] = publishingFunctions.publishStep.entry(platform);
  entries['finalizePost'] = publishingFunctions.finalizePost.entry;
  for (const [name, task] of Object.entries(backgroundTasks)) entries[name] = task.entry;
  return entries;
}

/**
 * The minified size of each function's bundle, and its three largest sources, from one esbuild
 * run in memory: one build of every entry (no code splitting, so each output is the bundle a
 * build of that entry alone makes, byte for byte) parses the modules they share once, which
 * takes ~3 s where one build per function took ~22 s on 2 busy cores.
 */
export async function lambdaBundleSizes(entries: Record<string, string>): Promise<Map<string, { bytes: number; largestSources: Array<[string, number]> }>> {
  const result = await build({
    ...asTheStackBundles,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, resolve(projectRoot, entry)])),
    outdir: resolve(projectRoot, '.bundle-check'),
    write: false,
  });
  const sizes = new Map<string, { bytes: number; largestSources: Array<[string, number]> }>();
  for (const [name, entry] of Object.entries(entries)) {
    const found = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === entry);
    if (!found) throw new Error(`esbuild made no bundle for ${name} (${entry})`);
    const [path, output] = found;
    sizes.set(name, { bytes: output.bytes, largestSources: bytesBySource({ inputs: result.metafile.inputs, outputs: { [path]: output } }).slice(0, 3) });
  }
  return sizes;
}

/**
 * Bundles one Lambda entry as the stack does, for the publish bundles' test and
 * `npm run bench -- lambda`. With `outfile` it writes the bundle; else it keeps it in memory.
 */
export async function bundleLambda(entry: string, outfile?: string): Promise<{ bytes: number; metafile: Metafile }> {
  const result = await build({
    ...asTheStackBundles,
    entryPoints: [resolve(projectRoot, entry)],
    ...(outfile ? { outfile } : { outdir: resolve(projectRoot, '.bundle-check'), write: false }),
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
