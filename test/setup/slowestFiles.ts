import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Where the last run's list is kept for .ci/run to print as its closing lines. */
export const slowestFilesPath = 'node_modules/.cache/oneclick/slowest-files.txt';
/**
 * Every file's cost ("<project>:<path>": seconds), slowest first: where to look when the suite's
 * time has to come down, and what `npm run test:durations` copies for the sequencer
 * (test/setup/sequencer.ts).
 */
export const fileDurationsPath = 'node_modules/.cache/oneclick/file-durations.json';
const SHOWN = 15;

/** A file's own cost: collecting it (imports) plus its tests and hooks. */
function secondsOf(module: TestModule): number {
  const diagnostic = module.diagnostic();
  return (diagnostic.collectDuration + diagnostic.duration) / 1000;
}

/** The slowest test files as lines: seconds, project, path. */
export function slowestFiles(modules: ReadonlyArray<TestModule>, root: string, shown = SHOWN): string[] {
  return [...modules]
    .sort((a, b) => secondsOf(b) - secondsOf(a))
    .slice(0, shown)
    .map((module) => `${secondsOf(module).toFixed(1).padStart(7)} s  ${module.project.name.padEnd(7)} ${relative(root, module.moduleId)}`);
}

/**
 * Prints the 15 slowest test files after vitest's summary (every `npm test`), and keeps them in
 * node_modules/.cache for .ci/run, which prints them again as its last lines.
 */
export default class SlowestFilesReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length === 0) return;
    const lines = [`The ${Math.min(SHOWN, modules.length)} slowest test files (collect + tests):`, ...slowestFiles(modules, this.root)];
    process.stdout.write(`\n${lines.join('\n')}\n`);
    const path = `${this.root}/${slowestFilesPath}`;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${lines.join('\n')}\n`);
    const durations = [...modules].sort((a, b) => secondsOf(b) - secondsOf(a)).map((module) => [`${module.project.name}:${relative(this.root, module.moduleId)}`, Number(secondsOf(module).toFixed(1))]);
    writeFileSync(`${this.root}/${fileDurationsPath}`, `${JSON.stringify(Object.fromEntries(durations), null, 2)}\n`);
  }
}
