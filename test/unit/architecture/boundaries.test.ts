import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import madge from 'madge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The boundary rules bite: each forbidden import below is reported by `npm run lint`'s own
// config (eslint.config.js, .madgerc), and the allowed ones are not. The files named as
// importers need not exist; the imported ones are real, so the TypeScript resolver finds them.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root, cache: false });

async function boundaryMessages(importer: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, importer) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

// Loading the config, its plugins and the TypeScript parser takes seconds on a loaded machine:
// done once here, with room, so each case below only lints a line.
const loadTimeout = 120_000;

describe('import boundaries (ESLint, import-x/no-restricted-paths)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await eslint.lintText('export {};', { filePath: path.join(root, 'frontend/src/lib/probe.ts') });
  }, loadTimeout);

  const forbidden: Array<[string, string, string, RegExp]> = [
    ['the front end imports functions/', 'frontend/src/lib/probe.ts', "import { systemClock } from '../../../functions/clock';", /imports only shared/],
    ['shared/ imports functions/', 'shared/probe.ts', "import { systemClock } from '../functions/clock';", /imports neither/],
    ['functions/ imports infra/', 'functions/probe.ts', "import type { StackProps } from '../infra/stack';", /never imports infra/],
    ['a service imports a handler', 'functions/services/probe.ts', "import * as groups from '../handlers/groups';", /Services never import handlers/],
    ['a platform imports another', 'functions/platforms/x/probe.ts', "import * as youtube from '../youtube/adapter';", /never imports another platform/],
    ['a feature imports app/', 'frontend/src/features/posts/probe.ts', "import { ApiProvider } from '../../app/ApiProvider';", /does not import app/],
    ['a feature imports another feature’s internals', 'frontend/src/features/posts/probe.ts', "import { useMe } from '../auth/api/useMe';", /only through that feature's index\.ts/],
    ['a feature loads another feature’s internals lazily', 'frontend/src/features/posts/probe.ts', "export const page = () => import('../settings/SettingsPage');", /only through that feature's index\.ts/],
    ['lib/ imports a feature', 'frontend/src/lib/probe.ts', "import { useMe } from '../features/auth';", /below the features/],
  ];
  it.each(forbidden)('reports: %s', async (_case, importer, code, message) => {
    const messages = await boundaryMessages(importer, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  const allowed: Array<[string, string, string]> = [
    ['the front end imports shared/', 'frontend/src/lib/probe.ts', "import { platformNames } from '../../../shared/platforms';"],
    ['a feature imports another through its index.ts', 'frontend/src/features/posts/probe.ts', "import { useMe } from '../auth';"],
    ['a feature imports its own files and lib/', 'frontend/src/features/auth/probe.ts', "import { useMe } from './api/useMe';\nimport { useApi } from '../../lib/useApi';"],
    ['app/ composes the features', 'frontend/src/app/probe.ts', "import { SettingsPage } from '../features/settings/SettingsPage';"],
  ];
  it.each(allowed)('allows: %s', async (_case, importer, code) => {
    expect(await boundaryMessages(importer, code)).toEqual([]);
  });
});

describe('import cycles (madge, type-only imports included)', { timeout: loadTimeout }, () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'oneclick-cycles-'));
    writeFileSync(path.join(folder, 'store.ts'), "import type { State } from './service';\nexport const states: State[] = [];\n");
    writeFileSync(path.join(folder, 'service.ts'), "import { states } from './store';\nexport interface State { id: string }\nexport const count = () => states.length;\n");
    writeFileSync(path.join(folder, 'leaf.ts'), "import { count } from './service';\nexport const twice = () => 2 * count();\n");
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('finds a cycle that one side closes with `import type`', async () => {
    const config = JSON.parse(readFileSync(path.join(root, '.madgerc'), 'utf8')) as Record<string, unknown>;
    const result = await madge(folder, { ...config, tsConfig: path.join(root, 'tsconfig.json'), baseDir: folder });
    expect(result.circular()).toEqual([['service.ts', 'store.ts']]);
  });
});
