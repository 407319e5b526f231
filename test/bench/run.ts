/**
 * `npm run bench`: runs every registered benchmark, prints its figures as a table and writes
 * them to .bench/results.json (one object per benchmark: name, figures with units, machine).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import '../../infra/local/quietSdk';
import { loadBenchmarks, type Figure } from './benchmarks';

const resultsFile = '.bench/results.json';

const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
};

// `npm run bench -- load scheduling`: only the benchmarks whose name contains one of the words.
const only = process.argv.slice(2).map((word) => word.toLowerCase());
const selected = (await loadBenchmarks()).filter((benchmark) => !only.length || only.some((word) => new RegExp(`\\b${word}`).test(benchmark.name.toLowerCase())));

const results: Array<{ name: string; figures: Figure[]; machine: typeof machine }> = [];
for (const benchmark of selected) {
  process.stdout.write(`running: ${benchmark.name}…\n`);
  const figures = await benchmark.run();
  results.push({ name: benchmark.name, figures, machine });
}

// A partial run replaces its own benchmarks' figures and keeps the others'.
mkdirSync('.bench', { recursive: true });
const earlier = (only.length && existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as typeof results) : []).filter(
  (result) => !results.some((fresh) => fresh.name === result.name),
);
writeFileSync(resultsFile, `${JSON.stringify([...earlier, ...results], null, 2)}\n`);

if (results.length === 0) {
  process.stdout.write('No benchmarks are registered yet; .bench/results.json holds an empty list.\n');
} else {
  const rows = results.flatMap((result) =>
    result.figures.map((figure) => [result.name, figure.name, `${figure.value} ${figure.unit}`]),
  );
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length), 9));
  for (const row of [['benchmark', 'figure', 'value'], ...rows]) {
    process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}\n`);
  }
}
