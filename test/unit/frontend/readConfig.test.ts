import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moduleIds } from '../../../shared/api/modules';
import { webConfigSchema } from '../../../shared/api/webConfig';
import { readConfig } from '../../../frontend/src/config/readConfig';

/** The front end reads config.json without zod; it must accept and return exactly what the schema does. */
const valid = {
  environment: 'local',
  region: 'eu-central-1',
  apiUrl: '/api',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  cognitoEndpoint: 'http://127.0.0.1:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
  modules: { autotoon: 'https://toon.example.com/embed', podcast: 'http://127.0.0.1:4000/app?x=1' },
};

function agree(value: unknown): void {
  const parsed = webConfigSchema.safeParse(value);
  if (parsed.success) expect(readConfig(value)).toEqual(parsed.data);
  else expect(() => readConfig(value), JSON.stringify(value)).toThrow(/^config\.json: /);
}

describe('readConfig', () => {
  it('returns what the schema returns for a full and a minimal config, and drops unknown top-level fields', () => {
    expect(readConfig(valid)).toEqual(webConfigSchema.parse(valid));
    const { cognitoEndpoint: _endpoint, modules: _modules, ...minimal } = valid;
    expect(readConfig({ ...minimal, environment: 'aws', authFlowType: 'USER_SRP_AUTH', apiUrl: 'https://api.example.com' })).toEqual(
      webConfigSchema.parse({ ...minimal, environment: 'aws', authFlowType: 'USER_SRP_AUTH', apiUrl: 'https://api.example.com' }),
    );
    expect(readConfig({ ...valid, extra: 1 })).not.toHaveProperty('extra');
  });

  it('names each field that is wrong', () => {
    expect(() => readConfig({ ...valid, region: '', authFlowType: 'PLAIN', modules: { autotoon: 'javascript:alert(1)', spreadsheet: 'https://x.example.com' } })).toThrow(
      'config.json: region: must be non-empty text; authFlowType: must be one of USER_SRP_AUTH, USER_PASSWORD_AUTH; modules.autotoon: A module URL must be an http(s) URL.; modules: unknown module spreadsheet',
    );
    expect(() => readConfig(null)).toThrow('config.json: must be an object with fields');
    expect(() => readConfig({ ...valid, apiUrl: 'ftp://x' })).toThrow('apiUrl: must be a path or an http(s) URL');
  });

  it('knows every module the schema knows', () => {
    for (const module of moduleIds) agree({ ...valid, modules: { [module]: 'https://m.example.com/' } });
  });

  it('agrees with the schema on hand-picked edge cases', () => {
    const cases: unknown[] = [
      'text',
      [],
      {},
      { ...valid, modules: null },
      { ...valid, modules: [] },
      { ...valid, modules: {} },
      { ...valid, modules: { autotoon: ' https://toon.example.com/embed ' } },
      { ...valid, modules: { autotoon: 'https:toon.example.com' } },
      { ...valid, modules: { autotoon: 'HTTPS://toon.example.com' } },
      { ...valid, modules: { autotoon: 'ftp://toon.example.com' } },
      { ...valid, modules: { autotoon: 'https://toon.exa\tmple.com' } },
      { ...valid, modules: { autotoon: 42 } },
      { ...valid, cognitoEndpoint: 'not a url' },
      { ...valid, cognitoEndpoint: 'mailto:someone@example.com' },
      { ...valid, cognitoEndpoint: ' http://127.0.0.1:9229 ' },
      { ...valid, cognitoEndpoint: null },
      { ...valid, apiUrl: '' },
      { ...valid, apiUrl: 'api' },
      { ...valid, apiUrl: 'http://x' },
      { ...valid, environment: 'prod' },
      { ...valid, userPoolId: 5 },
      { ...valid, userPoolClientId: undefined },
    ];
    for (const value of cases) agree(value);
  });

  it('agrees with the schema on generated configs', () => {
    const text = fc.oneof(fc.constantFrom('', '/api', 'https://a.example.com', 'http://127.0.0.1:1', 'ftp://x', ' https://b.example.com ', 'a b', 'javascript:alert(1)', 'https:no-slashes'), fc.string());
    const field = fc.oneof(text, fc.constant(undefined), fc.constant(null), fc.integer(), fc.boolean());
    const config = fc.record(
      {
        environment: fc.oneof(fc.constantFrom('aws', 'local', 'other'), field),
        region: field,
        apiUrl: field,
        userPoolId: field,
        userPoolClientId: field,
        cognitoEndpoint: field,
        authFlowType: fc.oneof(fc.constantFrom('USER_SRP_AUTH', 'USER_PASSWORD_AUTH'), field),
        modules: fc.oneof(fc.dictionary(fc.constantFrom(...moduleIds, 'other'), field), field),
      },
      { requiredKeys: [] },
    );
    fc.assert(fc.property(config, (value) => agree(value)), { numRuns: 500 });
  });
});
