import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenLinks, headingAnchors, markdownFilesUnder, relativeLinks } from '../../support/markdownLinks';

const root = path.resolve(import.meta.dirname, '../../..');
const documents = ['README.md', ...markdownFilesUnder(root, 'docs')];

describe('the README and docs/', () => {
  it('have no broken relative link or anchor', () => {
    expect(brokenLinks(root, documents)).toEqual([]);
  });

  it('docs/README.md links every document under docs/', () => {
    const index = readFileSync(path.join(root, 'docs/README.md'), 'utf8');
    const linked = new Set(relativeLinks(index).map(({ target }) => path.posix.join('docs', target.split('#')[0]!)));
    const unlisted = markdownFilesUnder(root, 'docs').filter((file) => file !== 'docs/README.md' && !linked.has(file));
    expect(unlisted, 'documents missing from the index in docs/README.md').toEqual([]);
  });

  it('keeps the README to at most 250 lines, a five-minute read', () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(250);
  });
});

describe('the link checker', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'oneclick-links-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('names a missing file, a missing anchor and an anchor on a folder, and passes good links', () => {
    mkdirSync(path.join(folder, 'docs'));
    writeFileSync(path.join(folder, 'docs/target.md'), '# Target\n\n## The API: routes, limits (issue 19)\n\n## Notes\n\n## Notes\n');
    writeFileSync(
      path.join(folder, 'README.md'),
      [
        '# Top',
        '[good](docs/target.md#the-api-routes-limits-issue-19) [again](docs/target.md#notes-1) [self](#top) [folder](docs/)',
        '[gone](docs/missing.md) [no anchor](docs/target.md#nowhere) [folder anchor](docs/#x) [web](https://example.com/x.md)',
        '`[in code](docs/missing.md)`',
        '```',
        '[in a fence](docs/missing.md)',
        '```',
      ].join('\n'),
    );

    expect(brokenLinks(folder, ['README.md'])).toEqual([
      'README.md: [gone](docs/missing.md) points to docs/missing.md, which does not exist',
      'README.md: [no anchor](docs/target.md#nowhere): docs/target.md has no heading whose anchor is #nowhere',
      'README.md: [folder anchor](docs/#x) has an anchor, but docs is not a markdown file',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    const anchors = headingAnchors(
      ['# Import boundaries (`npm run lint`)', '### YouTube — `functions/platforms/youtube/metrics.ts`', "## Where a user's data lives; export", '## Notes', '## Notes'].join('\n'),
    );
    expect([...anchors]).toEqual([
      'import-boundaries-npm-run-lint',
      'youtube--functionsplatformsyoutubemetricsts',
      'where-a-users-data-lives-export',
      'notes',
      'notes-1',
    ]);
  });
});
