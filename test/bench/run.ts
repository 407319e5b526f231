/**
 * `npm run bench`: runs every registered benchmark, prints its figures as a table and writes
 * them to .bench/results.json (one object per benchmark: name, figures with units, machine).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import '../../infra/local/quietSdk';
import { loadBenchmarks } from './benchmarks';

const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
};

const results = [];
for (const benchmark of await loadBenchmarks()) {
  process.stdout.write(`running: ${benchmark.name}…\n`);
  const figures = await benchmark.run();
  results.push({ name: benchmark.name, figures, machine });
}

mkdirSync('.bench', { recursive: true });
writeFileSync('.bench/results.json', `${JSON.stringify(results, null, 2)}\n`);

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
