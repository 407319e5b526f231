// ESLint: typescript-eslint's recommended rules, React's hook rules for the front end, and the
// import boundaries of issue 18. Import cycles (type-only ones included) are madge's job: see
// `npm run lint` and docs/decisions.md, "Import boundaries and cycles checked in npm test".
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);
const foldersIn = (...parts) =>
  readdirSync(at(...parts), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Every folder in features/ is one feature, every folder in functions/platforms/ one platform
// (generic platform code lives in files beside them): a new one is covered without an edit here.
// The exceptions are named: a library one network's platforms share (LinkedIn's REST calls, for
// the member's and the Pages' modules) is no platform; platforms may import it, it imports none.
const features = foldersIn('frontend/src/features');
const platformLibraries = ['linkedinRest'];
const platforms = foldersIn('functions/platforms').filter((folder) => !platformLibraries.includes(folder));

/** Where each folder may import from; a zone forbids `from` inside `target` (paths resolved by the TypeScript resolver). */
export const boundaryZones = [
  {
    target: at('frontend'),
    from: [at('!(frontend|shared|node_modules)/**'), at('*.*')],
    message: 'The front end imports only shared/ outside frontend/.',
  },
  {
    target: at('shared'),
    from: [at('!(shared|node_modules)/**'), at('*.*')],
    message: 'shared/ is imported by the front end and the back end; it imports neither.',
  },
  {
    target: at('functions'),
    from: [at('infra'), at('frontend')],
    message: 'functions/ never imports infra/ (topology stays in infra) or the front end.',
  },
  {
    target: at('functions/services'),
    from: [at('functions/handlers'), at('functions/http')],
    message: 'Services never import handlers: the composition root wires handlers to services.',
  },
  ...platforms.map((platform) => ({
    target: at('functions/platforms', platform),
    from: [at(`functions/platforms/!(${[platform, ...platformLibraries].join('|')})/**`)],
    message: `A platform never imports another platform (functions/platforms/${platform}/).`,
  })),
  ...platformLibraries.map((library) => ({
    target: at('functions/platforms', library),
    from: platforms.map((platform) => at('functions/platforms', platform)),
    message: `A library the platforms share imports no platform (functions/platforms/${library}/).`,
  })),
  {
    target: at('frontend/src/features'),
    from: [at('frontend/src/app'), at('frontend/src/main.tsx')],
    message: 'A feature does not import app/: what features share lives in lib/ or components/.',
  },
  {
    target: [at('frontend/src/components'), at('frontend/src/lib'), at('frontend/src/config'), at('frontend/src/i18n')],
    from: [at('frontend/src/features'), at('frontend/src/app')],
    message: 'components/, lib/, config/ and i18n/ are below the features and app/: they import neither.',
  },
  ...features.map((feature) => ({
    target: at('frontend/src/features', feature),
    from: [at(`frontend/src/features/!(${feature})/**`)],
    except: [at('frontend/src/features/*/index.{ts,tsx}')],
    message: `frontend/src/features/${feature}/ uses another feature only through that feature's index.ts.`,
  })),
];

export default defineConfig(
  // What .gitignore lists (built or generated files), and declaration files.
  { ignores: ['node_modules/', 'cdk.out/', 'frontend/dist/', '.data/', '.bench/', '.test-data/', '.bench-bundles-*/', 'screenshots/', '**/*.d.ts'] },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: at('tsconfig.json') })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    rules: {
      // Leaving a key out by rest destructuring (`const { omitted: _omitted, ...rest } = row`) is the idiom here.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    ignores: ['shared/zod.ts'],
    rules: {
      // `{ z } from 'zod'` keeps every locale in each Lambda bundle (443 KiB); shared/zod.ts re-exports by name.
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import zod through shared/zod.ts (`import * as z from '…/shared/zod'`): the whole `z` object puts every locale into each Lambda." }] }],
    },
  },
  {
    files: ['test/e2e/**/*.ts'],
    rules: {
      // The app draws after its requests, lazy modules and debounced counters: asserting at once races it (a CI run failed on one).
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='toBe'][arguments.0.value=true][callee.object.callee.name='expect'] > MemberExpression > CallExpression > AwaitExpression > CallExpression[callee.property.name='isVisible']",
          message: 'expect(await x.isVisible()).toBe(true) does not wait for the page: use `await shown(x)` from test/support/browser.',
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    rules: {
      // Flags effects that start a sync with an outside system (a fetch, Amplify's Hub, the router's location) by first setting a loading or closed state, which this code does on purpose.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
);
