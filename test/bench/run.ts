/**
 * `npm run bench`: runs every registered benchmark, each in its own process, prints its figures
 * as a table and writes them to .bench/results.json (one object per benchmark: name, figures with
 * units, machine). `npm run bench -- <word>…` runs those whose name has a word starting so; a
 * word that matches none lists the benchmarks.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import '../../infra/local/quietSdk';
import type { Figure } from './benchmarks';
import { loadBenchmarks } from './registry';

const resultsFile = '.bench/results.json';

const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
};

// `npm run bench -- load scheduling`: only the benchmarks whose name has a word starting with one of these.
const only = process.argv.slice(2).map((word) => word.toLowerCase());
const benchmarks = await loadBenchmarks();
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const matches = (name: string, word: string) => new RegExp(`\\b${escape(word)}`).test(name.toLowerCase());
const unmatched = only.filter((word) => !benchmarks.some((benchmark) => matches(benchmark.name, word)));
if (unmatched.length) {
  process.stderr.write(`No benchmark matches ${unmatched.map((word) => `"${word}"`).join(', ')}. The benchmarks are:\n`);
  for (const benchmark of benchmarks) process.stderr.write(`  ${benchmark.name}\n`);
  process.stderr.write('Run one with `npm run bench -- <a word of its name>` (e.g. `npm run bench -- scheduling`), or all with `npm run bench`.\n');
  process.exit(1);
}
const selected = benchmarks.filter((benchmark) => !only.length || only.some((word) => matches(benchmark.name, word)));

/**
 * Each benchmark runs in a process of its own (runOne.ts), which owns the stand-ins it starts:
 * one benchmark's stopped twin can never be what the next one's handlers talk to.
 */
async function runInOwnProcess(name: string): Promise<Figure[]> {
  const resultFile = join(mkdtempSync(join(tmpdir(), 'oneclick-bench-')), 'figures.json');
  const child = spawn(process.execPath, [...process.execArgv, resolve(import.meta.dirname, 'runOne.ts'), name, resultFile], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolveExit) => child.on('exit', (exitCode) => resolveExit(exitCode)));
  if (code !== 0 || !existsSync(resultFile)) throw new Error(`The benchmark "${name}" failed (exit code ${code}); its output is above.`);
  const figures = JSON.parse(readFileSync(resultFile, 'utf8')) as Figure[];
  rmSync(dirname(resultFile), { recursive: true, force: true });
  return figures;
}

const results: Array<{ name: string; figures: Figure[]; machine: typeof machine }> = [];
const failures: string[] = [];
for (const benchmark of selected) {
  process.stdout.write(`running: ${benchmark.name}…\n`);
  try {
    results.push({ name: benchmark.name, figures: await runInOwnProcess(benchmark.name), machine });
  } catch (error) {
    failures.push((error as Error).message);
    process.stderr.write(`${(error as Error).message}\n`);
  }
}

// A partial run replaces its own benchmarks' figures and keeps the others'.
mkdirSync('.bench', { recursive: true });
const earlier = (only.length && existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as typeof results) : []).filter(
  (result) => !results.some((fresh) => fresh.name === result.name),
);
writeFileSync(resultsFile, `${JSON.stringify([...earlier, ...results], null, 2)}\n`);

if (results.length > 0) {
  const rows = results.flatMap((result) =>
    result.figures.map((figure) => [result.name, figure.name, `${figure.value} ${figure.unit}`]),
  );
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length), 9));
  for (const row of [['benchmark', 'figure', 'value'], ...rows]) {
    process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}\n`);
  }
}
if (failures.length) {
  process.stderr.write(`${failures.length} benchmark(s) failed:\n${failures.map((failure) => `  ${failure}`).join('\n')}\n`);
  process.exit(1);
}
