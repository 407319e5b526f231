import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platforms } from '../../../shared/platforms';

/**
 * The sandbox mirrors the platform shape: each platform's part lives in its own folder
 * (infra/local/sandbox/<platform>/), registry.ts plugs each in by one line, and the generic files
 * beside them name no platform — in code or in comments — so adding a platform touches none of them.
 */

const folder = join(__dirname, '../../../infra/local/sandbox');
const genericFiles = readdirSync(folder, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'registry.ts')
  .map((entry) => entry.name);

/** Where a text names the platform: its id as a word (for the one-letter id: quoted, as a path, or the capital letter alone). */
function mentions(text: string, platform: string): string[] {
  const pattern = platform.length > 1 ? new RegExp(`\\b${platform}\\b`, 'i') : new RegExp(`['"/]${platform}['"/]|\\b${platform.toUpperCase()}\\b`);
  return text.split('\n').filter((line) => pattern.test(line));
}

describe('the sandbox folder', () => {
  it('has a folder per platform with its entry point, and generic files', () => {
    expect(genericFiles).toContain('sandbox.ts');
    for (const platform of platforms) {
      const files = readdirSync(join(folder, platform));
      expect(files, platform).toContain('index.ts');
    }
  });

  it('names no platform outside the platform folders and the registry', () => {
    const named = genericFiles.flatMap((file) => {
      const text = readFileSync(join(folder, file), 'utf8');
      return platforms.flatMap((platform) => mentions(text, platform).map((line) => `${file} names ${platform}: ${line.trim()}`));
    });
    expect(named).toEqual([]);
  });

  it('keeps each platform to its own folder and the generic files: no platform imports another', () => {
    const crossings = platforms.flatMap((platform) =>
      readdirSync(join(folder, platform))
        .filter((file) => file.endsWith('.ts'))
        .flatMap((file) => {
          const imports = [...readFileSync(join(folder, platform, file), 'utf8').matchAll(/from '\.\.\/([^/']+)\//g)].map((match) => match[1]!);
          return imports.filter((target) => target !== platform && (platforms as readonly string[]).includes(target)).map((target) => `${platform}/${file} imports ${target}/`);
        }),
    );
    expect(crossings).toEqual([]);
  });

  it('plugs every platform in through the registry, one line each', () => {
    const registry = readFileSync(join(folder, 'registry.ts'), 'utf8');
    for (const platform of platforms) expect(registry, platform).toContain(`from './${platform}'`);
  });
});
