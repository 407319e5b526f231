import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Each file's seconds in a measured run (`npm run test:durations` keeps it current). */
export const durationsPath = 'test/setup/fileDurations.json';
/** A file the list does not know yet (a new one) is expected to take about this long. */
const UNKNOWN_SECONDS = 30;

function measured(root: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(`${root}/${durationsPath}`, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Longest files first, from a measured run, within each project group. A fresh clone has no
 * vitest cache, so vitest's own order is by file size: a small file that takes minutes (the
 * hostile-input fuzzer, the chaos subset, the twin restarts) then starts last and the run waits
 * on it alone. With the longest first, the short ones fill the workers at the end.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = measured(this.ctx.config.root);
    const secondsOf = (spec: TestSpecification) => seconds[`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`] ?? UNKNOWN_SECONDS;
    const groupOf = (spec: TestSpecification) => `${spec.project.config.sequence.groupOrder}`;
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    // Groups keep vitest's order (the base sort puts them first); within a group, longest first.
    return [...sorted].sort((a, b) => {
      if (groupOf(a) !== groupOf(b)) return position.get(a)! - position.get(b)!;
      return secondsOf(b) - secondsOf(a) || position.get(a)! - position.get(b)!;
    });
  }
}
