import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedSystemFiles } from '../../setup/systemFiles';

/** What makes a system file need a module registry of its own (test/setup/systemFiles.ts). */
const needsIsolation = [
  { what: 'starts a twin in the worker', pattern: /\b(startTwin|restartableTwin)\(/ },
  { what: 'sets a process variable', pattern: /process\.env\[[^\]]+\]\s*=(?!=)|Object\.assign\(process\.env/ },
];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('system files without isolation', () => {
  const files = [...testFiles('test/integration'), ...testFiles('test/e2e')];

  it('lists every system file that starts a twin or sets a variable among the isolated ones', () => {
    const needing = files.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return needsIsolation.filter(({ pattern }) => pattern.test(source)).map(({ what }) => `${file} (${what})`);
    });
    const unlisted = needing.filter((entry) => !isolatedSystemFiles.some((file) => entry.startsWith(`${file} `)));
    expect(unlisted, 'add these to isolatedSystemFiles in test/setup/systemFiles.ts').toEqual([]);
  });

  it('lists only files that exist', () => {
    expect(isolatedSystemFiles.filter((file) => !files.includes(file))).toEqual([]);
  });
});
