/**
 * Runs one benchmark in this process, which owns every stand-in it starts (its own twin,
 * emulators and sandbox on their own ports; the handlers' SDK clients are made for them), and
 * writes its figures as JSON to the file named by the second argument. Started by run.ts.
 */
import { writeFileSync } from 'node:fs';
import '../../infra/local/quietSdk';
import { loadBenchmarks } from './registry';

const [name, resultFile] = process.argv.slice(2);
const benchmark = (await loadBenchmarks()).find((candidate) => candidate.name === name);
if (!benchmark || !resultFile) {
  process.stderr.write(`No benchmark named ${JSON.stringify(name)}\n`);
  process.exit(2);
}
const figures = await benchmark.run();
writeFileSync(resultFile, JSON.stringify(figures));
// Whatever a benchmark left behind (a timer, a socket) dies with its process.
process.exit(0);
