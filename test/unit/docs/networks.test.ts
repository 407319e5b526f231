import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { capabilities, platforms } from '../../../shared/platforms';

const root = path.resolve(import.meta.dirname, '../../..');

/** The rows of the README's table under "## Networks": network, verified against, contract page. */
function networkRows(readme: string): string[][] {
  const section = readme.split(/^## Networks$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| network ') && !line.startsWith('|---'))
    .map((line) => line.slice(1, -1).split('|').map((cell) => cell.trim()));
}

const verifiedWords = { sandbox: 'the sandbox only', live: 'the network itself' } as const;

describe("the README's Networks table", () => {
  it('lists every platform in the platform data, in its order, with what it was verified against and its contract page', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const expected = platforms.map((platform) => [
      capabilities[platform].name,
      verifiedWords[capabilities[platform].verifiedAgainst],
      `[docs/platforms/${platform}.md](docs/platforms/${platform}.md)`,
    ]);
    expect(networkRows(readme)).toEqual(expected);
  });

  it('reads the rows of the section and nothing after it', () => {
    const readme = ['# X', '## Networks', '', '| network | verified against | contract |', '|---|---|---|', '| A | the sandbox only | [a](a.md) |', '', '## Next', '| B | c | d |'].join('\n');
    expect(networkRows(readme)).toEqual([['A', 'the sandbox only', '[a](a.md)']]);
  });
});
