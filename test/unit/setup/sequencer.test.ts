import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import LongestFirstSequencer, { durationsPath } from '../../setup/sequencer';

/** A spec as the sequencer reads it: its project (name, group) and file. */
const spec = (root: string, project: string, groupOrder: number, file: string) =>
  ({ project: { name: project, config: { sequence: { groupOrder }, isolate: true } }, moduleId: join(root, file) }) as unknown as TestSpecification;

function sequencerIn(durations: Record<string, number>) {
  const root = mkdtempSync(join(tmpdir(), 'sequencer-'));
  mkdirSync(join(root, 'test/setup'), { recursive: true });
  writeFileSync(join(root, durationsPath), JSON.stringify(durations));
  const ctx = { config: { root }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } };
  return { root, sequencer: new LongestFirstSequencer(ctx as never) };
}

describe('the longest-first sequencer', () => {
  it('runs the longest measured files of a group first, a file it does not know as a middling one, and keeps the groups in order', async () => {
    const { root, sequencer } = sequencerIn({ 'system:a.test.ts': 5, 'system:b.test.ts': 200, 'system:c.test.ts': 60, 'unit:u.test.ts': 1, 'system-serial:s.test.ts': 90 });
    const files = [
      spec(root, 'system-serial', 2, 's.test.ts'),
      spec(root, 'system', 1, 'a.test.ts'),
      spec(root, 'system', 1, 'new.test.ts'),
      spec(root, 'system', 1, 'b.test.ts'),
      spec(root, 'unit', 0, 'u.test.ts'),
      spec(root, 'system', 1, 'c.test.ts'),
    ];

    const order = (await sequencer.sort(files)).map((file) => `${file.project.name}:${file.moduleId.slice(root.length + 1)}`);

    expect(order).toEqual(['unit:u.test.ts', 'system:b.test.ts', 'system:c.test.ts', 'system:new.test.ts', 'system:a.test.ts', 'system-serial:s.test.ts']);
  });

  it('keeps vitest’s own order without a measured run', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sequencer-'));
    const sequencer = new LongestFirstSequencer({ config: { root }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } } as never);
    const files = [spec(root, 'system', 1, 'x.test.ts'), spec(root, 'system', 1, 'y.test.ts')];

    expect((await sequencer.sort(files)).map((file) => file.moduleId.slice(root.length + 1))).toEqual(['x.test.ts', 'y.test.ts']);
  });
});
